"""Watering rota for the nursery glasshouse."""
