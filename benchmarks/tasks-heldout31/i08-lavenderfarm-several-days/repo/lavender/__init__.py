"""Pickers' pay at the lavender farm."""
