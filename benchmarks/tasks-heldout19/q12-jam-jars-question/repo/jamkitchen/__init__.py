"""Batch sums for the village jam kitchen."""
