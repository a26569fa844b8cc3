"""Canal Basin night market."""
