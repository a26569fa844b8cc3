"""Surf school lessons: students, groups and wetsuit sizes."""
