"""Table hire at the snooker club."""
