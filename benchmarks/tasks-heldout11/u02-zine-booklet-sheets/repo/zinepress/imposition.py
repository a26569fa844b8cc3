"""Page imposition for saddle-stitched zines (folded sheets, stapled in the middle)."""

PAGES_PER_SHEET = 4  # two pages on each side of a folded sheet


def round_up(n, multiple):
    """Smallest multiple of `multiple` that is >= n."""
    return -(-n // multiple) * multiple


def spreads(pages):
    """Printer's spreads for a booklet of `pages` pages (a multiple of 4).

    8 pages -> [(8, 1), (2, 7), (6, 3), (4, 5)]: outermost sheet first,
    each pair is (left, right) on one side of a sheet.
    """
    if pages <= 0 or pages % PAGES_PER_SHEET:
        raise ValueError("page count must be a positive multiple of 4, got %r" % (pages,))
    out = []
    low, high = 1, pages
    while low < high:
        out.append((high, low))
        out.append((low + 1, high - 1))
        low += 2
        high -= 2
    return out
