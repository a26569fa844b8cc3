"""Hot-air balloon flight planning: launch sites and what can fly where."""
