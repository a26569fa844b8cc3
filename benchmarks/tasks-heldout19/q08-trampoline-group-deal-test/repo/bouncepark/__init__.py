"""Tickets for the Springfield trampoline park."""
