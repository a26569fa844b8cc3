"""Standing orders for the milk round."""
from datetime import date, timedelta

PRICES = {"whole": 95, "semi": 90, "skimmed": 85, "oat": 140}  # pence a pint


class Order:
    def __init__(self, customer, milk, pints, days, paused=()):
        self.customer = customer
        self.milk = milk
        self.pints = pints
        self.days = set(days)        # weekday numbers, Monday is 0
        self.paused = set(paused)    # dates with no delivery (holidays)

    def delivers_on(self, day):
        return day.weekday() in self.days and day not in self.paused


def deliveries(order, year, month):
    """The dates in the month that get a delivery."""
    day = date(year, month, 1)
    out = []
    while day.month == month:
        if order.delivers_on(day):
            out.append(day)
        day += timedelta(days=1)
    return out
