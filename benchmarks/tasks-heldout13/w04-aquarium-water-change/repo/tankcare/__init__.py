"""Freshwater aquarium helpers."""
