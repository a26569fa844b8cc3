"""Group bookings for the Corn Exchange pantomime."""
