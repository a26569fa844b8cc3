"""Batches of poured candles."""
from dataclasses import dataclass
from datetime import date

from wickworks.curing import known_wax


@dataclass
class Batch:
    code: str
    wax: str
    poured: date
    count: int

    def __post_init__(self):
        if not known_wax(self.wax):
            raise ValueError("unknown wax: %r" % (self.wax,))
        if self.count < 1:
            raise ValueError("a batch has at least one candle")


def batch_label(batch):
    """'SOY-031  soy  poured 01 Mar 2025  x24'."""
    return "%s  %s  poured %s  x%d" % (batch.code, batch.wax,
                                      batch.poured.strftime("%d %b %Y"), batch.count)


def candles(batches, wax=None):
    """Total candles, optionally of one wax only."""
    return sum(b.count for b in batches if wax is None or b.wax == wax)
