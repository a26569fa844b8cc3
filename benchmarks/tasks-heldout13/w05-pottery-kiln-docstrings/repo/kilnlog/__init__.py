"""Kiln firing schedules."""
