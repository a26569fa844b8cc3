"""scoopery: the menu and till for a small ice cream parlour."""
