"""Streamed text: appended to, wrapped at word boundaries, selectable, cheap per append.

Re-rendering a whole reply on every token would make long replies quadratic, so an append
re-wraps only the last wrapped line of the last logical line, and only the lines on screen are
drawn. Wrapping is greedy and prefix-stable (a break, once made, depends only on text that was
already there), which is what makes that correct: tests/unit/test_widgets.py checks it against
wrapping everything at once.
"""

from __future__ import annotations

from typing import Any

from rich.cells import get_character_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.selection import Selection
from textual.strip import Strip
from textual.widget import Widget


def wrap_words(line: str, width: int) -> list[str]:
    """`line` in pieces of at most `width` cells, broken after the last space that fits (a word
    longer than the width is broken where it must). A piece keeps its trailing space, so the
    pieces join back into the line; a space that falls just past the width stays on its piece."""
    if not line:
        return [""]
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
    """Text kept as logical lines and as wrapped pieces, appended to incrementally."""

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
        for line in self.logical:
            self._add(line)


class StreamText(ScrollView):
    """Append-only text, wrapped at word boundaries; only visible lines are drawn."""

    ALLOW_SELECT = True
    DEFAULT_CSS = "StreamText { height: auto; scrollbar-size-vertical: 1; }"

    def __init__(self, text: str = "", style: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._style = Style.parse(style) if style else Style()
        self._wrapped = Wrapped(0)
        self._early = text  # appended before the widget knew its width
        self._ready = False
        self._base: Style | None = None

    @property
    def text(self) -> str:
        return self._wrapped.text + self._early

    @property
    def lines(self) -> list[str]:
        """The wrapped lines, as drawn."""
        return self._wrapped.pieces

    def on_mount(self) -> None:
        self._ready = True
        self._wrapped.rewrap(self._width())
        early, self._early = self._early, ""
        if early:
            self.append(early)
        else:
            self._update_size(force_layout=True)

    def clear(self) -> None:
        self._early = ""
        self._wrapped = Wrapped(self._wrapped.width)
        if self._ready:
            self._update_size(force_layout=True)

    def _width(self) -> int:
        return max(10, self.scrollable_content_region.width or self.size.width or 80)

    def append(self, text: str) -> None:
        if not text:
            return
        if not self._ready:
            self._early += text
            return
        at_end = self.scroll_offset.y >= self.max_scroll_y
        width = self._width()
        if width != self._wrapped.width:
            self._wrapped.rewrap(width)
        self._wrapped.append(text)
        self._update_size()
        if at_end:
            self.scroll_end(animate=False, immediate=True)

    def _update_size(self, force_layout: bool = False) -> None:
        size = Size(self._wrapped.width, len(self._wrapped.pieces))
        overflowing = self.virtual_size.height > self.size.height > 0
        if force_layout or not overflowing:
            self.virtual_size = size  # its height may change the layout: a relayout follows
            return
        # Already taller than its (max) height: more text changes only what is drawn, so the
        # screen is not laid out again on every append.
        self.set_reactive(Widget.virtual_size, size)
        self._scroll_update(size)
        self.refresh()

    def on_resize(self) -> None:
        width = self._width()
        if self._ready and width != self._wrapped.width:
            self._wrapped.rewrap(width)
            self._update_size(force_layout=True)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._base = None

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        return selection.extract("\n".join(self._wrapped.pieces)), "\n"

    def selection_updated(self, selection: Selection | None) -> None:
        self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.size.width
        if self._base is None:
            self._base = self.rich_style  # walks every ancestor's styles: once, not per line
        pieces = self._wrapped.pieces
        if index >= len(pieces):
            return Strip.blank(width, self._base)
        line = pieces[index]
        style = self._base + self._style
        segments = [Segment(line, style)]
        selection = self.text_selection
        if selection is not None and (span := selection.get_span(index)) is not None:
            start, end = span
            end = len(line) if end == -1 else min(end, len(line))
            chosen = style + self.screen.get_component_rich_style("screen--selection")
            segments = [Segment(line[:start], style), Segment(line[start:end], chosen), Segment(line[end:], style)]
        strip = Strip(segments).crop_extend(scroll_x, scroll_x + width, self._base)
        return strip.apply_offsets(scroll_x, index)
