"""stampcard: the corner bakery's coffee loyalty card."""
