"""Prices for marquee hire. All money is in pence."""

SIZES = {  # name: (seats, first-day price)
    "small": (40, 45000),
    "medium": (80, 72000),
    "large": (150, 118000),
}
EXTRA_DAY_SHARE = 0.5      # each extra day costs half the first day
FLOORING_PER_GUEST = 350
DEPOSIT_RATE = 0.25        # paid when the date is booked
LATE_CANCEL_RATE = 0.25    # kept when a booking is cancelled late
LATE_CANCEL_DAYS = 28
BALANCE_DUE_DAYS = 14


def marquee_for(guests):
    """The smallest marquee that seats everyone."""
    for name, (seats, _) in sorted(SIZES.items(), key=lambda kv: kv[1][0]):
        if guests <= seats:
            return name
    raise ValueError("no marquee seats %d guests" % guests)


def hire_price(size, days, guests=0, flooring=False):
    if days < 1:
        raise ValueError("hire is for at least one day")
    first = SIZES[size][1]
    price = first + round(first * EXTRA_DAY_SHARE) * (days - 1)
    if flooring:
        price += FLOORING_PER_GUEST * guests
    return price


def deposit(total):
    """What the customer pays to secure the date."""
    return round(total * DEPOSIT_RATE)


def cancellation_charge(total, days_before):
    """What we keep when a booking is cancelled `days_before` the event."""
    if days_before < LATE_CANCEL_DAYS:
        return round(total * LATE_CANCEL_RATE)
    return 0


def pounds(pence):
    return "\u00a3" + format(pence / 100, ",.2f")
