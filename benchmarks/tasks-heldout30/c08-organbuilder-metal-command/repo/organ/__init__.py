"""Pipe records for the Marsden organ workshop."""
