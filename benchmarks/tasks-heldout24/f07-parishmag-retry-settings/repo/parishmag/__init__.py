"""Sends the monthly St Aldhelm's parish magazine to its email subscribers."""
