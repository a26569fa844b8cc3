from dataclasses import dataclass, field


@dataclass
class PurchaseOrder:
    supplier: str
    lines: list = field(default_factory=list)

    def add_line(self, sku, qty, unit_cost):
        self.lines.append((sku, qty, unit_cost))

    def total(self):
        return round(sum(qty * cost for _, qty, cost in self.lines), 2)

    def receive_into(self, stock):
        for sku, qty, _ in self.lines:
            stock.receive(sku, qty)
