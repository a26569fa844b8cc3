"""What the customer pays."""
from suds.loyalty import is_free
from suds.programmes import programme


def charge(name, washes_before=0):
    """Cents to pay for programme `name` on a card with `washes_before` washes."""
    prog = programme(name)
    return 0 if is_free(washes_before) else prog.price_cents


def display(name, washes_before=0):
    prog = programme(name)
    cents = charge(name, washes_before)
    return "%s  %d min  %d.%02d" % (prog.name.upper(), prog.minutes, cents // 100, cents % 100)
