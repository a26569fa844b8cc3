"""Rolls for a whole room, and a line for the shopping list."""

from .rolls import rolls_needed


def room_rolls(walls, spare=1):
    """Rolls for every (width_cm, height_cm) wall, plus `spare` extra rolls."""
    if spare < 0:
        raise ValueError("spare rolls cannot be negative, got %r" % (spare,))
    return sum(rolls_needed(width, height) for width, height in walls) + spare


def shopping_line(room, walls, spare=1):
    count = room_rolls(walls, spare)
    return "%s: %d roll%s" % (room, count, "" if count == 1 else "s")
