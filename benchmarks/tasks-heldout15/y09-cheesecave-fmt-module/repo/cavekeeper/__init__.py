"""Cheese cave stock: wheels, ages and prices."""
