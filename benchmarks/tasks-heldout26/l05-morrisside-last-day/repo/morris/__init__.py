"""The bookings diary of the Ridgeway Morris side."""
