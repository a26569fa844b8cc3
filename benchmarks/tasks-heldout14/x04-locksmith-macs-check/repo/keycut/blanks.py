"""Key blanks the shop stocks.

pins: number of cuts on the blade; depths: deepest cut number (cuts run
1..depths); macs: maximum adjacent cut specification, the largest
difference allowed between two neighbouring cuts.
"""
from collections import namedtuple

Blank = namedtuple("Blank", "name pins depths macs")

BLANKS = {
    "KW1": Blank("KW1", 5, 7, 4),
    "SC1": Blank("SC1", 5, 9, 7),
    "SC4": Blank("SC4", 6, 9, 7),
    "M1": Blank("M1", 4, 8, 5),
}


def get_blank(name):
    """The blank called `name` (case-insensitive)."""
    try:
        return BLANKS[name.strip().upper()]
    except KeyError:
        raise ValueError("unknown blank: %r" % (name,)) from None
