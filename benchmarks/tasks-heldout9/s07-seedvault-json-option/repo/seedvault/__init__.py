"""Community seed library inventory."""
