"""Plain-text tables for the command line (`sessions`, `models`, `bench report`): columns padded
to their widest cell, two spaces apart, no trailing spaces."""

from __future__ import annotations

from collections.abc import Sequence


def format_table(rows: Sequence[Sequence[str]]) -> str:
    """`rows` (the first is the heading) as aligned columns."""
    if not rows:
        return ""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
                     for row in rows)
