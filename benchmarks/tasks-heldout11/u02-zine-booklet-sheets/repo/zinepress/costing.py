"""What a print run costs, in cents."""

SHEET_CENTS = 9       # one sheet, printed on both sides
STAPLE_CENTS = 1      # two staples per copy
COLOUR_COVER_CENTS = 25


def copy_cost(sheets, colour_cover=False):
    """Cost of one copy made of `sheets` folded sheets."""
    if sheets < 1:
        raise ValueError("a copy needs at least one sheet")
    cost = sheets * SHEET_CENTS + 2 * STAPLE_CENTS
    if colour_cover:
        cost += COLOUR_COVER_CENTS
    return cost


def run_cost(sheets, copies, colour_cover=False):
    """Cost of a run of `copies` copies."""
    if copies < 1:
        raise ValueError("a run needs at least one copy")
    return copy_cost(sheets, colour_cover) * copies


def format_cents(cents):
    return "%d.%02d" % divmod(cents, 100)
