"""The conversation pane: the task, each turn (streamed live, or shown whole in a replay — the same
widget either way), and the lines that say what happened."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Static

from ..agent.fold import Line, Turn
from .render import literal, literal_str
from .stream_text import StreamText

LINE_CLASSES = {"outcome": "outcome", "failed": "outcome-failed", "notice": "notice", "dim": "dim-line"}


class LineView(Static):
    """One line the conversation says (an outcome, a notice, an error), styled by its kind."""

    def __init__(self, line: Line) -> None:
        super().__init__(literal(line.shown), classes=LINE_CLASSES[line.kind])
        self.line = line

    @property
    def text(self) -> str:
        return literal(self.line.shown).plain


def line_widget(line: Line) -> LineView:
    return LineView(line)


class ReasoningToggle(Static):
    """The line above a turn's reasoning: ▶ folded, ▼ open; a click toggles it."""

    class Clicked(Message):
        pass

    def on_click(self) -> None:
        self.post_message(self.Clicked())


class TurnView(Vertical):
    """One model turn: a title, its reasoning (foldable), its answer, and what came of it.

    Live, text is appended as it streams; in a replay the turn arrives whole. The reasoning is
    open while it streams and folds when the answer starts, unless the person chose with `t`
    (`mode`: None follows that rule, True shows all reasoning, False folds it all).
    """

    def __init__(self, turn: Turn, mode: bool | None = None) -> None:
        super().__init__(classes="turn")
        self.turn = turn
        self.mode = mode
        self.reasoning = StreamText(literal_str(turn.reasoning), classes="reasoning")
        self.answer = StreamText(literal_str(turn.answer), classes="answer")
        self.toggle = ReasoningToggle("", classes="reasoning-toggle")
        self._lines = [line_widget(line) for line in turn.lines]
        self._has_reasoning = bool(turn.reasoning)
        self._has_answer = bool(turn.answer)
        self._open = False

    def compose(self) -> Any:
        yield Static(Text(self.turn.title), classes="turn-header")
        yield self.toggle
        yield self.reasoning
        yield self.answer
        yield from self._lines

    def on_mount(self) -> None:
        self._show_reasoning()
        self.answer.display = self._has_answer

    @property
    def reasoning_open(self) -> bool:
        return self._open and self._has_reasoning

    def _show_reasoning(self) -> None:
        self._open = self.mode if self.mode is not None else not self._has_answer
        self.toggle.display = self._has_reasoning
        self.reasoning.display = self.reasoning_open
        if self._has_reasoning:
            lines = self.turn.reasoning.count("\n") + 1
            self.toggle.update(Text(("▼ reasoning" if self._open else f"▶ reasoning ({lines} lines)")))

    def set_mode(self, mode: bool | None) -> None:
        self.mode = mode
        self._show_reasoning()

    @on(ReasoningToggle.Clicked)
    def _clicked(self) -> None:
        self.set_mode(not self._open)

    def add(self, thinking: str, answer: str) -> None:
        """Streamed text (the fold's Turn already holds it)."""
        if thinking:
            self.reasoning.append(literal_str(thinking))
            if not self._has_reasoning:
                self._has_reasoning = True
                self._show_reasoning()
        if answer:
            self.answer.append(literal_str(answer))
            if not self._has_answer:
                self._has_answer = True
                self.answer.display = True
                self._show_reasoning()  # the answer started: the reasoning folds

    def moved(self) -> None:
        """Answer text shown so far turned out to be reasoning."""
        self.answer.clear()
        self.answer.display = False
        self._has_answer = False
        self.reasoning.clear()
        self.reasoning.append(literal_str(self.turn.reasoning))
        self._has_reasoning = bool(self.turn.reasoning)
        self._show_reasoning()

    def add_line(self, line: Line) -> None:
        widget = line_widget(line)
        self._lines.append(widget)
        self.mount(widget)

    @property
    def text(self) -> str:
        """What the turn shows, as plain text (tests compare live and replay with it)."""
        parts = [self.turn.title]
        if self._has_reasoning:
            parts.append("reasoning: " + self.reasoning.text)
        if self._has_answer:
            parts.append("answer: " + self.answer.text)
        parts += [widget.text for widget in self._lines]
        return "\n".join(parts)


class Conversation(VerticalScroll):
    """The task, each turn as it streams, each outcome. Pinned to the newest text.

    Anchored (pinned to the bottom until the person scrolls up) only once the text overflows:
    Textual bottom-aligns an anchored container whose content is shorter than the view.
    """

    def add(self, *widgets: Any) -> None:
        self.mount_all(widgets)
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
