"""Order totals for the pizzeria."""
