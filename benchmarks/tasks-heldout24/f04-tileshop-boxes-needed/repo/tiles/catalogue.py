"""The tiles on sale: size, how much one box covers and the price per box."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Tile:
    code: str
    name: str
    width_mm: int
    height_mm: int
    per_box: int
    box_price: float

    @property
    def box_coverage(self):
        """Square metres one box of these tiles covers."""
        return self.width_mm * self.height_mm * self.per_box / 1_000_000


CATALOGUE = {
    "MET-W": Tile("MET-W", "Metro white gloss", 100, 200, 50, 24.50),
    "TER-60": Tile("TER-60", "Terracotta hexagon", 250, 250, 16, 39.00),
    "SLT-G": Tile("SLT-G", "Grey slate", 300, 600, 6, 31.80),
    "ZEL-B": Tile("ZEL-B", "Zellige blue", 100, 100, 44, 58.00),
}


def find_tile(code):
    try:
        return CATALOGUE[code.upper()]
    except KeyError:
        raise KeyError("no tile with code %r" % code) from None
