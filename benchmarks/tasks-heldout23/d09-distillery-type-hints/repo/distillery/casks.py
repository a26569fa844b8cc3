"""Casks in the bonded warehouse.

A cask is recorded with its number, the wood it was seasoned in, the day
it was filled, the litres it held when filled and the strength (percent
alcohol by volume) of the spirit that went in.
"""
from collections import namedtuple
from datetime import date

Cask = namedtuple("Cask", "number wood filled litres abv")

WOODS = ("bourbon", "sherry", "port", "wine")
ANGELS_SHARE = 0.02   # the fraction of a cask lost to evaporation each year
BOTTLE_ML = 700
BOTTLING_ABV = 46.0


def parse_fill_date(text):
    """The fill date from "2019-06-14"; a blank field means not filled yet (None)."""
    text = text.strip()
    return date.fromisoformat(text) if text else None


def read_casks(lines):
    """Casks from lines of "number,wood,filled,litres,abv" (a list of lines or
    an open file); # starts a comment."""
    casks = []
    for raw in lines:
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        number, wood, filled, litres, abv = [part.strip() for part in line.split(",")]
        if wood.lower() not in WOODS:
            raise ValueError("cask %s: unknown wood %r" % (number, wood))
        casks.append(Cask(int(number), wood.lower(), parse_fill_date(filled), float(litres), float(abv)))
    return casks


def age_in_years(filled, on):
    """Whole years the cask has been filled on the day `on`."""
    years = on.year - filled.year
    if (on.month, on.day) < (filled.month, filled.day):
        years -= 1
    return max(0, years)


def litres_of_alcohol(litres, abv):
    return round(litres * abv / 100, 1)


def after_angels(litres, years, rate=ANGELS_SHARE):
    """Litres left in a cask after `years` years of evaporation."""
    return round(litres * (1 - rate) ** years, 1)


def bottles(litres, abv=None, bottling_abv=BOTTLING_ABV):
    """Full bottles from `litres` of spirit. With the cask strength `abv`,
    the spirit is first let down with water to the bottling strength."""
    if abv is not None:
        if abv < bottling_abv:
            raise ValueError("cask is below bottling strength")
        litres = litres * abv / bottling_abv
    return int(litres * 1000 // BOTTLE_ML)


def find_cask(casks, number):
    for cask in casks:
        if cask.number == number:
            return cask
    return None


def ready_casks(casks, on=None, min_years=3):
    """Casks old enough to be sold as whisky on `on` (default today), oldest first."""
    on = on or date.today()
    ready = [c for c in casks if c.filled is not None and age_in_years(c.filled, on) >= min_years]
    return sorted(ready, key=lambda c: (c.filled, c.number))


def warehouse_totals(casks):
    """Litres filled, by wood."""
    totals = {}
    for c in casks:
        totals[c.wood] = round(totals.get(c.wood, 0) + c.litres, 1)
    return totals


def cask_label(cask, on=None):
    """One line for the warehouse list."""
    if cask.filled is None:
        return "#%d %s cask, empty" % (cask.number, cask.wood)
    years = age_in_years(cask.filled, on or date.today())
    return "#%d %s cask, filled %s (%d years), %.0f l at %.1f%%" % (
        cask.number, cask.wood, cask.filled.isoformat(), years, cask.litres, cask.abv)
