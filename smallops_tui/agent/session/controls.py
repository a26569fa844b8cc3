"""The controls a front end offers, with the session's rules: `undo()` only while the session
waits on the person (and a pending proposal computed from the files is checked again and shown
anew), `cancel()` only while the model streams or a command runs, `request_stop()` at any moment.
Steering works at any moment of a running session: `set_approval_mode()` (between tasks too),
`add_message()` for the model's next turn, `switch_model()` (applied when the next request is built: turn.py).

A part the session holds (`session.controls`, loop.py): what it reads and changes of the session
is `ControlsHost`.
"""

from __future__ import annotations

import asyncio
from typing import Protocol, TypeVar

from ..files.command_undo import CommandCheckpoint
from ..files.workspace import PathEscape, Workspace, WorkspaceError
from ..log.events import (
    ApprovalModeChanged,
    Event,
    ModelSwitched,
    PersonMessage,
    SessionHeader,
    Undone,
)
from ..reply.backend import Backend
from . import prompts
from .asking import PersonWait
from .changes import ChangeRecorder
from .config import NotNow, SessionConfig, State
from .decisions import Proposal
from .guards import SessionHistory
from .steering import (
    APPROVAL_MODES,
    ApprovalMode,
    Steering,
    may_auto_approve,
    model_switch_refusal,
)
from .turn import ModelTurn

E = TypeVar("E", bound=Event)


class ControlsHost(Protocol):
    """What the controls read and change of the session."""

    backend: Backend
    config: SessionConfig
    header: SessionHeader
    workspace: Workspace
    history: SessionHistory
    changes: ChangeRecorder
    steering: Steering
    waiting: PersonWait
    turn: ModelTurn
    step: int
    state: State
    started: bool
    ended: bool
    aborted: bool
    stop_reason: str | None
    approval_mode: ApprovalMode
    pending: Proposal | None
    pending_notes: list[str]
    command_cancel: asyncio.Event | None

    def emit(self, event: E) -> E: ...


def text_for_diff(workspace: Workspace, path: str) -> str | None:
    try:
        return workspace.read_text_or_none(path)
    except (WorkspaceError, PathEscape):
        return None


