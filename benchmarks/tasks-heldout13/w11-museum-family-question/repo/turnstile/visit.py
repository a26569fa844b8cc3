"""What a group pays on a given day."""
from turnstile.prices import base_price, category

WEEKEND_EXTRA = 100   # per paying visitor on Saturdays and Sundays


def paying(ages):
    return sum(1 for a in ages if category(a) != "free")


def visit_price(ages, day):
    total = base_price(ages)
    if day.weekday() >= 5:
        total += WEEKEND_EXTRA * paying(ages)
    return total


def receipt(ages, day):
    cents = visit_price(ages, day)
    return "%d visitors, %s: EUR %d.%02d" % (len(ages), day.isoformat(), cents // 100, cents % 100)
