"""The diff pane: a unified or side-by-side diff in a virtual ScrollView that draws only the rows
on screen (a 5,000-line rewrite has 10,000 rows), with hunk navigation and text selection; or lines
of text, folded to the pane's width when they must be read whole (a command awaiting approval)."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.selection import Selection
from textual.strip import Strip

from ..render import DiffLine, DiffModel
from ..wrap import fold_rows

GUTTER = 5  # width of a line number column


class DiffView(ScrollView, can_focus=True):
    """A unified or side-by-side diff; only visible lines are rendered; text can be selected."""

    ALLOW_SELECT = True
    DEFAULT_CSS = "DiffView { height: 1fr; }"

    mode: reactive[str] = reactive("unified")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.model: DiffModel | None = None
        self.header: list[Text] = []  # the rows drawn above the diff (or instead of it)
        self.lines: list[Text] = []  # those rows as given, before folding
        self.wrap = False  # fold `lines` to the width, so no character is out of sight
        self.continues: list[bool] = []  # per header row: the next row goes on with its line
        self.colours: dict[str, str] = {}
        self._cache: dict[tuple[int, int, str], Strip] = {}
        self._base: Style | None = None

    def show_model(self, model: DiffModel | None, header: list[Text] | None = None, colours: dict[str, str] | None = None,
                   wrap: bool = False) -> None:
        self.model = model
        self.header = self.lines = header or []
        self.continues = [False] * len(self.header)
        self.wrap = wrap and model is None
        self.colours = colours or self.colours
        self._cache.clear()
        self._resize()
        self.scroll_to(0, 0, animate=False)
        self.refresh()

    def show_text(self, lines: list[Text], wrap: bool = False) -> None:
        """`lines` alone; with `wrap`, a line wider than the pane goes on in the rows under it."""
        self.show_model(None, lines, wrap=wrap)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._cache.clear()  # a theme change changes the base style under every cached line
        self._base = None

    def _base_style(self) -> Style:
        # `rich_style` walks every ancestor's styles; per line that dominated rendering.
        if self._base is None:
            self._base = self.rich_style
        return self._base

    def watch_mode(self) -> None:
        self._cache.clear()
        self._resize()
        self.refresh()

    def on_resize(self) -> None:
        self._cache.clear()
        self._resize()

    def _rows(self) -> list[Any]:
        if self.model is None:
            return []
        return self.model.split if self.mode == "split" else self.model.unified

    def _resize(self) -> None:
        if self.wrap:
            self._fold()
            return
        rows = len(self.header) + len(self._rows())
        width = max([t.cell_len for t in self.header] + [0])
        if self.model is not None and self.mode == "unified":
            # Estimated from the raw text, so no row has to be built before it is drawn.
            width = max([width] + [len(line.raw) + 2 * GUTTER + 3 for line in self.model.unified[:2000]])
        self.virtual_size = Size(max(width, self.size.width), rows)

    def _fold(self) -> None:
        width, height = self.size
        if width <= 0:  # not laid out yet: folded when its size is known
            return
        rows = fold_rows(self.lines, width)
        if len(rows) > height:  # the vertical scrollbar will cover the pane's last columns
            width = max(1, width - self.styles.scrollbar_size_vertical)
            rows = fold_rows(self.lines, width)
        self.header = [row for row, _ in rows]
        self.continues = [goes_on for _, goes_on in rows]
        self.virtual_size = Size(width, len(rows))  # as wide as the pane: nothing to scroll sideways to

    @property
    def hunk_rows(self) -> list[int]:
        if self.model is None:
            return []
        hunks = self.model.split_hunks if self.mode == "split" else self.model.unified_hunks
        return [len(self.header) + h for h in hunks]

    def next_hunk(self, direction: int) -> None:
        rows = self.hunk_rows
        if not rows:
            return
        current = self.scroll_offset.y
        if direction > 0:
            target = next((r for r in rows if r > current), rows[-1])
        else:
            target = next((r for r in reversed(rows) if r < current), rows[0])
        self.scroll_to(y=target, animate=False)

    @property
    def row_count(self) -> int:
        return len(self.header) + len(self._rows())

    def row_text(self, index: int) -> str:
        """Row `index` as plain text, as drawn (without the width padding)."""
        return Strip(self._line_strip(index, max(self.size.width, 80))).text.rstrip()

    def plain_rows(self) -> list[str]:
        return [self.row_text(index) for index in range(self.row_count)]

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        rows = self.plain_rows()
        if not any(self.continues):
            return selection.extract("\n".join(rows)), "\n"
        # A folded line is copied as the line it is: its rows joined, without the marks.
        pieces: list[str] = []
        for y, text in enumerate(rows):
            span = selection.get_span(y)
            if span is None:
                continue
            goes_on = y < len(self.continues) and self.continues[y]
            text = text[:-1] if goes_on else text
            start, end = span
            pieces.append((text[start:] if end == -1 else text[start:end]) + ("" if goes_on else "\n"))
        return "".join(pieces).removesuffix("\n"), "\n"

    def selection_updated(self, selection: Selection | None) -> None:
        self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.size.width
        key = (index, width, self.mode)
        strip = self._cache.get(key)
        if strip is None:
            strip = self._line_strip(index, width)
            if len(self._cache) > 4000:
                self._cache.clear()
            self._cache[key] = strip
        # The widget's own colours go under every segment that brings none of its own.
        base = self._base_style()
        selection = self.text_selection
        if selection is not None and (span := selection.get_span(index)) is not None:
            strip = _selected(strip, span, self.screen.get_component_rich_style("screen--selection"))
        return strip.crop_extend(scroll_x, scroll_x + width, base).apply_style(base).apply_offsets(scroll_x, index)

    def _line_strip(self, index: int, width: int) -> Strip:
        console = self.app.console
        if index < len(self.header):
            return Strip(list(self.header[index].render(console)))
        rows = self._rows()
        index -= len(self.header)
        if index >= len(rows):
            return Strip.blank(width, self._base_style())
        row = rows[index]
        if self.mode == "split":
            left, right = row
            if left is not None and left.kind in ("hunk", "note"):
                return Strip(list(left.text.render(console)))
            half = max(10, (width - 1) // 2)
            segments = self._cell(left, half, "old") + [Segment("│", Style.parse(self.colours.get("gutter", "grey50")))]
            return Strip(segments + self._cell(right, width - half - 1, "new"))
        return Strip(self._unified_segments(row, width))

    def _background(self, line: DiffLine | None) -> str:
        if line is None:
            return ""
        return {"added": self.colours.get("added", ""), "removed": self.colours.get("removed", "")}.get(line.kind, "")

    def _unified_segments(self, line: DiffLine, width: int) -> list[Segment]:
        console = self.app.console
        if line.kind in ("hunk", "note"):
            return list(line.text.render(console))
        bg = self._background(line)
        marker = {"added": "+", "removed": "-"}.get(line.kind, " ")
        gutter = Text(f"{_no(line.old_no)}{_no(line.new_no)}{marker} ", style=self.colours.get("gutter", ""))
        body = Text.assemble(gutter, line.text)
        if bg:
            body.pad_right(max(0, width - body.cell_len))
            body.stylize(f"on {bg}")
        return list(body.render(console))

    def _cell(self, line: DiffLine | None, width: int, side: str) -> list[Segment]:
        console = self.app.console
        if line is None:
            return [Segment(" " * width)]
        number = line.old_no if side == "old" else line.new_no
        marker = {"added": "+", "removed": "-"}.get(line.kind, " ")
        text = Text.assemble(Text(f"{_no(number)}{marker}", style=self.colours.get("gutter", "")), line.text)
        text.truncate(width, overflow="crop", pad=True)
        bg = self._background(line)
        if bg:
            text.stylize(f"on {bg}")
        return list(text.render(console))


def _no(number: int | None) -> str:
    return f"{number:>{GUTTER - 1}} " if number is not None else " " * GUTTER


def _selected(strip: Strip, span: tuple[int, int], style: Style) -> Strip:
    """`strip` with the cells from span[0] to span[1] (-1: the end) in the selection's style."""
    start, end = span
    length = strip.cell_length
    end = length if end == -1 else min(end, length)
    if end <= start:
        return strip
    before, middle, after = strip.divide([start, end, length]) if start else (Strip([]), *strip.divide([end, length]))
    chosen = Strip(list(Segment.apply_style(list(middle), post_style=style)), middle.cell_length)
    return Strip.join([before, chosen, after])
