"""Entries, fees and ring cards for the ferret show."""
