"""Front desk helpers for the yoga studio."""
