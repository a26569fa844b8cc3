"""Harbour Bunks booking rules."""
