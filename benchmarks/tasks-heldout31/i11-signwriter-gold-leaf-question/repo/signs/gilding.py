"""How much gold a lettered sign takes."""
import math

LEAF_MM = 80  # one leaf of transfer gold is 80 mm square
LEAVES_PER_BOOK = 25
COVER = 0.45  # a gilded letter covers about 45% of a square of its height
WASTE = 1.15  # 15% more for cutting, overlaps and breaks


def letters(text):
    """Letters and figures to gild; spaces and punctuation are not gilded."""
    return sum(1 for ch in text if ch.isalnum())


def leaves(text, height_mm, sides=1):
    area = letters(text) * sides * height_mm * height_mm * COVER
    return math.ceil(area * WASTE / (LEAF_MM * LEAF_MM))


def books(n_leaves):
    return math.ceil(n_leaves / LEAVES_PER_BOOK)
