"""Folding session events into the conversation pane — the same code for a live session and a
replay, so both show the same thing for the same events."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from .render import clip_lines, literal
from .widgets import TurnView

DECISION_TEXT = {"approve": "✓ approved", "reject": "✗ rejected", "edit": "✎ edited by you", "stop": "■ stopped"}


def event_line(event: Any, live: bool) -> tuple[Text, str, bool] | None:
    """What an event adds to the conversation: (text, css class, belongs to the turn), or None.

    Shared by the live writer and the folded replay step, so both say the same thing."""
    kind = event.type
    if kind == "reply_finished" and event.done_reason == "length":
        return literal("the reply was cut off at the token limit (done_reason: length)"), "outcome-failed", False
    if kind == "decision":
        line = DECISION_TEXT[event.decision] + (" by policy" if event.by == "policy" else "")
        return literal(line + (f": {event.reason}" if event.reason else ""), "dim"), "outcome", True
    if kind == "executed":
        body = event.summary + ("\n" + clip_lines(event.output, 12) if event.output else "")
        return literal(body), "outcome" if event.ok else "outcome-failed", True
    if kind == "feedback_sent":
        return literal("→ to the model: " + clip_lines(event.text, 4), "dim"), "outcome", True
    if kind == "backend_error":
        what = "cancelled" if event.kind == "cancelled" else f"backend error ({event.kind})"
        hint = " Press r to retry the turn or s to stop." if live else ""
        return literal(f"{what}: {event.message}.{hint}"), "outcome-failed", False
    if kind == "notice":
        return literal(event.text), "notice", False
    if kind == "undone":
        return literal(f"↶ undid the last change to {event.path}; the model was told"), "notice", False
    return None


class ConversationWriter:
    """Mounts what events say into `container`; deltas are appended to the current turn."""

    def __init__(self, container: Widget, live: bool = True) -> None:
        self.container = container
        self.live = live
        self.turn: TurnView | None = None
        self.turns: list[TurnView] = []

    def note(self, text: Text, classes: str = "outcome") -> None:
        add = getattr(self.container, "add", None)
        widget = Static(text, classes=classes)
        add(widget) if add is not None else self.container.mount(widget)

    def outcome(self, text: Text, failed: bool = False) -> None:
        if self.turn is not None:
            self.turn.add_outcome(text, failed)
        else:
            self.note(text, "outcome-failed" if failed else "outcome")

    def deltas(self, thinking: str, answer: str, reasoning_shown: bool = True) -> None:
        if self.turn is None:
            return
        if thinking:
            self.turn.add_reasoning(thinking)
            if not reasoning_shown:
                self.turn.collapsible.collapsed = True
        if answer:
            self.turn.add_answer(answer)

    def handle(self, event: Any) -> None:
        """Everything but deltas (the caller batches those and calls `deltas`)."""
        kind = event.type
        if kind == "turn_started":
            self.turn = TurnView(event.step, event.attempt)
            self.turns.append(self.turn)
            add = getattr(self.container, "add", None)
            add(self.turn) if add is not None else self.container.mount(self.turn)
        elif kind == "reasoning_moved" and self.turn is not None:
            self.turn.move_answer_to_reasoning(event.text)
        else:
            line = event_line(event, self.live)
            if line is None:
                return
            text, classes, in_turn = line
            if in_turn:
                self.outcome(text, failed=classes == "outcome-failed")
            else:
                self.note(text, classes)
