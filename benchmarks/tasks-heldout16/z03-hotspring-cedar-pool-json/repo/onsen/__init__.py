"""Opening hours and entry rules for a hot spring's pools."""
