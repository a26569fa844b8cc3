"""Money helpers. Amounts are integer cents."""

CURRENCY = "GBP"


def format_cents(cents):
    return "%s %d.%02d" % (CURRENCY, cents // 100, cents % 100)
