"""Session bookings for the Riverside judo club."""
