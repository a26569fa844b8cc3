"""Render rows of cells as an aligned plain-text table."""


def column_widths(rows):
    """Width of the widest cell in each column."""
    widths = []
    for row in rows:
        for i, cell in enumerate(row):
            text = str(cell)
            if i == len(widths):
                widths.append(len(text))
            else:
                widths[i] = max(widths[i], len(text))
    return widths


def format_row(cells, widths):
    """Pad each cell to its column width and join them with ' | '."""
    padded = [str(cell).ljust(width) for cell, width in zip(cells, widths)]
    return " | ".join(padded).rstrip()


def render_table(rows):
    """Return the whole table as one string, one line per row."""
    rows = [list(r) for r in rows]
    widths = column_widths(rows)
    return "\n".join(format_row(row, widths) for row in rows)
