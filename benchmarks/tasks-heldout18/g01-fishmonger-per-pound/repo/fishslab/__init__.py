"""Chalkboard prices for the fish counter."""
