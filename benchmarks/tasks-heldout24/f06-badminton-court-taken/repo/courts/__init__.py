"""Court bookings for the Hollins Park badminton club."""
