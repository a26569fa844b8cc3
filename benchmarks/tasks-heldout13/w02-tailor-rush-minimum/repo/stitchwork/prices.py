"""Job prices, in cents."""

PRICES = {"hem": 1200, "taper": 1800, "zip": 1500, "button": 300, "patch": 900}
RUSH_PERCENT = 25
RUSH_MINIMUM = 500


def job_price(job, qty=1):
    """Price of `qty` of one job."""
    if job not in PRICES:
        raise ValueError("unknown job: %r" % (job,))
    if qty < 1:
        raise ValueError("quantity must be at least 1")
    return PRICES[job] * qty


def subtotal(lines):
    """Sum of (job, qty) lines."""
    return sum(job_price(job, qty) for job, qty in lines)


def rush_surcharge(amount):
    """Extra for a rush order: RUSH_PERCENT of the amount, rounded half up to a
    whole cent, and at least RUSH_MINIMUM (nothing for an empty order)."""
    return amount * RUSH_PERCENT // 100
