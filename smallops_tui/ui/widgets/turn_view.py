"""One model turn in the conversation — the same widget live (text appended as it streams) and in
a replay (the turn arrives whole).

It is one widget, not a tree of them: a replay mounts one per step and a long session has
hundreds, and Textual lays out every widget on every change. It draws, line by line:

    ── step 3 (attempt 2)
    ▶ reasoning (14 lines)            click (or `t`) opens it; open while it streams, folded
      …the reasoning's last lines…    once the answer starts
    …the answer's last lines…         long text shows its tail; click the "earlier lines"
    ✓ approved                        line above it to show all of it
    wrote main.py: +1 -1

Text is wrapped at word boundaries (wrapping.py), incrementally; only lines on screen are
drawn, and the widget's height changes (and the screen is laid out again) only while a region
is below its cap. Text can be selected and copied.
"""

from __future__ import annotations

from textual import events
from textual.geometry import Size
from textual.selection import Selection
from textual.strip import Strip
from textual.widget import Widget

from ...agent.session.fold import Line, Turn
from ...agent.words import plural
from ..render import literal_str
from ..wrapping import Wrapped, wrap_words
from .row_painter import RowPainter

REASONING_LINES = 12  # the reasoning's tail shown (all of it once expanded)
ANSWER_LINES = 30  # the answer's tail shown

KIND_CLASS = {"outcome": "turn--outcome", "failed": "turn--failed", "notice": "turn--notice", "dim": "turn--dim"}


class TurnView(Widget):
    """A turn: title, reasoning (foldable), answer, and what came of it."""

    ALLOW_SELECT = True
    COMPONENT_CLASSES = {"turn--title", "turn--toggle", "turn--reasoning", "turn--answer", "turn--elided",
                         "turn--outcome", "turn--failed", "turn--notice", "turn--dim"}

    def __init__(self, turn: Turn, mode: bool | None = None) -> None:
        super().__init__(classes="turn")
        self.turn = turn
        self.mode = mode  # None: open while streaming, folded once answered; True/False: the person's `t`
        self.reasoning = Wrapped(0)
        self.answer = Wrapped(0)
        self.reasoning.append(literal_str(turn.reasoning))
        self.answer.append(literal_str(turn.answer))
        self.lines: list[Line] = list(turn.lines)
        self.expanded = False
        self._rows: list[tuple[str, str, str]] | None = None  # (text, component, role), cached until a change
        self.painter = RowPainter(self)

    # -- what it says ----------------------------------------------------------------------------

    @property
    def has_reasoning(self) -> bool:
        return bool(self.reasoning.text)

    @property
    def has_answer(self) -> bool:
        return bool(self.answer.text)

    @property
    def reasoning_open(self) -> bool:
        if not self.has_reasoning:
            return False
        return self.mode if self.mode is not None else not self.has_answer

    @property
    def text(self) -> str:
        """Everything the turn says, as plain text (tests compare live and replay with it)."""
        parts = [self.turn.title]
        if self.has_reasoning:
            parts.append("reasoning: " + self.reasoning.text)
        if self.has_answer:
            parts.append("answer: " + self.answer.text)
        parts += [literal_str(line.shown) for line in self.lines]
        return "\n".join(parts)

    def rows(self) -> list[tuple[str, str, str]]:
        """The lines drawn: (text, component class, role)."""
        if self._rows is None:
            self._rows = self._make_rows()
        return self._rows

    def _make_rows(self) -> list[tuple[str, str, str]]:
        rows = [(self.turn.title, "turn--title", "title")]
        if self.has_reasoning:
            count = len(self.reasoning.pieces)
            label = "▼ reasoning" if self.reasoning_open else f"▶ reasoning ({count} line{'s' if count != 1 else ''})"
            rows.append((label, "turn--toggle", "toggle"))
            if self.reasoning_open:
                rows += self._region(self.reasoning.pieces, REASONING_LINES, "turn--reasoning")
        if self.has_answer:
            rows += self._region(self.answer.pieces, ANSWER_LINES, "turn--answer")
        width = max(10, self.reasoning.width)
        for line in self.lines:
            component = KIND_CLASS[line.kind]
            for logical in literal_str(line.shown).split("\n"):
                rows += [(piece, component, "line") for piece in wrap_words(logical, width)]
        return rows

    def _region(self, pieces: list[str], cap: int, component: str) -> list[tuple[str, str, str]]:
        if self.expanded or len(pieces) <= cap:
            return [(piece, component, "text") for piece in pieces]
        hidden = len(pieces) - cap + 1
        return [(f"… {plural(hidden, 'earlier line')} (click to show all)", "turn--elided", "expand")] + \
            [(piece, component, "text") for piece in pieces[-(cap - 1):]]

    # -- changes ---------------------------------------------------------------------------------

    def _changed(self) -> None:
        before = len(self._rows) if self._rows is not None else -1
        self._rows = None
        if len(self.rows()) != before:
            self.refresh(layout=True)  # taller: the conversation is laid out again
        else:
            self.refresh()  # a region at its cap: only what is drawn changes

    def add(self, thinking: str, answer: str) -> None:
        """Streamed text (the fold's Turn already holds it)."""
        if thinking:
            self.reasoning.append(literal_str(thinking))
        if answer:
            self.answer.append(literal_str(answer))
        self._changed()

    def moved(self) -> None:
        """Answer text shown so far turned out to be reasoning."""
        width = self.reasoning.width
        self.reasoning, self.answer = Wrapped(width), Wrapped(width)
        self.reasoning.append(literal_str(self.turn.reasoning))
        self._changed()

    def add_line(self, line: Line) -> None:
        self.lines.append(line)
        self._changed()

    def set_mode(self, mode: bool | None) -> None:
        self.mode = mode
        self._changed()

    # -- Textual ---------------------------------------------------------------------------------

    def _width(self) -> int:
        return max(10, self.size.width or (self.parent.size.width if isinstance(self.parent, Widget) else 0) or 80)

    def _fit(self, width: int) -> None:
        if width != self.reasoning.width:
            self.reasoning.rewrap(width)
            self.answer.rewrap(width)
            self._rows = None

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._fit(max(10, width))
        return len(self.rows())

    def on_resize(self) -> None:
        self._fit(self._width())

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.painter.styles_changed()

    def on_click(self, event: events.Click) -> None:
        rows = self.rows()
        if not 0 <= event.y < len(rows):
            return
        role = rows[event.y][2]
        if role == "toggle":
            self.set_mode(not self.reasoning_open)
        elif role == "expand":
            self.expanded = True
            self._changed()

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        return selection.extract("\n".join(text for text, _, _ in self.rows())), "\n"

    def selection_updated(self, selection: Selection | None) -> None:
        self.refresh()

    def render_line(self, y: int) -> Strip:
        rows = self.rows()
        return self.painter.line(y, rows[y][:2] if y < len(rows) else None)
