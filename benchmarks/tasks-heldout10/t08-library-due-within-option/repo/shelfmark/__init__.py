"""Loan desk tools for a small library."""
