"""Crossword grids: a grid is a list of equal-length strings.

'#' is a black square; any other character ('.' or a letter) is a light.
"""

BLACK = "#"


def parse_grid(text):
    """Grid rows from a block of text, ignoring blank lines and edge spaces."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def size(grid):
    """(rows, columns) of a grid."""
    return len(grid), (len(grid[0]) if grid else 0)


def black_count(grid):
    """Number of black squares."""
    return sum(row.count(BLACK) for row in grid)


def across_slots(grid, min_length=3):
    """(row, col, length) of every across entry of at least min_length lights."""
    slots = []
    for r, row in enumerate(grid):
        c = 0
        while c < len(row):
            if row[c] == BLACK:
                c += 1
                continue
            start = c
            while c < len(row) and row[c] != BLACK:
                c += 1
            if c - start >= min_length:
                slots.append((r, start, c - start))
    return slots


def transpose(grid):
    """The grid turned on its diagonal (down entries become across)."""
    return ["".join(row[c] for row in grid) for c in range(len(grid[0]))] if grid else []


def down_slots(grid, min_length=3):
    """(row, col, length) of every down entry of at least min_length lights."""
    return [(c, r, n) for r, c, n in across_slots(transpose(grid), min_length)]
