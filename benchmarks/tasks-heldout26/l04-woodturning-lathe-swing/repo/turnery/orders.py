"""Order lines.

An order line reads "kind, wood, DIAMETERxTHICKNESS, quantity", sizes in
millimetres, e.g. "bowl, ash, 250x60, 2". The quantity may be left off
(one piece).
"""
from dataclasses import dataclass

KINDS = ("bowl", "platter", "vase", "lidded box")
WOODS = {"ash": 1.0, "oak": 1.3, "cherry": 1.5, "walnut": 2.0, "sycamore": 0.9}


@dataclass
class Order:
    kind: str
    wood: str
    diameter: int
    thickness: int
    quantity: int = 1


def parse_order(line):
    """Order from a line; ValueError with a reason when it cannot be made."""
    parts = [p.strip().lower() for p in line.split(",")]
    if len(parts) not in (3, 4):
        raise ValueError("expected kind, wood, size[, quantity]: %r" % line)
    kind, wood, size = parts[:3]
    if kind not in KINDS:
        raise ValueError("unknown kind: %s" % kind)
    if wood not in WOODS:
        raise ValueError("unknown wood: %s" % wood)
    try:
        diameter, thickness = (int(x) for x in size.replace(" ", "").split("x"))
    except ValueError:
        raise ValueError("size should be DIAMETERxTHICKNESS in mm: %s" % size) from None
    if thickness >= diameter:
        raise ValueError("thicker than it is wide: %s" % size)
    quantity = int(parts[3]) if len(parts) == 4 else 1
    if quantity < 1:
        raise ValueError("quantity must be at least 1")
    return Order(kind, wood, diameter, thickness, quantity)
