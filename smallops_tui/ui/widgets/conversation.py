"""The conversation pane: the task, each turn (turn_view.py: streamed live, or shown whole in a
replay — the same widget either way), and the lines that say what happened."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...agent.session.fold import Line
from ..render import literal

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

    # Whether the text now overflows is known only after layout, which a call after the next
    # refresh may still precede: so check again whenever layout changes the pane's size (Textual
    # sends Resize) or only its content's (it sends nothing, but sets virtual_size).
    def on_resize(self) -> None:
        self._maybe_anchor()

    def watch_virtual_size(self) -> None:
        self.call_later(self._maybe_anchor)

    def _maybe_anchor(self) -> None:
        if not self.is_anchored and self.max_scroll_y > 0:
            self.anchor()

    def follow(self) -> None:
        """Jump to the newest text and pin there again (the `end` key)."""
        if self.max_scroll_y > 0:
            self.anchor()
            self.scroll_end(animate=False, immediate=True)
