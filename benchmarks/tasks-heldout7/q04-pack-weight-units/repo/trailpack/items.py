"""Pack list items."""
from dataclasses import dataclass

FLAGS = ("worn", "food")


@dataclass
class Item:
    name: str
    grams: float
    qty: int = 1
    worn: bool = False
    food: bool = False

    @property
    def weight(self):
        return self.grams * self.qty


def parse_items(text):
    """Items from lines of "name, grams[, qty][, worn|food]"."""
    items = []
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = [p.strip() for p in line.split(",")]
        flags = [p for p in parts[2:] if p in FLAGS]
        rest = [p for p in parts[2:] if p not in FLAGS]
        if len(parts) < 2 or len(rest) > 1:
            raise ValueError("line %d: cannot parse %r" % (lineno, line))
        qty = int(rest[0]) if rest else 1
        items.append(Item(parts[0], float(parts[1]), qty,
                          worn="worn" in flags, food="food" in flags))
    return items
