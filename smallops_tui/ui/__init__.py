"""The Textual front end: renders session events, returns decisions."""
