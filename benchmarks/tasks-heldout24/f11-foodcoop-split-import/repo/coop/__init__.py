"""Monthly bulk orders for the Elm Street food co-op."""
