"""Reading schedules for the Thursday book circle."""
