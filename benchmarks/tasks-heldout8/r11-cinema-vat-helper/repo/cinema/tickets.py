"""Ticket prices."""

TICKET_VAT = 5
NET = {"adult": 1000, "child": 650, "senior": 720, "student": 800}
MATINEE_BEFORE = 17  # shows starting before 17:00 are 20% off


def ticket_price(kind, showtime_hour, vat_rate=TICKET_VAT):
    """Gross price of one ticket in cents."""
    net = NET[kind]
    if showtime_hour < MATINEE_BEFORE:
        net = net * 80 // 100
    return (net * (100 + vat_rate) + 50) // 100


def group_price(kinds, showtime_hour):
    """Gross price for a group; groups of 6 or more get one ticket free."""
    prices = sorted(ticket_price(k, showtime_hour) for k in kinds)
    if len(prices) >= 6:
        prices = prices[1:]
    return sum(prices)
