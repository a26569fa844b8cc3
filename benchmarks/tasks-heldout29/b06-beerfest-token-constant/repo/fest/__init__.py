"""Price list and takings for the Riverside Beer Festival."""
