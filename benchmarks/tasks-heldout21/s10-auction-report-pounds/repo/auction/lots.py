"""Lots, hammer prices and the buyer's premium. All money is in pence."""
import csv
import io
from collections import namedtuple

PREMIUM_RATE = 0.24

Lot = namedtuple("Lot", "number title low high hammer")


def parse_sale(text):
    lots = []
    for row in csv.DictReader(io.StringIO(text)):
        hammer = row["hammer"].strip()
        lots.append(Lot(int(row["lot"]), row["title"].strip(), int(row["estimate_low"]),
                        int(row["estimate_high"]), int(hammer) if hammer else None))
    return lots


def premium(hammer):
    """Buyer's premium on a hammer price, to the nearest penny."""
    return round(hammer * PREMIUM_RATE)


def sale_totals(lots):
    """(lots sold, hammer total, premium total)."""
    sold = [lot for lot in lots if lot.hammer is not None]
    hammer = sum(lot.hammer for lot in sold)
    return len(sold), hammer, sum(premium(lot.hammer) for lot in sold)


def above_estimate(lots):
    return [lot for lot in lots if lot.hammer is not None and lot.hammer > lot.high]
