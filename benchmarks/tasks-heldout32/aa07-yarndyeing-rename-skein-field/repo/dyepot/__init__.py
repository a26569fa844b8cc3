"""Dye recipes and pot loads for hand-dyed yarn."""
