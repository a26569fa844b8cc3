"""The printed receipt."""

from skihire.dates import rental_days
from skihire.pricing import DAY_RATES, quote


def fmt(cents):
    return "%d.%02d" % divmod(cents, 100)


def receipt(customer, items, pickup, dropoff):
    n = rental_days(pickup, dropoff)
    lines = ["Ski hire for %s" % customer,
             "%s to %s (%d night%s)" % (pickup.isoformat(), dropoff.isoformat(),
                                       n, "" if n == 1 else "s")]
    for item in items:
        lines.append("  %-10s EUR %s a day" % (item, fmt(DAY_RATES[item])))
    lines.append("Total: EUR %s" % fmt(quote(items, pickup, dropoff)))
    return "\n".join(lines)
