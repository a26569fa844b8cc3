"""done: the model says the task is finished, and what changed; approved, the session ends."""

from __future__ import annotations

from typing import Literal

from .base import ActionKind


class Done(ActionKind):
    action: Literal["done"] = "done"
    summary: str

    suggested_for = frozenset({"finish", "complete", "stop", "exit", "task_complete", "answer", "respond", "reply"})
    example = {"summary": "looked at the notes"}

    def title(self) -> str:
        return f"{self.NAME}: {self.summary}"
