"""Where a live session stands, in one object the live screen owns: what it was started from, the
session once it runs, the fold of its events that the panes draw, the decision or the retry it
waits on, and how it ended. The screen's keys (live_keys.py), what it draws while the model works
(live_progress.py) and its steering (live_steering.py) read and change this one object; nothing
here draws or knows Textual.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ... import __version__
from ...agent.files.workspace import Workspace
from ...agent.reply.backend import Backend
from ...agent.log.events import SessionHeader
from ...agent.session.config import Continuation, Resume, SessionConfig, SessionOutcome
from ...agent.session.decisions import Choice, Proposal
from ...agent.session.fold import SessionFold
from ...agent.session.loop import Session
from ...backends.protocol import BackendInfo, backend_info

Retry = Literal["retry", "stop"]


@dataclass
class LiveStart:
    """What a live session starts from: the backend, the workspace, its settings, where it logs;
    for a fork, where it goes on from (agent/history/fork.py)."""

    backend: Backend
    workspace: Workspace
    config: SessionConfig | None
    backend_label: str = ""
    log_path: Path | None = None
    app_version: str = __version__
    resume: Resume | None = None
    forked_from: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)  # said once the screen is up (a fork's rebuilding)
    taken_up: TakenUp | None = None  # a logged session to go on with (run --continue)


@dataclass
class TakenUp:
    """A logged session the screen goes on with (`run --continue`): where it stands, its header, and
    the view of everything it logged, shown before the next task."""

    continuation: Continuation
    header: SessionHeader
    fold: SessionFold


class LiveState:
    """The live session's state: set by the screen as the session goes, read by everything else."""

    def __init__(self, start: LiveStart) -> None:
        self.start = start
        self.config = start.config  # None until the person types the task
        self.session: Session | None = None
        self.fold: SessionFold | None = None
        self.outcome: SessionOutcome | None = None
        self.proposal: Proposal | None = None  # the last one shown
        self.decision: asyncio.Future[Choice] | None = None  # the person's answer to it, while it waits
        self.retry: asyncio.Future[Retry] | None = None  # retry or stop, after a backend error
        self.crashed = False  # the session's task itself raised (a bug): nothing is live
        self.quit_when_ended = False  # q was answered yes: the app ends with the session

    # -- what it was started from ----------------------------------------------------------------

    @property
    def backend(self) -> Backend:
        return self.start.backend

    @property
    def workspace(self) -> Workspace:
        return self.start.workspace

    @property
    def log_path(self) -> Path | None:
        return self.start.log_path

    @property
    def info(self) -> BackendInfo:
        """The backend as the status bar names it: a switched model at once (it applies from the next request)."""
        info = backend_info(self.backend)
        model = self.session.controls.model if self.session is not None else info.model
        return BackendInfo(self.start.backend_label or info.kind, info.url, model, info.needs_load)

    @property
    def step_cap(self) -> int | str:
        """The step the current task may go to: the session's (each follow-up task moves it on), or
        the settings' before it starts."""
        if self.session is not None:
            return self.session.step_cap
        return self.config.step_cap if self.config is not None else "?"

    @property
    def can_go_on(self) -> bool:
        """Whether a task has ended and the session may take the next one (`c`)."""
        return (self.session is not None and self.session.ended and not self.session.aborted
                and not self.quit_when_ended and not self.crashed)

    def given_task(self, task: str) -> SessionConfig:
        """The settings with the task the person typed (the defaults when none were given)."""
        if self.config is None:
            self.config = SessionConfig(task=task)
        else:
            self.config.task = task
        return self.config

    # -- where it stands -------------------------------------------------------------------------

    @property
    def live(self) -> bool:
        """Whether a session runs and has not ended."""
        return (self.session is not None and self.outcome is None and not self.session.ended
                and not self.crashed)

    @property
    def awaiting_decision(self) -> bool:
        return self.decision is not None and not self.decision.done()

    @property
    def awaiting_retry(self) -> bool:
        return self.retry is not None and not self.retry.done()

    @property
    def approval_mode(self) -> str:
        """The mode in force: the session's, or the one it will start in."""
        if self.session is not None:
            return self.session.approval_mode
        return self.config.approval_mode if self.config is not None else "manual"

    @property
    def log_failing(self) -> bool:
        """Whether the session log is failing to reach the disk right now."""
        return self.session is not None and self.session.log is not None and self.session.log.failing
