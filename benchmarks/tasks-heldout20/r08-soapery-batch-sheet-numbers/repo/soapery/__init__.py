"""Batch sheets for cold-process soap."""
