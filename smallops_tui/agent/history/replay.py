"""A logged session as steps: what replay, `smallops sessions` and `smallops export` read.

A step is one model turn with its proposal, decision and outcome — every event carrying that
step number, retries included. What a step looks like is the fold of its events (fold.py);
nothing here is re-streamed or re-executed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ..log.events import SessionHeader
from ..log.reader import read_log
from ..session.fold import SessionFold

Outcome = Literal["approved", "rejected", "edited", "parse_failure", "error", "stopped", "done", "pending"]


@dataclass
class ReplayStep:
    number: int
    events: list[Any] = field(default_factory=list)
    _by_type: dict[str, list[Any]] | None = field(default=None, repr=False)

    def of(self, kind: str) -> list[Any]:
        # Indexed once: a step can hold thousands of deltas and the timeline asks every step.
        if self._by_type is None:
            self._by_type = {}
            for event in self.events:
                self._by_type.setdefault(event.type, []).append(event)
        return self._by_type.get(kind, [])

    def last(self, kind: str) -> Any | None:
        found = self.of(kind)
        return found[-1] if found else None

    @property
    def start(self) -> float:
        return self.events[0].t if self.events else 0.0

    @property
    def end(self) -> float:
        return self.events[-1].t if self.events else 0.0

    @property
    def proposal(self) -> Any | None:
        """The proposal finally decided on (the person's edit, if there was one)."""
        return self.last("action_proposed")

    @property
    def level(self) -> str | None:
        proposal = self.proposal
        return proposal.verdict.level if proposal is not None else None

    @property
    def action(self) -> str | None:
        proposal = self.proposal
        return str(proposal.action.get("action")) if proposal is not None else None

    @property
    def reasoning_tokens(self) -> int:
        """Reasoning chunks of the step's last attempt: what the live meter showed at its end."""
        count = 0
        for event in self.events:
            if event.type == "turn_started":
                count = 0
            elif event.type == "thinking_delta":
                count += 1
        return count

    @property
    def context(self) -> Any | None:
        """The step's last context check (the status bar's gauge), if there was one."""
        return self.last("context_checked")

    @property
    def outcome(self) -> Outcome:
        decisions = self.of("decision")
        if self.of("parse_failed"):
            return "stopped" if decisions and decisions[-1].decision == "stop" else "parse_failure"
        if not decisions:
            return "error" if self.of("backend_error") else "pending"
        last = decisions[-1].decision
        if last == "stop":
            return "stopped"
        if last == "reject":
            return "rejected"
        if last == "approve" and self.action == "done":
            return "done"
        if any(d.decision == "edit" for d in decisions):
            return "edited"
        return "approved"


@dataclass
class Replay:
    path: Path
    header: SessionHeader
    preamble: list[Any]  # events before the first step
    steps: list[ReplayStep]
    torn: bool = False
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Replay:
        """Raises LogError with a sentence for anything that cannot be replayed."""
        contents = read_log(path, lazy_deltas=True)
        preamble: list[Any] = []
        by_number: dict[int, ReplayStep] = {}
        for event in contents.events:
            if event.step <= 0:
                preamble.append(event)
                continue
            by_number.setdefault(event.step, ReplayStep(event.step)).events.append(event)
        steps = [by_number[n] for n in sorted(by_number)]
        return cls(Path(path), contents.header, preamble, steps, contents.torn, contents.warnings)

    @property
    def ended(self) -> Any | None:
        for step in reversed(self.steps):
            ended = step.last("session_ended")
            if ended is not None:
                return ended
        return None

    @property
    def outcome(self) -> str:
        ended = self.ended
        if ended is not None:
            return str(ended.reason)
        return "cut off" if self.torn else "unfinished"

    def settings_at(self, count: int) -> tuple[str, str]:
        """(approval mode, model) in force after the first `count` steps: the header's, then
        each change the person made (the status bar of a replay shows them)."""
        mode, model = self.header.approval_mode, self.header.model
        for event in self.preamble + [e for step in self.steps[:count] for e in step.events]:
            if event.type == "approval_mode_changed":
                mode = event.mode
            elif event.type == "model_switched":
                model = event.model
        return mode, model

    def fold(self) -> SessionFold:
        """Every event folded: the session as its last screen showed it, step by step."""
        fold = SessionFold.of_header(self.header)
        for event in self.preamble:
            fold.apply(event)
        for step in self.steps:
            for event in step.events:
                fold.apply(event)
        return fold
