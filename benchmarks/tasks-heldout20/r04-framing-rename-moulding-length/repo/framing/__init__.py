"""Picture framing quotes."""
