"""A customer's order."""
from posy.pricing import delivery, item_price
from posy.stems import Bunch


class Order:
    def __init__(self, customer, delivery=False):
        self.customer = customer
        self.delivery = delivery
        self.items = []

    def add(self, item):
        self.items.append(item)
        return self

    def goods(self):
        return sum(item_price(i) for i in self.items)

    def total(self):
        extra = delivery(self.goods()) if self.delivery else 0
        return self.goods() + extra

    def stem_count(self):
        return sum(i.size() if isinstance(i, Bunch) else 1 for i in self.items)
