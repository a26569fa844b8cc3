"""Format and parse aligned Markdown tables."""

_RULES = {"l": ":{}", "r": "{}:", "c": ":{}:"}


def _cell(text, width, how):
    if how == "r":
        return text.rjust(width)
    if how == "c":
        return text.center(width)
    return text.ljust(width)


def format_table(rows, headers, align=None):
    rows = [[str(c) for c in row] for row in rows]
    align = (align or "l" * len(headers)).lower()
    if len(align) != len(headers) or set(align) - set("lrc"):
        raise ValueError("align needs one of l/r/c per column")
    if any(len(row) != len(headers) for row in rows):
        raise ValueError("every row needs %d cells" % len(headers))
    widths = [max([len(h), 3] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]

    def line(cells):
        return "| " + " | ".join(_cell(c, w, a) for c, w, a in zip(cells, widths, align)) + " |"

    rule = "| " + " | ".join(_RULES[a].format("-" * (w - len(_RULES[a]) + 2))
                             for w, a in zip(widths, align)) + " |"
    return "\n".join([line(headers), rule] + [line(r) for r in rows])


def parse_table(text):
    """(headers, rows) from a Markdown table; the rule line is skipped."""
    lines = [l.strip() for l in text.strip().splitlines() if l.strip()]
    cells = [[c.strip() for c in l.strip("|").split("|")] for l in lines]
    return cells[0], cells[2:]
