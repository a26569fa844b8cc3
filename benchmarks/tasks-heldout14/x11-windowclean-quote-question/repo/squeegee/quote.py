"""Working out the price of one visit."""
from squeegee.rates import (CONSERVATORY, FREQUENCY_DISCOUNT, LADDER_FEE, MINIMUM_VISIT,
                            WINDOW_PENCE)


def window_pence(floor):
    return WINDOW_PENCE[min(floor, 2)]


def visit_pence(windows, conservatory=False, every_weeks=None):
    """Price of one visit in pence.

    windows: {floor: number of windows}; every_weeks: 4 or 8 for a regular
    round, None for a one-off clean.
    """
    work = sum(window_pence(floor) * n for floor, n in windows.items())
    percent = FREQUENCY_DISCOUNT.get(every_weeks, 0)
    work -= work * percent // 100
    fees = 0
    if any(floor >= 2 and n for floor, n in windows.items()):
        fees += LADDER_FEE
    if conservatory:
        fees += CONSERVATORY
    return max(work + fees, MINIMUM_VISIT)


def pounds(pence):
    return "%d.%02d" % divmod(pence, 100)
