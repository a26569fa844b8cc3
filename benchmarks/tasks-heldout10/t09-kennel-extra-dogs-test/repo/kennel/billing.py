"""What a stay costs."""
from kennel.rates import LONG_STAY_DISCOUNT, LONG_STAY_NIGHTS, nightly_rate


def stay_price(nights, size):
    """Price of boarding a dog of `size` for `nights` nights."""
    if nights < 1:
        raise ValueError("a stay is at least one night")
    total = nights * nightly_rate(size)
    if nights >= LONG_STAY_NIGHTS:
        total *= 1 - LONG_STAY_DISCOUNT
    return round(total, 2)


def bill_lines(owner, nights, size):
    price = stay_price(nights, size)
    return [
        "Hillside Boarding Kennels",
        "Owner: %s" % owner,
        "%d nights, %s dog" % (nights, size),
        "Total: %.2f" % price,
    ]
