"""Opening days for the pick-your-own strawberry fields."""