class Controls:
    """The session's controls, as the module's docstring says."""

    def __init__(self, host: ControlsHost) -> None:
        self.host = host

    def _check_running(self, what: str) -> None:
        if self.host.ended:
            raise NotNow(f"the session has ended; {what}")
        if not self.host.started:
            raise NotNow(f"the session has not started yet; {what}")

    @property
    def waiting_on_person(self) -> bool:
        return self.host.state in ("deciding", "waiting_retry")

    @property
    def can_undo(self) -> bool:
        return self.waiting_on_person and bool(self.host.workspace.checkpoints)

    @property
    def command_running(self) -> bool:
        return self.host.command_cancel is not None and not self.host.command_cancel.is_set()

    @property
    def can_cancel(self) -> bool:
        return self.command_running or self.host.turn.streaming

    def cancel(self) -> str | None:
        """Cancel what is in flight: "command" or "generation", or None when nothing was."""
        if self.cancel_command():
            return "command"
        if self.cancel_generation():
            return "generation"
        return None

    @property
    def can_answer_now(self) -> bool:
        """Whether reasoning is streaming now, so `answer_now` would cut it."""
        return self.host.turn.can_cut_reasoning

    def answer_now(self) -> bool:
        """Cut the reasoning streaming now and ask the model for its action at once (as the thinking
        budget does). False when no reasoning is streaming."""
        return self.host.turn.cut_reasoning()

    def cancel_generation(self) -> bool:
        """Stop the model's reply in flight; the loop then asks the decider to retry or stop."""
        return self.host.turn.cancel()

    def cancel_command(self) -> bool:
        """End the running command and everything it started; its output so far goes to the model."""
        if self.command_running:
            assert self.host.command_cancel is not None
            self.host.command_cancel.set()
            return True
        return False

    def request_stop(self, reason: str = "stopped by the person") -> None:
        """End the session as *stopped* at the next point it can: a running command or a reply in
        flight is cancelled, and a wait on the person (a decision, a retry) ends with `stop`."""
        self.host.stop_reason = self.host.stop_reason or reason
        self.cancel_command()
        self.cancel_generation()
        self.host.waiting.wake("stop")

    def undo(self) -> str | None:
        """Put back the last applied change; the model is told with the next feedback. Only while
        the session waits on the person (NotNow otherwise); a pending proposal computed from the
        files is then checked again and shown anew. Returns the path, or None when there is
        nothing to undo; WorkspaceError, with a sentence, when the change cannot be put back."""
        if not self.waiting_on_person:
            raise NotNow("undo works while the session waits for you (a proposal or an error on screen)")
        host, workspace = self.host, self.host.workspace
        if not workspace.checkpoints:
            return None
        checkpoint = workspace.checkpoints[-1]
        if isinstance(checkpoint, CommandCheckpoint):
            return self._undo_command(checkpoint)
        path: str = checkpoint.path
        before = text_for_diff(workspace, path)
        workspace.undo()
        after = text_for_diff(workspace, path)
        host.emit(Undone(step=host.step, path=path, diff=workspace.diff(before, after, path).unified))
        host.changes.record(host.step, "undo", [path])
        host.pending_notes.append(prompts.undo_feedback(path))
        host.history.changes += 1
        if host.pending is not None and host.pending.depends_on_files:
            host.waiting.wake("recheck")  # what is shown was computed from the file before the undo
        return path

    def _undo_command(self, checkpoint: CommandCheckpoint) -> str:
        """Undo an approved command: its files as they were, what it made removed; one Undone
        event carrying the diff of every file put back, logged, replayed and shown like an edit's."""
        host, workspace, paths = self.host, self.host.workspace, checkpoint.paths
        before = {path: text_for_diff(workspace, path) for path in paths}
        workspace.undo()
        diff = "".join(workspace.diff(before[path], text_for_diff(workspace, path), path).unified for path in paths)
        host.emit(Undone(step=host.step, path=checkpoint.path, diff=diff or None, command=checkpoint.command,
                         paths=paths))
        host.changes.record(host.step, "undo", paths)
        host.pending_notes.append(prompts.undo_command_feedback(checkpoint.command, paths))
        host.history.changes += 1
        if host.pending is not None and host.pending.depends_on_files:
            host.waiting.wake("recheck")
        return checkpoint.path

    def set_approval_mode(self, mode: ApprovalMode) -> bool:
        """Switch between "manual" and "auto-low" (logged); False when it was the mode already.
        Between two tasks the switch holds for the next one (and is logged at once). Switching to auto-low while a proposal the mode may approve waits approves it: the mode
        says LOW does not wait for the person, and a LOW proposal left waiting under it would
        contradict what the status bar says."""
        if mode not in APPROVAL_MODES:
            raise ValueError(f"unknown approval mode {mode!r}; choose one of: {', '.join(APPROVAL_MODES)}")
        if self.host.aborted:
            raise NotNow("the session has ended; the approval mode no longer matters")
        if mode == self.host.approval_mode:
            return False
        self.host.approval_mode = mode
        if not self.host.started:  # no log yet: the header says how the session starts
            self.host.config.approval_mode = self.host.header.approval_mode = mode
            return True
        self.host.emit(ApprovalModeChanged(step=self.host.step, mode=mode))
        pending = self.host.pending
        if mode == "auto-low" and self.host.state == "deciding" and pending is not None and may_auto_approve(pending):
            self.host.waiting.wake("auto")
        return True

    def add_message(self, text: str) -> None:
        """The person's message for the model (logged now): it goes with the next request — the
        feedback of the step under way, or, after an error, the retried request. ValueError for
        an empty or over-long message, NotNow when no turn will come."""
        self._check_running("a message would reach no one")
        self.host.emit(PersonMessage(step=self.host.step, text=self.host.steering.add(text)))

    @property
    def messages_waiting(self) -> int:
        """Messages from the person not yet sent to the model."""
        return len(self.host.steering.messages)

    @property
    def model(self) -> str:
        """The model the next request names: a switch not yet applied, or the backend's."""
        if self.host.steering.switch is not None:
            return self.host.steering.switch.model
        return self.host.backend.model

    def switch_model(self, model: str, *, forced_think: bool | None = None, thinks: bool | None = None) -> bool:
        """Use `model` from the next request on (a reply streaming now finishes with the old one).
        `forced_think`/`thinks` are what the server says of the new model. NotNow, with a sentence,
        where the backend cannot switch; False when it is the model already.

        The switch is logged now and applied when the next request is built (`_apply_switch`),
        never to the backend in the middle of a turn: the state says `streaming` before the
        backend has built its request, and a switch in that window must not reach it."""
        self._check_running("there is no next turn to switch the model for")
        refusal = model_switch_refusal(self.host.backend)
        if refusal is not None:
            raise NotNow(refusal)
        model = model.strip()
        if not model:
            raise ValueError("no model named")
        previous = self.model
        if model == previous:
            return False
        self.host.steering.plan_switch(model, forced_think, thinks)
        self.host.emit(ModelSwitched(step=self.host.step, model=model, previous=previous))
        return True
