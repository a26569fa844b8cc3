"""Rehearsal rooms above the music shop."""
