"""Waiting lists for the skatepark bowl."""
