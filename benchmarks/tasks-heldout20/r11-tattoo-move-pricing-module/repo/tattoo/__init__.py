"""Quotes and deposits for the tattoo studio."""
