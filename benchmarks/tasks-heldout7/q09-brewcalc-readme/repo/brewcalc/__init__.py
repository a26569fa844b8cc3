"""Pour-over coffee brewing calculator."""
from .pours import bloom_water, pour_schedule
from .ratio import coffee_for, strength_label, water_for
from .units import grams_to_oz, oz_to_grams

__all__ = ["water_for", "coffee_for", "strength_label", "bloom_water",
           "pour_schedule", "grams_to_oz", "oz_to_grams"]
