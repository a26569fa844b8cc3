"""Club dinghy racing results."""
