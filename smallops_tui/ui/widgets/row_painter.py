"""Drawing a widget's rows of text, each styled by one of its component classes: the conversation's
turns (turn_view.py) and the folded steps (earlier_steps.py) draw this way, with a row selected
for copying drawn in the screen's selection style.

Drawn rows are kept by (text, component, width): as text streams in, the tail moves up a row at
a time and most rows on screen are rows already drawn, one line higher.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

STRIP_CACHE = 2_000  # drawn rows kept (a screenful is ~40)


class RowPainter:
    """Draws the rows of one widget, and remembers what it drew until the styles change."""

    def __init__(self, widget: Widget) -> None:
        self.widget = widget
        self._base: Style | None = None
        self._strips: dict[tuple[str, str, int], Strip] = {}

    def styles_changed(self) -> None:
        self._base = None
        self._strips.clear()

    def line(self, y: int, row: tuple[str, str] | None) -> Strip:
        """Line `y` of the widget: `row` (text, component class), or blank past the last row."""
        widget = self.widget
        width = widget.size.width
        if self._base is None:
            self._base = widget.rich_style
        if row is None:
            return Strip.blank(width, self._base)
        text, component = row
        selection = widget.text_selection
        span = selection.get_span(y) if selection is not None else None
        key = (text, component, width)
        strip = self._strips.get(key) if span is None else None
        if strip is None:
            style = self._base + widget.get_component_rich_style(component, partial=True)
            segments = [Segment(text, style)]
            if span is not None:
                start, end = span
                end = len(text) if end == -1 else min(end, len(text))
                chosen = style + widget.screen.get_component_rich_style("screen--selection")
                segments = [Segment(text[:start], style), Segment(text[start:end], chosen), Segment(text[end:], style)]
            strip = Strip(segments).crop_extend(0, width, self._base)
            if span is None:
                if len(self._strips) > STRIP_CACHE:
                    self._strips.clear()
                self._strips[key] = strip
        return strip.apply_offsets(0, y)
