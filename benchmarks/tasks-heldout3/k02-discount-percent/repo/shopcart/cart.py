"""A simple shopping cart."""
from .pricing import add_tax, apply_discount


class Cart:
    def __init__(self):
        self.lines = []

    def add(self, name, unit_price, quantity=1):
        if quantity < 1:
            raise ValueError("quantity must be at least 1")
        self.lines.append((name, unit_price, quantity))

    def subtotal(self):
        return round(sum(price * qty for _, price, qty in self.lines), 2)

    def total(self, discount_percent=0, tax_rate=0.2):
        """Subtotal, minus the discount, plus tax."""
        discounted = apply_discount(self.subtotal(), discount_percent)
        return add_tax(discounted, tax_rate)
