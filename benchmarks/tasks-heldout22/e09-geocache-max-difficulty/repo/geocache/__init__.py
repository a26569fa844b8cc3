"""The Tarnside geocaching group's cache list."""
