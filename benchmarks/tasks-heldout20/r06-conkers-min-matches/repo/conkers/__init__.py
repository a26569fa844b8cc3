"""Results and league table for the village conker championship."""
