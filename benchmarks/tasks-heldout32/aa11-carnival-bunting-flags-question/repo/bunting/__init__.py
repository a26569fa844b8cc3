"""Bunting plans for the village carnival."""
