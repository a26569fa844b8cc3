"""keycut: bitting codes for the key-cutting machine."""
