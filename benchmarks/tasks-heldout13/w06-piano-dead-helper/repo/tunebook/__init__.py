"""Piano tuning round planner."""
