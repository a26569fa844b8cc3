"""Ticket prices for Whiskers & Wafers cat café."""
