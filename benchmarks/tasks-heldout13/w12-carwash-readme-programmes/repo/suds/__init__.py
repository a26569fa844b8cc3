"""Car wash till."""
