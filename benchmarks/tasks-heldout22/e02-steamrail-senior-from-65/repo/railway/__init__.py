"""Fares and ticket office sums for the Wenlow Valley Railway."""
