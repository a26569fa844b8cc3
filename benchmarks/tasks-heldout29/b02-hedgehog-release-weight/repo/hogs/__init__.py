"""Intake and release lists for the Hollybank Hedgehog Rescue."""
