"""Results for the Wyvern Dog Agility Club's shows."""
