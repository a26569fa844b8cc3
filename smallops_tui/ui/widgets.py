"""The panes: conversation (streaming), proposed action, diff, status bar.

Every piece of untrusted text goes through `render.literal`. Streaming text is appended to
`Log` widgets (append-only, never re-rendered whole); the diff is a virtual `ScrollView` that
renders only the lines on screen.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Collapsible, Static

from .render import DiffLine, DiffModel, literal, literal_str

GUTTER = 5  # width of a line number column


class DiffView(ScrollView, can_focus=True):
    """A unified or side-by-side diff; only visible lines are rendered."""

    DEFAULT_CSS = "DiffView { height: 1fr; }"

    mode: reactive[str] = reactive("unified")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.model: DiffModel | None = None
        self.header: list[Text] = []
        self.colours: dict[str, str] = {}
        self._cache: dict[tuple[int, int, str], Strip] = {}
        self._base: Style | None = None

    def show_model(self, model: DiffModel | None, header: list[Text] | None = None, colours: dict[str, str] | None = None) -> None:
        self.model = model
        self.header = header or []
        self.colours = colours or self.colours
        self._cache.clear()
        self._resize()
        self.scroll_to(0, 0, animate=False)
        self.refresh()

    def show_text(self, lines: list[Text]) -> None:
        self.show_model(None, lines)

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
        rows = len(self.header) + len(self._rows())
        width = max([t.cell_len for t in self.header] + [0])
        if self.model is not None and self.mode == "unified":
            # Estimated from the raw text, so no row has to be built before it is drawn.
            width = max([width] + [len(line.raw) + 2 * GUTTER + 3 for line in self.model.unified[:2000]])
        self.virtual_size = Size(max(width, self.size.width), rows)

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
        return strip.crop_extend(scroll_x, scroll_x + width, base).apply_style(base)

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


class StreamText(ScrollView):
    """Append-only, wrapped text: an append re-wraps only the last line; only visible lines render.

    Used for streamed reasoning and answers, where re-rendering the whole text on every
    token would make long replies quadratic.
    """

    DEFAULT_CSS = "StreamText { height: auto; scrollbar-size-vertical: 1; }"

    def __init__(self, style: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._style = Style.parse(style) if style else Style()
        self._logical: list[str] = [""]
        self._wrapped: list[str] = []
        self._counts: list[int] = []  # wrapped lines per logical line
        self._wrap_width = 0
        self._base: Style | None = None

    @property
    def text(self) -> str:
        return "\n".join(self._logical)

    def clear(self) -> None:
        self._logical = [""]
        self._wrapped, self._counts = [], []
        self._update_size()

    def _width(self) -> int:
        return max(10, self.scrollable_content_region.width or self.size.width or 80)

    def _wrap(self, line: str, width: int) -> list[str]:
        if not line:
            return [""]
        if line.isascii():
            return [line[i : i + width] for i in range(0, len(line), width)]
        from rich.cells import chop_cells

        return chop_cells(line, width) or [""]

    def append(self, text: str) -> None:
        if not text:
            return
        at_end = self.scroll_offset.y >= self.max_scroll_y
        width = self._width()
        if width != self._wrap_width:
            self._rewrap(width)
        parts = text.split("\n")
        # Greedy wrapping is prefix-stable: only the last wrapped piece of the last logical line
        # can change, so it is re-wrapped together with the new text — never the whole line.
        self._logical[-1] += parts[0]
        self._extend_last(parts[0], width)
        for extra in parts[1:]:
            self._logical.append(extra)
            self._add_wrapped(extra, width)
        self._update_size()
        if at_end:
            self.scroll_end(animate=False, immediate=True)

    def _extend_last(self, text: str, width: int) -> None:
        if not self._counts:
            self._add_wrapped(text, width)
            return
        tail = self._wrapped.pop()
        pieces = self._wrap(tail + text, width)
        self._wrapped.extend(pieces)
        self._counts[-1] += len(pieces) - 1

    def _add_wrapped(self, line: str, width: int) -> None:
        pieces = self._wrap(line, width)
        self._wrapped.extend(pieces)
        self._counts.append(len(pieces))

    def _rewrap(self, width: int) -> None:
        self._wrap_width = width
        self._wrapped, self._counts = [], []
        for line in self._logical:
            self._add_wrapped(line, width)

    def _update_size(self) -> None:
        self.virtual_size = Size(self._wrap_width, len(self._wrapped))
        self.refresh(layout=True)

    def on_resize(self) -> None:
        width = self._width()
        if width != self._wrap_width:
            self._rewrap(width)
            self._update_size()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._base = None

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.size.width
        if self._base is None:
            self._base = self.rich_style  # walks every ancestor's styles: once, not per line
        if index >= len(self._wrapped):
            return Strip.blank(width, self._base)
        return Strip([Segment(self._wrapped[index], self._base + self._style)]).extend_cell_length(width, self._base)


class TurnView(Vertical):
    """One model turn: reasoning (collapsible, cheap Log) then the answer, then the outcome."""

    DEFAULT_CSS = """
    TurnView { height: auto; margin-bottom: 1; }
    TurnView .turn-header { color: $text-muted; text-style: bold; }
    TurnView Collapsible { height: auto; padding: 0; border: none; }
    TurnView .reasoning { height: auto; max-height: 12; color: $reasoning; text-style: italic; }
    TurnView .answer { height: auto; max-height: 30; }
    TurnView .outcome { color: $text; }
    TurnView .outcome-failed { color: $error; }
    """

    def __init__(self, step: int, attempt: int = 1) -> None:
        super().__init__()
        self.step = step
        self.attempt = attempt
        self.reasoning = StreamText(classes="reasoning")
        self.answer = StreamText(classes="answer")
        self.collapsible = Collapsible(self.reasoning, title="reasoning", collapsed=True)
        self.collapsible.display = False
        self.has_answer = False

    def compose(self) -> Any:
        label = f"── step {self.step}" + (f" (attempt {self.attempt})" if self.attempt > 1 else "")
        yield Static(Text(label), classes="turn-header")
        yield self.collapsible
        yield self.answer

    def add_reasoning(self, text: str) -> None:
        if not self.collapsible.display:
            self.collapsible.display = True
            self.collapsible.collapsed = False  # open while reasoning streams
        self.reasoning.append(literal_str(text))

    def add_answer(self, text: str) -> None:
        if not self.has_answer:
            self.has_answer = True
            if self.collapsible.display:
                self.collapsible.collapsed = True  # the answer started: fold the reasoning
        self.answer.append(literal_str(text))

    def move_answer_to_reasoning(self, text: str) -> None:
        self.answer.clear()
        self.has_answer = False
        self.add_reasoning(text)

    def add_outcome(self, text: Text, failed: bool = False) -> None:
        self.mount(Static(text, classes="outcome-failed" if failed else "outcome"))


class Conversation(VerticalScroll):
    """The task, each turn as it streams, each outcome. Pinned to the newest text.

    Anchored (pinned to the bottom until the person scrolls up) only once the text overflows:
    Textual bottom-aligns an anchored container whose content is shorter than the view.
    """

    DEFAULT_CSS = "Conversation { height: 1fr; padding: 0 1; }"

    def add(self, widget: Any) -> None:
        self.mount(widget)
        self.follow_later()

    def note(self, text: Text, classes: str = "outcome") -> None:
        self.add(Static(text, classes=classes))

    def follow_later(self) -> None:
        self.call_after_refresh(self._maybe_anchor)

    def _maybe_anchor(self) -> None:
        if not self.is_anchored and self.max_scroll_y > 0:
            self.anchor()

    def follow(self) -> None:
        """Jump to the newest text and pin there again (the `end` key)."""
        if self.max_scroll_y > 0:
            self.anchor()
            self.scroll_end(animate=False, immediate=True)


class StatusBar(Static):
    DEFAULT_CSS = "StatusBar { height: 1; background: $panel; color: $text; padding: 0 1; }"

    def show(self, **fields: Any) -> None:
        keys = ("backend", "constrained", "sandbox", "step", "speed", "state", "log")
        parts = [str(fields[key]) for key in keys if fields.get(key)]
        text = literal("  ·  ".join(parts))
        text.no_wrap = True
        text.overflow = "ellipsis"
        self.update(text)
