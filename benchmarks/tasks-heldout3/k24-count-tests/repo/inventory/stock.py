class OutOfStock(Exception):
    pass


class Stock:
    def __init__(self):
        self.levels = {}

    def receive(self, sku, qty):
        if qty <= 0:
            raise ValueError("qty must be positive")
        self.levels[sku] = self.levels.get(sku, 0) + qty

    def take(self, sku, qty):
        have = self.levels.get(sku, 0)
        if qty > have:
            raise OutOfStock(f"{sku}: want {qty}, have {have}")
        self.levels[sku] = have - qty

    def level(self, sku):
        return self.levels.get(sku, 0)
