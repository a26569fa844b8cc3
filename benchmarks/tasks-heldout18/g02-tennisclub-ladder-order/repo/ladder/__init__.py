"""Singles ladder for the tennis club."""
