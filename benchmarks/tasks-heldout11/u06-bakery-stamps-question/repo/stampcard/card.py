"""Stamps are earned on paid drinks and swapped for free ones."""

from stampcard.prices import format_cents, price_of

STAMPS_FOR_FREE = 10
DOUBLE_STAMP_DAYS = ("tue",)   # quiet day: two stamps per paid drink


class Card:
    def __init__(self, stamps=0):
        if stamps < 0:
            raise ValueError("stamps cannot be negative")
        self.stamps = stamps


def stamps_per_drink(day):
    return 2 if day.lower()[:3] in DOUBLE_STAMP_DAYS else 1


def checkout(card, drinks, day):
    """Charge an order, drink by drink, and return the total in cents.

    Before each drink, a card holding STAMPS_FOR_FREE stamps or more pays
    for it with that many stamps instead (a free drink earns no stamp);
    otherwise the drink is paid for and earns stamps_per_drink(day).
    """
    total = 0
    for drink in drinks:
        if card.stamps >= STAMPS_FOR_FREE:
            card.stamps -= STAMPS_FOR_FREE
            continue
        total += price_of(drink)
        card.stamps += stamps_per_drink(day)
    return total


def till_line(card, drinks, day):
    """What the till shows: 'EUR 7.25, card now 5 stamps'."""
    total = checkout(card, drinks, day)
    return "EUR %s, card now %d stamps" % (format_cents(total), card.stamps)
