"""seatplan: guests, tables and RSVPs for a wedding."""
