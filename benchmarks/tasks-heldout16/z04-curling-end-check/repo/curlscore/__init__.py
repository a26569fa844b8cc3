"""Club curling scorekeeping."""
