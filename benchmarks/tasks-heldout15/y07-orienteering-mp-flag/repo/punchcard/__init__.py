"""Orienteering event results from the timing kit's CSV download."""
