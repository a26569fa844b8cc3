"""Shoeing records and reminders for Hollin Forge."""
