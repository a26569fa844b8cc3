"""Paper and time planner for the origami club."""
