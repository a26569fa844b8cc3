"""Tide helpers for rock-pooling trips."""
