"""Conveyor-belt sushi bills."""
