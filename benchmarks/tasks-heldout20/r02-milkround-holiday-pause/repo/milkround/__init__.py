"""Milk round: standing orders and monthly bills."""
