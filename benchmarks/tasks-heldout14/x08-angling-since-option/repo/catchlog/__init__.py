"""catchlog: an angler's record of catches."""
