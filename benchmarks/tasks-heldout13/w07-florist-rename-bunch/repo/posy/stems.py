"""Single stems and the bunches made from them."""

WRAPS = {"none": 0, "kraft": 250, "silk": 600}


class Stem:
    def __init__(self, flower, price_cents):
        self.flower = flower
        self.price_cents = price_cents


class Bunch:
    """Stems tied together, with an optional wrap."""

    def __init__(self, wrap="none"):
        if wrap not in WRAPS:
            raise ValueError("unknown wrap: %r" % (wrap,))
        self.wrap = wrap
        self.stems = []

    def add(self, stem, count=1):
        self.stems.extend([stem] * count)
        return self

    def flowers_cents(self):
        return sum(s.price_cents for s in self.stems)

    def price(self):
        return self.flowers_cents() + WRAPS[self.wrap]

    def size(self):
        return len(self.stems)
