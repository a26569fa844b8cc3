"""Loans from the village tool shed."""
