"""A logged session as steps: what replay, `smallops sessions` and `smallops export` read.

A step is one model turn with its proposal, decision and outcome — every event carrying that
step number, retries included. What a step looks like is the fold of its events (fold.py);
nothing here is re-streamed or re-executed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, TypeVar

from ..log.events import (
    ActionProposed, ApprovalModeChanged, BackendError, ContextChecked, Decision, ModelSwitched, ParseFailed,
    ReasoningText, SessionEnded, SessionHeader, TaskStarted, TurnStarted, event_type,
)
from ..reply.kinds import Done
from ..log.reader import LoggedEvent, read_log
from ..session.fold import SessionFold

E = TypeVar("E")
Outcome = Literal["approved", "rejected", "edited", "parse_failure", "error", "stopped", "done", "pending"]


@dataclass
class ReplayStep:
    number: int
    events: list[LoggedEvent] = field(default_factory=list)
    _by_type: dict[str, list[LoggedEvent]] | None = field(default=None, repr=False)

    def of(self, kind: type[E]) -> list[E]:
        """The step's events of one kind, in order (`step.of(Decision)`)."""
        # Indexed once: a step can hold thousands of deltas and the timeline asks every step.
        if self._by_type is None:
            self._by_type = {}
            for event in self.events:
                self._by_type.setdefault(event.type, []).append(event)
        return self._by_type.get(event_type(kind), [])  # type: ignore[return-value]  # indexed by that kind

    def last(self, kind: type[E]) -> E | None:
        found = self.of(kind)
        return found[-1] if found else None

    @property
    def start(self) -> float:
        return self.events[0].t if self.events else 0.0

    @property
    def end(self) -> float:
        return self.events[-1].t if self.events else 0.0

    @property
    def proposal(self) -> ActionProposed | None:
        """The proposal finally decided on (the person's edit, if there was one)."""
        return self.last(ActionProposed)

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
            match event:
                case TurnStarted():
                    count = 0
                case ReasoningText():
                    count += 1
        return count

    @property
    def context(self) -> ContextChecked | None:
        """The step's last context check (the status bar's gauge), if there was one."""
        return self.last(ContextChecked)

    @property
    def outcome(self) -> Outcome:
        decisions = self.of(Decision)
        if self.of(ParseFailed):
            return "stopped" if decisions and decisions[-1].decision == "stop" else "parse_failure"
        if not decisions:
            return "error" if self.of(BackendError) else "pending"
        last = decisions[-1].decision
        if last == "stop":
            return "stopped"
        if last == "reject":
            return "rejected"
        if last == "approve" and self.action == Done.NAME:
            return "done"
        if any(d.decision == "edit" for d in decisions):
            return "edited"
        return "approved"


@dataclass
class Replay:
    path: Path
    header: SessionHeader
    preamble: list[LoggedEvent]  # events before the first step
    steps: list[ReplayStep]
    torn: bool = False
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Replay:
        """Raises LogError with a sentence for anything that cannot be replayed."""
        contents = read_log(path, lazy_deltas=True)
        preamble: list[LoggedEvent] = []
        by_number: dict[int, ReplayStep] = {}
        for event in contents.events:
            if event.step <= 0:
                preamble.append(event)
                continue
            by_number.setdefault(event.step, ReplayStep(event.step)).events.append(event)
        steps = [by_number[n] for n in sorted(by_number)]
        return cls(Path(path), contents.header, preamble, steps, contents.torn, contents.warnings)

    @property
    def ended(self) -> SessionEnded | None:
        """How the last task ended; None while it runs (a follow-up task began after the last end)."""
        for step in reversed(self.steps):
            if len(step.of(SessionEnded)) + len(step.of(TaskStarted)):  # (indexed: most steps have neither)
                for event in reversed(step.events):
                    if isinstance(event, (SessionEnded, TaskStarted)):
                        return event if isinstance(event, SessionEnded) else None
        return None

    @property
    def tasks(self) -> list[tuple[int, str]]:
        """(the step it began at, the task) for each task of the session, the header's first."""
        return [(1, self.header.task)] + [(e.step, e.task) for step in self.steps for e in step.of(TaskStarted)]

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
            match event:
                case ApprovalModeChanged():
                    mode = event.mode
                case ModelSwitched():
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
