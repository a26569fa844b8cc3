"""Which bin does it go in? Household recycling for Mossford council."""
