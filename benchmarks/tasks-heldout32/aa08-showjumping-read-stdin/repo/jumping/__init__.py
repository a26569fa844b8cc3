"""Results for the riding club's show jumping."""
