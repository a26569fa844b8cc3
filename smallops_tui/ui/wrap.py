"""Folding lines of Text to a width, for text that must be read whole (a command awaiting approval):
every character is kept, in order, with its colours; a row that goes on in the next ends in a dim
continuation mark. Rows break at the cell, not the word: a break at a space would hide the space."""

from __future__ import annotations

from rich.cells import get_character_cell_size
from rich.text import Text

CONTINUES = "↩"  # drawn at the end of a row that the next row continues
CONTINUES_STYLE = "dim"
# The mark as the command itself would have to write it: a `↩` in the command is shown as its code
# point, so a line that really ends cannot be drawn as one that goes on (`echo ok↩` + newline + `rm`).
CONTINUES_LITERAL = "⟨U+21A9⟩"


def unmistakable(text: str) -> str:
    """`text` with the continuation mark written as its code point, so only a fold draws it."""
    return text.replace(CONTINUES, CONTINUES_LITERAL)


def fold_rows(lines: list[Text], width: int) -> list[tuple[Text, bool]]:
    """Each line cut into rows of at most `width` cells, mark included; (row, goes on in the next)."""
    room = max(1, width - 1)  # the cells left for text on a row that ends in the mark
    rows: list[tuple[Text, bool]] = []
    for line in lines:
        if line.cell_len <= width:
            rows.append((line, False))
            continue
        pieces = line.divide(_breaks(line.plain, room))
        for n, piece in enumerate(pieces):
            last = n == len(pieces) - 1
            if not last:
                piece = piece.copy()
                piece.append(CONTINUES, style=CONTINUES_STYLE)
            rows.append((piece, not last))
    return rows


def _breaks(plain: str, room: int) -> list[int]:
    """Where `plain` is cut so that no piece is wider than `room` cells. A zero-width character
    (a combining mark) stays with the one before it; a character wider than `room` gets a row."""
    breaks: list[int] = []
    used = 0
    for index, char in enumerate(plain):
        size = get_character_cell_size(char)
        if size and used and used + size > room:
            breaks.append(index)
            used = 0
        used += size
    return breaks
