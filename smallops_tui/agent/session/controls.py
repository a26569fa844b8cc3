"""The controls a front end offers, with the session's rules: `undo()` only while the session
waits on the person (and a pending proposal computed from the files is checked again and shown
anew), `cancel()` only while the model streams or a command runs, `request_stop()` at any moment.
Steering works at any moment of a running session: `set_approval_mode()`, `add_message()` for
the model's next turn, `switch_model()` (applied when the next request is built: turn.py).
"""

from __future__ import annotations

from ..files.command_undo import CommandCheckpoint
from ..log.events import (
    ApprovalModeChanged,
    ModelSwitched,
    PersonMessage,
    Undone,
)
from . import prompts
from .base import SessionBase
from .config import NotNow
from .steering import (
    APPROVAL_MODES,
    ApprovalMode,
    may_auto_approve,
    model_switch_refusal,
)


class SessionControls(SessionBase):
    @property
    def waiting_on_person(self) -> bool:
        return self.state in ("deciding", "waiting_retry")

    @property
    def can_undo(self) -> bool:
        return self.waiting_on_person and bool(self.workspace.checkpoints)

    @property
    def command_running(self) -> bool:
        return self._command_cancel is not None and not self._command_cancel.is_set()

    @property
    def can_cancel(self) -> bool:
        return self.command_running or (self._generation is not None and not self._generation.done())

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
        return (self._generation is not None and not self._generation.done() and self._reader.reasoning_tokens > 0
                and not self._reader.answer_started and self._cut_by is None)

    def answer_now(self) -> bool:
        """Cut the reasoning streaming now and ask the model for its action at once (as the thinking
        budget does). False when no reasoning is streaming."""
        if not self.can_answer_now:
            return False
        assert self._generation is not None
        self._cut_by = "person"
        self._generation.cancel()  # closes the stream: the server stops generating
        return True

    def cancel_generation(self) -> bool:
        """Stop the model's reply in flight; the loop then asks the decider to retry or stop."""
        if self._generation is not None and not self._generation.done():
            self._generation.cancel()
            return True
        return False

    def cancel_command(self) -> bool:
        """End the running command and everything it started; its output so far goes to the model."""
        if self.command_running:
            assert self._command_cancel is not None
            self._command_cancel.set()
            return True
        return False

    def request_stop(self, reason: str = "stopped by the person") -> None:
        """End the session as *stopped* at the next point it can: a running command or a reply in
        flight is cancelled, and a wait on the person (a decision, a retry) ends with `stop`."""
        self.stop_reason = self.stop_reason or reason
        self.cancel_command()
        self.cancel_generation()
        self._wake("stop")

    def undo(self) -> str | None:
        """Put back the last applied change; the model is told with the next feedback. Only while
        the session waits on the person (NotNow otherwise); a pending proposal computed from the
        files is then checked again and shown anew. Returns the path, or None when there is
        nothing to undo; WorkspaceError, with a sentence, when the change cannot be put back."""
        if not self.waiting_on_person:
            raise NotNow("undo works while the session waits for you (a proposal or an error on screen)")
        if not self.workspace.checkpoints:
            return None
        checkpoint = self.workspace.checkpoints[-1]
        if isinstance(checkpoint, CommandCheckpoint):
            return self._undo_command(checkpoint)
        path: str = checkpoint.path
        before = self._text_for_diff(path)
        self.workspace.undo()
        after = self._text_for_diff(path)
        self.emit(Undone(step=self.step, path=path, diff=self.workspace.diff(before, after, path).unified))
        self.changes.record(self.step, "undo", [path])
        self._pending_notes.append(prompts.undo_feedback(path))
        self.history.changes += 1
        if self.pending is not None and self.pending.depends_on_files:
            self._wake("recheck")  # what is shown was computed from the file before the undo
        return path

    def _undo_command(self, checkpoint: CommandCheckpoint) -> str:
        """Undo an approved command: its files as they were, what it made removed; one Undone
        event carrying the diff of every file put back, logged, replayed and shown like an edit's."""
        paths = checkpoint.paths
        before = {path: self._text_for_diff(path) for path in paths}
        self.workspace.undo()
        diff = "".join(self.workspace.diff(before[path], self._text_for_diff(path), path).unified for path in paths)
        self.emit(Undone(step=self.step, path=checkpoint.path, diff=diff or None, command=checkpoint.command,
                         paths=paths))
        self.changes.record(self.step, "undo", paths)
        self._pending_notes.append(prompts.undo_command_feedback(checkpoint.command, paths))
        self.history.changes += 1
        if self.pending is not None and self.pending.depends_on_files:
            self._wake("recheck")
        return checkpoint.path

    def set_approval_mode(self, mode: ApprovalMode) -> bool:
        """Switch between "manual" and "auto-low" (logged); False when it was the mode already.
        Switching to auto-low while a proposal the mode may approve waits approves it: the mode
        says LOW does not wait for the person, and a LOW proposal left waiting under it would
        contradict what the status bar says."""
        if mode not in APPROVAL_MODES:
            raise ValueError(f"unknown approval mode {mode!r}; choose one of: {', '.join(APPROVAL_MODES)}")
        if self.ended:
            raise NotNow("the session has ended; the approval mode no longer matters")
        if mode == self.approval_mode:
            return False
        self.approval_mode = mode
        if not self._started:  # no log yet: the header says how the session starts
            self.config.approval_mode = self.header.approval_mode = mode
            return True
        self.emit(ApprovalModeChanged(step=self.step, mode=mode))
        pending = self.pending
        if mode == "auto-low" and self.state == "deciding" and pending is not None and may_auto_approve(pending):
            self._wake("auto")
        return True

    def add_message(self, text: str) -> None:
        """The person's message for the model (logged now): it goes with the next request — the
        feedback of the step under way, or, after an error, the retried request. ValueError for
        an empty or over-long message, NotNow when no turn will come."""
        self._check_running("a message would reach no one")
        self.emit(PersonMessage(step=self.step, text=self.steering.add(text)))

    @property
    def messages_waiting(self) -> int:
        """Messages from the person not yet sent to the model."""
        return len(self.steering.messages)

    @property
    def model(self) -> str:
        """The model the next request names: a switch not yet applied, or the backend's."""
        if self.steering.switch is not None:
            return self.steering.switch.model
        return self.backend.model

    def switch_model(self, model: str, *, forced_think: bool | None = None, thinks: bool | None = None) -> bool:
        """Use `model` from the next request on (a reply streaming now finishes with the old one).
        `forced_think`/`thinks` are what the server says of the new model. NotNow, with a sentence,
        where the backend cannot switch; False when it is the model already.

        The switch is logged now and applied when the next request is built (`_apply_switch`),
        never to the backend in the middle of a turn: the state says `streaming` before the
        backend has built its request, and a switch in that window must not reach it."""
        self._check_running("there is no next turn to switch the model for")
        refusal = model_switch_refusal(self.backend)
        if refusal is not None:
            raise NotNow(refusal)
        model = model.strip()
        if not model:
            raise ValueError("no model named")
        previous = self.model
        if model == previous:
            return False
        self.steering.plan_switch(model, forced_think, thinks)
        self.emit(ModelSwitched(step=self.step, model=model, previous=previous))
        return True
