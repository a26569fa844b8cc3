"""Imposition: sheets, blanks and page order for folded work."""

PAGES_PER_SHEET = 4  # one sheet folded once: two leaves, four pages


def sheets_for(pages):
    """Sheets needed for `pages` pages (blank pages pad the last sheet)."""
    if pages < 0:
        raise ValueError("pages cannot be negative")
    return (pages + PAGES_PER_SHEET - 1) // PAGES_PER_SHEET


def blank_pages(pages):
    """How many blank pages are left over on the last sheet."""
    return sheets_for(pages) * PAGES_PER_SHEET - pages


def booklet_order(pages):
    """Page pairs to print, outer sheet first, for one saddle-stitched booklet.

    Each pair is (left, right) on one side of a sheet; blank pages are None.
    """
    total = sheets_for(pages) * PAGES_PER_SHEET
    numbers = [n if n <= pages else None for n in range(1, total + 1)]
    order = []
    low, high = 0, total - 1
    while low < high:
        order.append((numbers[high], numbers[low]))
        order.append((numbers[low + 1], numbers[high - 1]))
        low += 2
        high -= 2
    return order


def paper_weight_g(pages, gsm=90, sheet_area_m2=0.0625):
    """Weight of the text block in grams (covers not included)."""
    return round(sheets_for(pages) * sheet_area_m2 * gsm, 1)
