"""Invoices and reminders for Fretwork Guitar School."""
