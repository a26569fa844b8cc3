"""brewlog: small calculators for homebrewers."""
