"""Extras a guest can add to a stay."""

EXTRAS = {
    "electricity": 4.5,   # per night
    "dog": 3.0,           # per night
    "firewood": 7.25,     # per bag
}

PER_NIGHT = {"electricity", "dog"}


def extra_cost(name, nights, quantity=1):
    price = EXTRAS[name]
    units = nights * quantity if name in PER_NIGHT else quantity
    return round(price * units, 2)
