"""Museum ticket prices."""
