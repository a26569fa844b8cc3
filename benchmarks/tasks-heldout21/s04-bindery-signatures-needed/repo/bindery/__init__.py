"""Hand bindery helpers."""
