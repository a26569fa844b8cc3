"""Play sand orders for the nursery sandpits."""
