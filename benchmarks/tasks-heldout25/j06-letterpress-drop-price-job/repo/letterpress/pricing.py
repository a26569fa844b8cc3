"""Pricing print jobs.

quote(Job(...)) prices a job in pence. price_job() is the old interface,
still used by the order book; it is deprecated.
"""
import warnings
from dataclasses import dataclass

PAPER = {"uncoated": 9, "cotton": 22, "kraft": 7}  # pence a sheet
MAKE_READY = 2500  # pence for each ink on each side printed
RUN = 4            # pence a sheet for each ink on each side


@dataclass
class Job:
    sheets: int
    inks: int
    paper: str = "uncoated"
    sides: int = 1


def quote(job):
    """The price of a job in pence; ValueError for a job we can't print."""
    if job.paper not in PAPER:
        raise ValueError("we don't stock %r paper" % job.paper)
    if job.sheets < 1 or job.inks < 1 or job.sides not in (1, 2):
        raise ValueError("a job needs sheets, at least one ink and one or two sides")
    setup = MAKE_READY * job.inks * job.sides
    run = RUN * job.sheets * job.inks * job.sides
    return setup + run + PAPER[job.paper] * job.sheets


def price_job(sheets, colours, stock="uncoated", duplex=False):
    """Deprecated: use quote(Job(...)). The price in pounds."""
    warnings.warn("price_job() is deprecated; use quote(Job(...))", DeprecationWarning, stacklevel=2)
    return quote(Job(sheets, colours, stock, 2 if duplex else 1)) / 100
