"""Counts in words, as a person reads them: `1 line`, `2 lines`, `1 entry`, `3 entries`."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """`count word`, the word in the plural unless the count is one (`many`: an irregular plural);
    counts are written with thousands separators."""
    return f"{count:,} {word if count == 1 else (many or word + 's')}"
