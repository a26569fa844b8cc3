"""Hire quotes, in whole pounds.

A quote is the nightly hire (Friday and Saturday nights cost a quarter
more; every seventh night of a hire is free), less any promotion, plus
delivery and collection and the chemicals pack, rounded up to the next £5.
"""
import math
from datetime import timedelta

NIGHTLY = {"4-seater": 45, "6-seater": 60, "8-seater": 75}   # pounds a night
SEATS = {"4-seater": 4, "6-seater": 6, "8-seater": 8}
MIN_NIGHTS = 2
WEEKEND_UPLIFT = 0.25          # Friday and Saturday nights
FREE_NIGHT_EVERY = 7           # the 7th, 14th, ... night of a hire is free
DELIVERY = {"A": 0, "B": 25, "C": 40}   # each way: we deliver and we collect
CHEMICALS_PER_WEEK = 15        # for each week or part of a week
PROMOS = {"SPRING10": 0.10, "LOCAL5": 0.05}   # off the hire only
ROUND_TO = 5


def night_prices(model, start, nights):
    """The price of each night of a hire starting on the evening of `start`."""
    base = NIGHTLY[model]
    prices = []
    for i in range(nights):
        night = start + timedelta(days=i)
        prices.append(base * (1 + WEEKEND_UPLIFT) if night.weekday() in (4, 5) else base)
    return prices


def hire_cost(model, start, nights):
    """Nightly hire for at least MIN_NIGHTS nights, with the free nights taken off."""
    prices = night_prices(model, start, max(nights, MIN_NIGHTS))
    return sum(p for n, p in enumerate(prices, start=1) if n % FREE_NIGHT_EVERY != 0)


def promo_discount(hire, promo):
    if not promo:
        return 0
    code = promo.strip().upper()
    if code not in PROMOS:
        raise ValueError("unknown promotion %r" % promo)
    return hire * PROMOS[code]


def chemicals(nights):
    return CHEMICALS_PER_WEEK * math.ceil(nights / 7)


def hire_quote(model, start, nights, zone="A", guests=None, with_chemicals=True, promo=None):
    """The quote in whole pounds for hiring `model` for `nights` nights from `start`."""
    if model not in NIGHTLY:
        raise ValueError("no such hot tub: %r" % model)
    if nights < 1:
        raise ValueError("a hire is at least one night")
    if guests is not None and guests > SEATS[model]:
        raise ValueError("a %s seats %d" % (model, SEATS[model]))
    hire = hire_cost(model, start, nights)
    hire -= promo_discount(hire, promo)
    total = hire + 2 * DELIVERY[zone.upper()]
    if with_chemicals:
        total += chemicals(nights)
    return ROUND_TO * math.ceil(total / ROUND_TO)
