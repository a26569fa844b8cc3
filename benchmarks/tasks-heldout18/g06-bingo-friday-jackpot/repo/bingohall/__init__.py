"""Riverside Bingo session settings."""
