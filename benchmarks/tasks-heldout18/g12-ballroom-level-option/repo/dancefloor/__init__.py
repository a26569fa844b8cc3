"""Ballroom dance school timetable."""
