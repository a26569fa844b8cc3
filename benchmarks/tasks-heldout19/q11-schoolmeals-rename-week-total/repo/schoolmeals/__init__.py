"""School canteen meal prices and the weekly letter home."""
