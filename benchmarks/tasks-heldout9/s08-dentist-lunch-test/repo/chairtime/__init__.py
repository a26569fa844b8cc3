"""Dental practice appointment slots."""
