"""Orders and delivery charges for the pie shop."""
