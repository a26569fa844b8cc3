"""Repair jobs at the shoe repair counter."""
from datetime import timedelta

# job name: (price in pence for one shoe, working days needed)
JOBS = {
    "heel": (1450, 1),
    "sole": (2800, 3),
    "stretch": (900, 2),
    "zip": (1800, 2),
    "polish": (500, 0),
}


def price(jobs, pair=True):
    """Total in pence for a list of job names; a pair costs double."""
    total = sum(JOBS[job][0] for job in jobs)
    return total * 2 if pair else total


def ready_date(dropped, jobs):
    """Date the shoes can be collected. The longest job sets the wait, in
    working days; the shop is shut on Sundays."""
    days = max((JOBS[job][1] for job in jobs), default=0)
    ready = dropped + timedelta(days=days)
    if ready.weekday() == 6:
        ready += timedelta(days=1)
    return ready


def ticket(name, dropped, jobs, pair=True):
    """The line written on the customer's ticket."""
    return "%s: %s, %.2f, ready %s" % (
        name, " + ".join(jobs), price(jobs, pair) / 100,
        ready_date(dropped, jobs).strftime("%a %d %b"))
