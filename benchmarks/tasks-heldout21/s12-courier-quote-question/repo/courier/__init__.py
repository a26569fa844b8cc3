"""Spokes bicycle courier co-op."""
