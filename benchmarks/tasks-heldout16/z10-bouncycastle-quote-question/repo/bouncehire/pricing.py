"""Pricing a hire: day charges, weekend surcharge, delivery and VAT (pence)."""

from datetime import timedelta

from bouncehire.catalogue import FULL_RATE_EVERY_DAY, day_rate, item_key

EXTRA_DAY_PERCENT = 50          # later days cost this percent of the day rate
WEEKEND_SURCHARGE_PERCENT = 10  # added to the charge for a Saturday or Sunday
FREE_MILES = 10
PENCE_PER_MILE = 150            # each way: we deliver and collect
VAT_PERCENT = 20


def percent(amount, pct):
    """pct percent of amount, rounded half up to a whole penny."""
    return (amount * pct + 50) // 100


def day_charge(items, day_index):
    """Charge for the items on day `day_index` of the hire (0 = first day)."""
    total = 0
    for name in items:
        rate = day_rate(name)
        if day_index > 0 and item_key(name) not in FULL_RATE_EVERY_DAY:
            rate = percent(rate, EXTRA_DAY_PERCENT)
        total += rate
    return total


def hire_charge(items, start, days):
    total = 0
    for i in range(days):
        charge = day_charge(items, i)
        if (start + timedelta(days=i)).weekday() >= 5:
            charge += percent(charge, WEEKEND_SURCHARGE_PERCENT)
        total += charge
    return total


def delivery_charge(miles):
    extra = max(0, miles - FREE_MILES)
    return round(extra * PENCE_PER_MILE) * 2


def quote(items, start, days, miles):
    """{'hire', 'delivery', 'net', 'vat', 'total'} in pence."""
    if days < 1:
        raise ValueError("a hire lasts at least one day")
    hire = hire_charge(items, start, days)
    delivery = delivery_charge(miles)
    net = hire + delivery
    vat = percent(net, VAT_PERCENT)
    return {"hire": hire, "delivery": delivery, "net": net, "vat": vat, "total": net + vat}
