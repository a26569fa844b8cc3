"""Shop settings the order command reads."""

FREE_DELIVERY_PENCE = 3000  # orders of this much or more are delivered free
DELIVERY_PENCE = 350
DELIVERY_POSTCODES = ("LE1", "LE2", "LE3", "LE5")
