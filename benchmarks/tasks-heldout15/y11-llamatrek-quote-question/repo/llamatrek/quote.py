"""Quotes for a booking."""
from llamatrek import prices
from llamatrek.seasons import is_peak


def walker_pence(trek, age, day):
    """Price for one walker of this age on this day."""
    price = prices.TREK_PENCE[trek]
    if age < prices.CHILD_UNDER:
        price = price * prices.CHILD_PERCENT // 100
    if is_peak(day):
        price += price * prices.PEAK_PERCENT // 100
    return price


def llamas_needed(walkers):
    return -(-walkers // prices.WALKERS_PER_LLAMA)


def quote_pence(trek, ages, day, photos=False):
    """Total for a booking: walkers (less any group discount), then photos."""
    if not ages or llamas_needed(len(ages)) > prices.LLAMAS:
        raise ValueError("we can take 1 to %d walkers" % (prices.LLAMAS * prices.WALKERS_PER_LLAMA))
    total = sum(walker_pence(trek, age, day) for age in ages)
    if len(ages) >= prices.GROUP_MIN:
        total -= total * prices.GROUP_PERCENT // 100
    if photos:
        total += prices.PHOTO_PENCE
    return total


def quote_text(trek, ages, day, photos=False):
    pence = quote_pence(trek, ages, day, photos)
    return "%s trek for %d on %s: %d.%02d" % (trek, len(ages), day.isoformat(), pence // 100, pence % 100)
