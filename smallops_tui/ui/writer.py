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
        elif kind == "reply_finished":
            if event.done_reason == "length":
                self.note(literal("the reply was cut off at the token limit (done_reason: length)"), "outcome-failed")
        elif kind == "decision":
            line = DECISION_TEXT[event.decision] + (" by policy" if event.by == "policy" else "")
            if event.reason:
                line += f": {event.reason}"
            self.outcome(literal(line, "dim"))
        elif kind == "executed":
            body = event.summary + ("\n" + clip_lines(event.output, 12) if event.output else "")
            self.outcome(literal(body), failed=not event.ok)
        elif kind == "feedback_sent":
            self.outcome(literal("→ to the model: " + clip_lines(event.text, 4), "dim"))
        elif kind == "backend_error":
            what = "cancelled" if event.kind == "cancelled" else f"backend error ({event.kind})"
            hint = " Press r to retry the turn or s to stop." if self.live else ""
            self.note(literal(f"{what}: {event.message}.{hint}"), "outcome-failed")
        elif kind == "notice":
            self.note(literal(event.text), "notice")
        elif kind == "undone":
            self.note(literal(f"↶ undid the last change to {event.path}; the model was told"), "notice")
