"""Lane swimming sessions at Riverside Baths."""
