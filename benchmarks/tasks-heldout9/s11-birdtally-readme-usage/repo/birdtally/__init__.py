"""Bird sighting tally."""
