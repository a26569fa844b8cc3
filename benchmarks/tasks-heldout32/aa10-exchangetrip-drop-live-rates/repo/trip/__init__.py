"""Spending money for the school exchange trip."""
