"""Invoices for home tutoring."""
