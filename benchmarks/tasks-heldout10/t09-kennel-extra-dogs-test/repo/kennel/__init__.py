"""Billing for a boarding kennel."""
