"""saunabook: bookings and prices for the lakeside sauna."""
