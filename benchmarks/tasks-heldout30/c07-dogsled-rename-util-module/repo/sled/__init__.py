"""Results for the Glenmore sled dog rally."""
