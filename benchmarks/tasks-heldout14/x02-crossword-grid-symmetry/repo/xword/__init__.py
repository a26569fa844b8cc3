"""xword: small helpers for setting crossword grids."""
