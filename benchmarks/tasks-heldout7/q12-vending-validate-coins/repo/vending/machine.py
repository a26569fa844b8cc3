"""The machine: credit, purchases, cancel."""
from .coins import ACCEPTED, MAX_COINS
from .refund import make_change


class Machine:
    def __init__(self, prices, till=None):
        self.prices = dict(prices)
        self.till = dict(till or {})
        self.credit = 0

    def insert(self, coins):
        """Add coins to the credit; returns the new credit."""
        coins = list(coins)
        if len(coins) > MAX_COINS:
            raise ValueError("too many coins at once (max %d)" % MAX_COINS)
        for coin in coins:
            if isinstance(coin, bool) or not isinstance(coin, int) or coin not in ACCEPTED:
                raise ValueError("unsupported coin: %r" % (coin,))
        for coin in coins:
            self.till[coin] = self.till.get(coin, 0) + 1
        self.credit += sum(coins)
        return self.credit

    def buy(self, slot):
        """Sell the item in `slot`; returns the change as a list of coins."""
        if slot not in self.prices:
            raise KeyError("no such slot: %r" % (slot,))
        price = self.prices[slot]
        if self.credit < price:
            raise ValueError("insert %d more cents" % (price - self.credit))
        change = make_change(self.credit - price, self.till)
        self.credit = 0
        return change

    def cancel(self):
        """Give back the current credit."""
        change = make_change(self.credit, self.till)
        self.credit = 0
        return change
