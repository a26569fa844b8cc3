"""Blending-room helpers for a small winery."""
