from decimal import Decimal

from storefront.utils import validate_email


class Cart:
    def __init__(self, catalog):
        self.catalog = catalog
        self.lines = {}

    def add(self, sku, qty=1):
        self.catalog.get(sku)  # KeyError for unknown products
        self.lines[sku] = self.lines.get(sku, 0) + qty

    def total(self):
        return sum((self.catalog.get(s).price * q for s, q in self.lines.items()), Decimal("0"))


def place_order(cart, email):
    if not cart.lines:
        raise ValueError("cart is empty")
    return {"email": validate_email(email), "total": str(cart.total()),
            "lines": dict(cart.lines)}
