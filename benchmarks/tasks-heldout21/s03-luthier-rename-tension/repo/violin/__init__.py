"""String tension tools for the violin workshop."""
