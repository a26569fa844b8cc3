"""Babysitting pay."""
