"""Prices of the things that go into an order."""
from posy.stems import Bunch, Stem

DELIVERY_CENTS = 600
FREE_DELIVERY_FROM = 6000


def item_price(item):
    if isinstance(item, Bunch):
        return item.price()
    if isinstance(item, Stem):
        return item.price_cents
    raise TypeError("cannot price %r" % (item,))


def delivery(goods_cents):
    return 0 if goods_cents >= FREE_DELIVERY_FROM else DELIVERY_CENTS
