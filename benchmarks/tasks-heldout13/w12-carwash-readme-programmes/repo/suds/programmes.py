"""The wash programmes on the keypad."""


class Programme:
    def __init__(self, name, price_cents, minutes):
        self.name = name
        self.price_cents = price_cents
        self.minutes = minutes


PROGRAMMES = {p.name: p for p in [
    Programme("basic", 650, 6),
    Programme("foam", 900, 8),
    Programme("wax", 1200, 10),
    Programme("deluxe", 1500, 14),
]}


def programme(name):
    try:
        return PROGRAMMES[name.strip().lower()]
    except KeyError:
        raise ValueError("no such programme: %r" % (name,))
