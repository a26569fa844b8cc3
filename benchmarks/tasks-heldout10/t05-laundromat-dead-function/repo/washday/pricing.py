"""What a wash or a dry costs, in euros."""
import math

WASH_PRICES = {"small": 4.50, "large": 6.80, "duvet": 9.00}
HOT_WASH_EXTRA = 0.70

# Card dryers: price per started 10 minutes.
DRY_RATE_PER_10_MIN = 0.60

# Old coin dryers: minutes you got for each coin.
LEGACY_DRYER_TABLE = {0.50: 8, 1.00: 18, 2.00: 40}


def _round_up_to_coin(amount, coin=0.10):
    """Round `amount` up to a whole number of `coin`s."""
    return round(math.ceil(round(amount / coin, 6)) * coin, 2)


def wash_price(size, hot=False):
    if size not in WASH_PRICES:
        raise ValueError("unknown machine size: %s" % size)
    price = WASH_PRICES[size] + (HOT_WASH_EXTRA if hot else 0.0)
    return _round_up_to_coin(price)


def dry_price(minutes):
    if minutes <= 0:
        return 0.0
    blocks = math.ceil(minutes / 10)
    return _round_up_to_coin(blocks * DRY_RATE_PER_10_MIN)


def legacy_dryer_price(minutes):
    """Cheapest coin combination for `minutes` on the old coin dryers."""
    best = None
    for coin, mins in sorted(LEGACY_DRYER_TABLE.items()):
        count = math.ceil(minutes / mins)
        cost = count * coin
        if best is None or cost < best:
            best = cost
    return _round_up_to_coin(best or 0.0, coin=0.50)
