"""Putting guests at tables."""

from .guests import normalise_name
from .text import place_card


def assign(guests, tables):
    """Fill tables (name -> seats) in order with guests, bride's side first."""
    order = sorted(guests, key=lambda g: (g.side != "bride", g.name))
    plan = {table: [] for table in tables}
    it = iter(order)
    for table, seats in tables.items():
        for _ in range(seats):
            guest = next(it, None)
            if guest is None:
                return plan
            plan[table].append(guest.name)
    if next(it, None) is not None:
        raise ValueError("not enough seats for %d guests" % len(guests))
    return plan


def table_of(plan, name):
    wanted = normalise_name(name)
    for table, names in plan.items():
        if wanted in names:
            return table
    return None


def cards(plan):
    return [place_card(name, table) for table, names in plan.items() for name in names]
