"""Pricing and tickets for an alterations tailor."""
