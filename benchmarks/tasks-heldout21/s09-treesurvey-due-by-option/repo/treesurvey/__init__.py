"""Street tree survey register."""
