from dataclasses import dataclass, field
from decimal import Decimal
from typing import List


@dataclass
class LineItem:
    description: str
    unit_price_cents: int
    quantity: Decimal = Decimal("1")
    tax_rate: Decimal = Decimal("0")


@dataclass
class Invoice:
    number: str
    client: str
    items: List[LineItem] = field(default_factory=list)

    def add(self, item):
        self.items.append(item)
        return self

    def subtotal_cents(self):
        from .totals import line_total_cents
        return sum(line_total_cents(i) for i in self.items)

    def tax_total_cents(self):
        from .totals import tax_cents
        return sum(tax_cents(i) for i in self.items)

    def total_cents(self):
        return self.subtotal_cents() + self.tax_total_cents()
