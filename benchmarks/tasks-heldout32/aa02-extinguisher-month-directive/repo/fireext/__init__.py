"""Service dates for the fire extinguishers."""
