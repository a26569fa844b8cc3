"""Estimates for the Tessera tile shop counter."""
