"""Change-giving and the change float."""
from .coins import ACCEPTED, MAX_COINS


def make_change(amount, till):
    """Coins (largest first) adding up to `amount`, taken out of `till`."""
    coins = []
    for coin in sorted(ACCEPTED, reverse=True):
        while amount >= coin and till.get(coin, 0) > 0:
            till[coin] -= 1
            amount -= coin
            coins.append(coin)
    if amount:
        for coin in coins:
            till[coin] += 1
        raise ValueError("cannot make change, %d cents short" % amount)
    return coins


def load_float(till, coins):
    """Service refill: put `coins` into `till`; returns the till."""
    coins = list(coins)
    if len(coins) > MAX_COINS:
        raise ValueError("too many coins at once (max %d)" % MAX_COINS)
    for coin in coins:
        if isinstance(coin, bool) or not isinstance(coin, int) or coin not in ACCEPTED:
            raise ValueError("unsupported coin: %r" % (coin,))
    for coin in coins:
        till[coin] = till.get(coin, 0) + 1
    return till
