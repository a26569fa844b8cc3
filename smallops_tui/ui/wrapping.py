"""Wrapping at word boundaries, incrementally: what the conversation's turns draw with.

Wrapping is greedy and prefix-stable — a break, once made, depends only on text that was
already there — so appending re-wraps only the last piece of the last line, and the result is
what wrapping everything at once gives (tests/unit/test_widgets.py checks it).
"""

from __future__ import annotations

from rich.cells import get_character_cell_size


def wrap_words(line: str, width: int) -> list[str]:
    """`line` in pieces of at most `width` cells, broken after the last space that fits (a word
    longer than the width is broken where it must). A piece keeps its trailing space, so the
    pieces join back into the line; a space that falls just past the width stays on its piece."""
    if not line:
        return [""]
    width = max(1, width)
    if line.isascii():
        pieces = []
        start, end = 0, len(line)
        while end - start > width:
            space = line.rfind(" ", start, start + width + 1)
            cut = space + 1 if space >= start else start + width
            pieces.append(line[start:cut])
            start = cut
        pieces.append(line[start:])
        return pieces
    return _wrap_cells(line, width)


def _wrap_cells(line: str, width: int) -> list[str]:
    """wrap_words for text with wide or zero-width characters: the same rule, counted in cells."""
    pieces = []
    start = 0
    while True:
        cells, index, last_space = 0, start, -1
        while index < len(line):
            size = get_character_cell_size(line[index])
            if cells + size > width:
                break
            if line[index] == " ":
                last_space = index
            cells += size
            index += 1
        if index >= len(line):
            pieces.append(line[start:])
            return pieces
        if line[index] == " ":
            last_space = index
        cut = last_space + 1 if last_space >= start else max(index, start + 1)
        pieces.append(line[start:cut])
        start = cut


class Wrapped:
    """Text kept as logical lines and as wrapped pieces, appended to incrementally. With no width
    yet (0), only the logical lines are kept: the pieces are made when the width is known."""

    def __init__(self, width: int = 80) -> None:
        self.width = width
        self.logical: list[str] = [""]
        self.pieces: list[str] = []
        self._counts: list[int] = []  # pieces per logical line

    @property
    def text(self) -> str:
        return "\n".join(self.logical)

    def append(self, text: str) -> None:
        parts = text.split("\n")
        if self.width <= 0:
            self.logical[-1] += parts[0]
            self.logical += parts[1:]
            return
        # Only the last piece of the last logical line can change: it is wrapped again together
        # with the new text — never the whole line.
        self.logical[-1] += parts[0]
        if self._counts:
            tail = self.pieces.pop()
            more = wrap_words(tail + parts[0], self.width)
            self.pieces.extend(more)
            self._counts[-1] += len(more) - 1
        else:
            self._add(parts[0])
        for extra in parts[1:]:
            self.logical.append(extra)
            self._add(extra)

    def _add(self, line: str) -> None:
        more = wrap_words(line, self.width)
        self.pieces.extend(more)
        self._counts.append(len(more))

    def rewrap(self, width: int) -> None:
        self.width = width
        self.pieces, self._counts = [], []
        if width > 0:
            for line in self.logical:
                self._add(line)
