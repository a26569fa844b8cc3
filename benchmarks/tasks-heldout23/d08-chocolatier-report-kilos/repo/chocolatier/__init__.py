"""Orders and weekly figures for Beaumont's chocolate shop."""
