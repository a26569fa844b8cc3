"""Termly fees for the youth circus school."""
