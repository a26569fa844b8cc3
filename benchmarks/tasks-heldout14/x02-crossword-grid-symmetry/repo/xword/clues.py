"""Clue numbering in the usual crossword order."""
from xword.grid import across_slots, down_slots


def numbering(grid, min_length=3):
    """{(row, col): number} for every square that starts an entry."""
    starts = {(r, c) for r, c, _ in across_slots(grid, min_length)}
    starts |= {(r, c) for r, c, _ in down_slots(grid, min_length)}
    return {pos: n for n, pos in enumerate(sorted(starts), start=1)}


def clue_list(grid, min_length=3):
    """Lines like '1 across (5)' for every entry, across entries first."""
    numbers = numbering(grid, min_length)
    lines = ["%d across (%d)" % (numbers[(r, c)], n) for r, c, n in across_slots(grid, min_length)]
    lines += ["%d down (%d)" % (numbers[(r, c)], n)
              for r, c, n in sorted(down_slots(grid, min_length), key=lambda s: numbers[s[:2]])]
    return lines
