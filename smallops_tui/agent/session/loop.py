"""The supervised session: ask the model, show what it proposes, await a decision, execute,
feed the real outcome back. One async state machine shared by the TUI, the bench and tests.

Nothing here touches a screen. Everything that happens becomes an event, written to the log
(which the session opens and closes: it owns it) and handed out — to listeners, each isolated
(one that raises is reported, never fatal), or as an async stream (`session.events()`).
Decisions come back from a `Decider`: the person, through a front end, or a scripted policy.

The controls a front end offers are the session's own commands, with the session's rules:
`undo()` only while the session waits on the person (and a pending proposal computed from the
files is checked again and shown anew), `cancel()` only while the model streams or a command
runs, `request_stop()` at any moment. Steering (steering.py) works at any moment of a running
session: `set_approval_mode()`, `add_message()` for the model's next turn, `switch_model()`.
"""

from __future__ import annotations

import asyncio
import inspect
import math
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol, TypeVar

from . import prompts
from ..reply.actions import Action, Done, InsertLines, ReplaceLines, RunCommand, WriteFile, vocabulary, vocabulary_schema
from ..sandbox.runner import DEFAULT_TIMEOUT, kill_live_commands
from .decisions import Choice, Decider, DecisionKind, Proposal
from .context import CONTEXT_RULES, DEFAULT_KEEP_TURNS, ContextWindow, drop_oldest, estimate_tokens
from ..files.edits import try_preview
from ..log.events import (
    DELTA_FLUSH_SECONDS, ActionProposed, ApprovalModeChanged, BackendError, ContentDelta, Decision, EventLog, Executed,
    FeedbackSent, FilesChanged, ModelLoading, ModelSwitched, Notice, NudgeSent, ParseFailed, PersonMessage,
    ReasoningMoved, ReplyFinished, SessionEnded, SessionHeader, ThinkingDelta, TurnStarted, Undone, WorkspaceRecorded,
)
from .context_events import context_checked, context_dropped, reasoning_cut
from .executors import ExecutionContext, execute
from .guards import GuardFlag, SessionHistory, check_guards, derived_flags
from .records import flag_infos, make_header, repair_infos, verdict_info
from ..reply.parsing import ParseResult, parse_reply_with_reasoning
from .policy import ScriptedPolicy
from ..files.command_undo import CommandCheckpoint, PreImages
from ..files.recording import BASELINE_BUDGET, BOUNDS, CHANGE_BUDGET, changed_paths, record_files, start_of
from ..risk.classify import classify, one_level_higher
from ..sandbox.confine import Bounds, Sandbox, resolve_sandbox
from .steering import APPROVAL_MODES, ApprovalMode, clean_message, may_auto_approve, message_for_model
from ..files.workspace import (
    MAX_SNAPSHOT_FILES, FileChanged, FileStamp, NetChanges, PathEscape, Workspace, WorkspaceError,
)

__all__ = ["Choice", "Decider", "DecisionKind", "NotNow", "Proposal", "ScriptedPolicy", "Session", "SessionConfig",
           "SessionOutcome", "make_header"]

T = TypeVar("T")
State = Literal["ready", "streaming", "assessing", "deciding", "executing", "waiting_retry", "ended"]


@dataclass
class SessionConfig:
    task: str
    vocabulary: str = "seed"
    step_cap: int = 20
    constrained: bool = True
    think: bool | str | None = False
    forced_think: bool = False
    command_timeout: float = DEFAULT_TIMEOUT
    chat_options: dict[str, Any] = field(default_factory=dict)  # temperature, num_ctx, seed, ...
    sandbox: str = "auto"  # auto | landlock | bwrap | off (sandbox.py)
    allow_network: bool = False  # let commands open TCP connections
    pass_env: tuple[str, ...] = ()  # environment names (or globs) commands get even if they look secret
    bounds: Bounds | None = None  # what each command may use (None: the defaults of confine.Bounds)
    approval_mode: str = "manual"  # manual | auto-low (steering.py): the mode the session starts in
    # A reply (reasoning and answer together) longer than this is cut off and reported, so a server
    # that streams without end cannot exhaust memory or the log. 2 MB is ten times a 5,000-line file.
    max_reply_chars: int = 2_000_000
    # Reasoning chunks (one token each on Ollama and llama.cpp) a turn may stream before it is cut
    # and the model is asked to answer now; None: no budget.
    think_budget: int | None = None
    # The model's context window in tokens and where the number came from (discovery, --context);
    # None: unknown, and the context alarm has nothing to measure against.
    context_window: int | None = None
    context_source: str = ""
    context_rule: str = "off"  # off | drop-oldest (context.py)
    keep_turns: int = DEFAULT_KEEP_TURNS  # turns the drop-oldest rule always keeps

    def __post_init__(self) -> None:
        if self.think_budget is not None and self.think_budget < 1:
            raise ValueError(f"the thinking budget must be at least 1 token, not {self.think_budget}")
        if self.context_rule not in CONTEXT_RULES:
            raise ValueError(f"the context rule must be one of {', '.join(CONTEXT_RULES)}, not {self.context_rule!r}")


@dataclass
class SessionOutcome:
    status: Literal["done", "stopped", "step_cap", "backend_error", "error"]
    summary: str
    steps: int
    created: tuple[str, ...] = ()
    modified: tuple[str, ...] = ()
    deleted: tuple[str, ...] = ()
    flags: list[GuardFlag] = field(default_factory=list)
    net_diff: str = ""


@dataclass
class Resume:
    """Where a forked session starts (fork.py builds it): the conversation of the first `step`
    turns as the model saw them, and the original's events up to there, carried into the new log
    so its replay (and a fork of the fork) tells the whole story."""

    step: int
    messages: list[dict[str, str]]
    carried: list[Any]  # events of steps 0..step, in log order
    note: str = ""  # said at the start of the new session (where it was forked from)


@dataclass
class PendingSwitch:
    """A model switch the person made, waiting for the next request (several fold into one)."""

    model: str
    forced_think: bool | None = None  # what the server says of the new model's chat template
    no_thinking: bool = False  # the new model cannot think: stop asking it to


class StreamSource(Protocol):
    def stream_chat(self, messages: list[dict[str, str]], **options: Any) -> AsyncIterator[Any]: ...


Listener = Callable[[Any], None]


class NotNow(RuntimeError):
    """A control the session refuses at this moment; the message says when it works."""


BASELINE_FILE_LIMIT = 256 * 1024
BASELINE_FILES = 500


def model_switch_refusal(backend: Any) -> str | None:
    """Why `backend` cannot switch models mid-session, or None when it can. A backend says so
    itself (`model_switch_refusal`); one that does not say (a stand-in) is not switched."""
    says = getattr(backend, "model_switch_refusal", None)
    if callable(says):
        return says()
    return "this backend cannot switch models mid-session"


def baseline_texts(workspace: Workspace, stamps: dict[str, FileStamp]) -> dict[str, str]:
    """The start-of-session text of the workspace's (small, regular) files, for the net diff at `done`."""
    texts: dict[str, str] = {}
    small = [rel for rel, stamp in stamps.items() if stamp.kind == "file" and stamp.size <= BASELINE_FILE_LIMIT]
    for rel in small[:BASELINE_FILES]:
        try:
            texts[rel] = workspace.read_text(rel)
        except (WorkspaceError, PathEscape):
            continue
    return texts


def _typed(value: Any, kind: type) -> Any:
    """A backend's number or text as the log expects it, or None: a server's final chunk is
    hostile input too, and a wrongly typed field must not end the session."""
    if kind is float and isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value) if math.isfinite(value) else None
    if kind is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if kind is str and isinstance(value, str):
        return value
    return None


class Session:
    def __init__(self, backend: StreamSource, workspace: Workspace, config: SessionConfig, decider: Decider,
                 log_path: str | Path | None = None, *, header: SessionHeader | None = None,
                 resume: Resume | None = None) -> None:
        self.backend = backend
        self.workspace = workspace
        self.config = config
        self.decider = decider
        self.log_path = Path(log_path) if log_path is not None else None
        if config.approval_mode not in APPROVAL_MODES:
            raise ValueError(f"unknown approval mode {config.approval_mode!r}; choose one of: {', '.join(APPROVAL_MODES)}")
        self.header = header or make_header(config, workspace)
        self.log: EventLog | None = None  # open while `run` runs: the session owns it
        self.listeners: list[Listener] = []
        self._failed_listeners: set[int] = set()
        self._flush_timer: asyncio.TimerHandle | None = None
        # Taken when the session runs, off the event loop (see _take_baseline).
        self.history = SessionHistory(baseline={})
        self.baseline_texts: dict[str, str] = {}
        self._baseline_taken = False
        self.messages: list[dict[str, str]] = [
            {"role": "system", "content": prompts.system_prompt(config.vocabulary)},
            {"role": "user", "content": prompts.task_message(config.task)},
        ]
        self.resume = resume
        if resume is not None:
            self.messages = [dict(m) for m in resume.messages]
        if not self.header.opening:  # a fork's opening is the original's (its first two messages)
            self.header.opening = [dict(m) for m in self.messages[:2]]
        # The workspace as last recorded in the log: a command's changes are what differs from it.
        self._recorded: dict[str, FileStamp] = {}
        self.step = 0
        self.state: State = "ready"
        self.pending: Proposal | None = None  # the proposal a decision is awaited on
        self.last_tokens_per_second: float | None = None
        self._generation: asyncio.Task[Any] | None = None
        self._pending_notes: list[str] = []
        self._interrupt: asyncio.Future[str] | None = None  # ends a wait on the person: "stop" or "recheck"
        self.stop_reason: str | None = None  # set by request_stop: the person ended the session
        self.ended = False
        # The OS sandbox commands run in (SandboxUnavailable if one named explicitly cannot be had).
        self.sandbox: Sandbox = resolve_sandbox(config.sandbox, config.allow_network, config.pass_env, config.bounds)
        self._command_cancel: asyncio.Event | None = None
        self.preimages = PreImages()  # the workspace before each command, so `u` can undo it
        self.approval_mode: ApprovalMode = config.approval_mode  # type: ignore[assignment]
        self._person_messages: list[str] = []  # the person's words, sent with the model's next turn
        self._switch: PendingSwitch | None = None  # a model switch for the next request (switch_model)
        self._started = False
        # The reasoning of the reply streaming now: its chunks (the budget's tokens), and whether
        # the answer has begun (then there is no reasoning left to cut).
        self.reasoning_tokens = 0
        self._answer_started = False
        self._cut_by: str | None = None  # "person" while `answer_now` cancels the stream
        self._context_warned = False  # the last context check was at or past 80%

    @property
    def context_window(self) -> ContextWindow | None:
        window = self.config.context_window
        return ContextWindow(window, self.config.context_source or "set") if window else None

    # -- events ----------------------------------------------------------------------------

    def emit(self, event: Any) -> Any:
        log = self.log
        if log is not None:
            log.write(event)
            if log.has_buffered_deltas and self._flush_timer is None:
                self._flush_timer = asyncio.get_running_loop().call_later(DELTA_FLUSH_SECONDS, self._flush_log)
        for listener in self.listeners[:]:
            try:
                listener(event)
            except Exception as exc:  # noqa: BLE001 — a view's bug must not end the session or its log
                self._listener_failed(listener, exc)
        problem = log.take_problem() if log is not None else None
        if problem:
            self.emit(Notice(step=self.step, text=problem))
        return event

    def _flush_log(self) -> None:
        """Streamed deltas reach the disk within DELTA_FLUSH_SECONDS even if the stream pauses."""
        self._flush_timer = None
        if self.log is not None:
            self.log.flush()
            problem = self.log.take_problem()
            if problem:
                self.emit(Notice(step=self.step, text=problem))

    def _listener_failed(self, listener: Listener, exc: Exception) -> None:
        if id(listener) in self._failed_listeners:
            return  # said once; it keeps getting events in case it recovers
        self._failed_listeners.add(id(listener))
        first = str(exc).splitlines()[0] if str(exc) else ""
        self.emit(Notice(step=self.step, text=f"a view of the session failed ({type(exc).__name__}: {first}); "
                                              "the session goes on and its log is kept"))

    async def events(self) -> AsyncIterator[Any]:
        """Every event from now on, as an async stream that ends with `session_ended`."""
        queue: asyncio.Queue[Any] = asyncio.Queue()
        self.listeners.append(queue.put_nowait)
        try:
            while True:
                event = await queue.get()
                yield event
                if event.type == "session_ended":
                    return
        finally:
            self.listeners.remove(queue.put_nowait)

    # -- controls a front end may call, under the session's rules ----------------------------

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
        return (self._generation is not None and not self._generation.done() and self.reasoning_tokens > 0
                and not self._answer_started and self._cut_by is None)

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
        path = checkpoint.path
        before = self._text_for_diff(path)
        self.workspace.undo()
        after = self._text_for_diff(path)
        self.emit(Undone(step=self.step, path=path, diff=self.workspace.diff(before, after, path).unified))
        self._record_change("undo", [path])
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
        self._record_change("undo", paths)
        self._pending_notes.append(prompts.undo_command_feedback(checkpoint.command, paths))
        self.history.changes += 1
        if self.pending is not None and self.pending.depends_on_files:
            self._wake("recheck")
        return checkpoint.path

    # -- steering: the person changes course without rejecting anything -------------------------

    def _check_running(self, what: str) -> None:
        if self.ended:
            raise NotNow(f"the session has ended; {what}")
        if not self._started:
            raise NotNow(f"the session has not started yet; {what}")

    def set_approval_mode(self, mode: str) -> bool:
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
        self.approval_mode = mode  # type: ignore[assignment]
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
        text = clean_message(text)
        self._person_messages.append(text)
        self.emit(PersonMessage(step=self.step, text=text))

    @property
    def messages_waiting(self) -> int:
        """Messages from the person not yet sent to the model."""
        return len(self._person_messages)

    @property
    def model(self) -> str:
        """The model the next request names: a switch not yet applied, or the backend's."""
        if self._switch is not None:
            return self._switch.model
        return str(getattr(self.backend, "model", ""))

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
        switch = self._switch or PendingSwitch(model)
        switch.model = model
        if forced_think is not None:
            switch.forced_think = forced_think
        if thinks is False:
            switch.no_thinking = True  # asking a model that cannot think to think gets a 400
        self._switch = switch
        self.emit(ModelSwitched(step=self.step, model=model, previous=previous))
        return True

    def _apply_switch(self) -> None:
        """A switch made since the last request takes effect: called before a request is built."""
        switch, self._switch = self._switch, None
        if switch is None:
            return
        self.backend.model = switch.model  # type: ignore[attr-defined]
        if switch.forced_think is not None:
            self.config.forced_think = switch.forced_think
        if switch.no_thinking:
            self.config.think = False

    def _take_person_messages(self) -> str:
        if not self._person_messages:
            return ""
        text = message_for_model(self._person_messages)
        self._person_messages.clear()
        return text

    def _deliver_person_messages(self) -> None:
        """Messages still waiting when a request goes out (the retry after an error, or a message
        sent before the first reply) join the last user message: the model reads them now."""
        text = self._take_person_messages()
        if not text:
            return
        last = self.messages[-1] if self.messages else None
        if last is not None and last.get("role") == "user":
            self.messages[-1] = {**last, "content": last["content"] + "\n\n" + text}
        else:
            self.messages.append({"role": "user", "content": text})

    def _wake(self, why: str) -> None:
        if self._interrupt is not None and not self._interrupt.done():
            self._interrupt.set_result(why)

    async def _ask_person(self, call: Awaitable[T]) -> T | str:
        """Await the decider, unless the session is told to stop or to re-check first: then the
        decider's call is cancelled and the reason ("stop", "recheck") returned instead."""
        if self.stop_reason is not None:
            if inspect.iscoroutine(call):
                call.close()
            return "stop"
        self._interrupt = asyncio.get_running_loop().create_future()
        task = asyncio.ensure_future(call)
        try:
            await asyncio.wait({task, self._interrupt}, return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            task.cancel()
            raise
        finally:
            interrupt, self._interrupt = self._interrupt, None
        if task.done():
            return task.result()
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
        return interrupt.result()

    def abort(self, reason: str) -> None:
        """End now, without awaiting anything: for an app that must go at once (its terminal is
        gone). The end is logged and the log closed; running commands are killed."""
        kill_live_commands()
        if not self.ended:
            self._end_now("stopped", reason)
        if self.log is not None:
            self.log.close()

    # -- the loop --------------------------------------------------------------------------

    def _text_for_diff(self, path: str) -> str | None:
        try:
            return self.workspace.read_text_or_none(path)
        except (WorkspaceError, PathEscape):
            return None

    async def _take_baseline(self) -> None:
        """What the workspace holds at the start, for the net diff and the `done` guards. It walks
        and hashes files (bounded), so it runs on a worker thread, not on the screen's loop; it
        also removes temp files left by a write that was killed."""
        if self._baseline_taken:
            return

        def take() -> tuple[dict[str, FileStamp], dict[str, FileStamp], dict[str, str], WorkspaceRecorded | None]:
            self.workspace.remove_stale_temp_files()
            stamps = self.workspace.snapshot()
            start = self._carried_start()
            if start is not None:
                # A fork counts its net change from the original's start, which its log carries.
                return stamps, *start_of(start, stamps, BASELINE_FILE_LIMIT), None
            recorded = WorkspaceRecorded(step=0, files=record_files(self.workspace, stamps, stamps, BASELINE_BUDGET),
                                         bounds=BOUNDS, cut=len(stamps) >= MAX_SNAPSHOT_FILES)
            return stamps, stamps, baseline_texts(self.workspace, stamps), recorded

        now, self.history.baseline, self.baseline_texts, recorded = await asyncio.to_thread(take)
        self._recorded = dict(now)
        self._baseline_taken = True
        if recorded is not None:
            self.emit(recorded)

    def _carried_start(self) -> list[Any] | None:
        """The original's record of its start, when this session is a fork."""
        if self.resume is None:
            return None
        return next((e.files for e in self.resume.carried if e.type == "workspace_recorded"), [])

    def _carry(self) -> None:
        """A fork's start: the original's events up to the fork point, as they were logged (the
        step follows them, so a view files each under its own step), then where it came from."""
        assert self.resume is not None
        last_t = 0.0
        models = vocabulary(self.config.vocabulary)
        proposed: Action | None = None
        for event in self.resume.carried:
            self.step = event.step
            last_t = max(last_t, event.t)
            self.emit(event)
            # The guards remember the original's steps (a repeated failing command is still a repeat).
            if event.type == "action_proposed":
                model = models.get(str(event.action.get("action")))
                try:
                    proposed = model.model_validate(event.action) if model is not None else None
                except ValueError:
                    proposed = None
            elif event.type == "executed" and proposed is not None:
                self.history.record(event.step, proposed, ok=event.ok, changed_files=event.diff is not None)
            elif event.type == "undone":
                self.history.changes += 1
        if self.log is not None:
            self.log.continue_clock(last_t)
        self.step = self.resume.step
        if self.resume.note:
            self.emit(Notice(step=self.step, text=self.resume.note))

    async def run(self) -> SessionOutcome:
        """Run the session to its end; the log is opened here and closed when it ends, however."""
        if self.log_path is not None:
            self.log = EventLog(self.log_path, self.header)
        self._started = True
        try:
            if self.sandbox.note:  # off, or less than it should be (no namespaces here)
                self.emit(Notice(step=0, text=f"⚠ {self.sandbox.note}"))
            if self.resume is not None:
                self._carry()
            await self._take_baseline()
            while True:
                if self.stop_reason is not None:  # e.g. `s` while a command ran
                    return await self._end("stopped", self.stop_reason)
                if self.step >= self.config.step_cap:
                    return await self._end("step_cap", f"stopped at the step cap ({self.config.step_cap})")
                self.step += 1
                reply = await self._ask_model()
                if reply is None:
                    if self.stop_reason is not None:
                        return await self._end("stopped", self.stop_reason)
                    return await self._end("backend_error", "stopped after a backend error")
                outcome = await self._handle_reply(*reply)
                if outcome is not None:
                    return outcome
        except asyncio.CancelledError:
            # The app is closing mid-step: the log still says how the session ended.
            if not self.ended:
                self._end_now("stopped", self.stop_reason or "the app closed during the session")
            raise
        except Exception as exc:  # noqa: BLE001 — a bug must end the session in a sentence, logged
            if self.ended:
                raise
            return self._end_now("error", f"the session failed inside smallops ({type(exc).__name__}: {exc}); "
                                          "the log keeps everything up to here")
        finally:
            self.state = "ended"
            if self._flush_timer is not None:
                self._flush_timer.cancel()
                self._flush_timer = None
            if self.log is not None:
                self.log.close()

    async def _ask_model(self) -> tuple[str, str] | None:
        """Stream one reply; returns (answer, thinking), or None when the session must end.

        A reply whose reasoning is cut (the budget, or the person's `answer_now`) is asked again at
        once, with a nudge carrying the reasoning so far and reasoning off; a second cut in the same
        step ends the attempt like an error (retry or stop)."""
        attempt = 0
        nudged = False
        while True:
            attempt += 1
            self._apply_switch()  # before the state says `streaming`: this request's model is fixed here
            self.state = "streaming"
            self.emit(TurnStarted(step=self.step, attempt=attempt))
            self._deliver_person_messages()
            self._apply_context_rule()
            sent_estimate = estimate_tokens(self.messages)
            result: dict[str, Any] = {}
            self.reasoning_tokens, self._answer_started, self._cut_by = 0, False, None
            self._generation = asyncio.ensure_future(self._stream_into(result, think=False if nudged else None))
            try:
                await asyncio.shield(self._generation)
            except asyncio.CancelledError:
                if not self._generation.cancelled():
                    self._generation.cancel()
                    raise  # the session itself was cancelled
                if self._cut_by == "person" and self.stop_reason is None:
                    result["cut"] = "person"
                else:
                    reason = "stopped by the person" if self.stop_reason else "generation cancelled by the person"
                    result = {"error": ("cancelled", reason, "".join(result.get("partial", [])))}
            self._cut_by = None
            if "finished" in result:
                self._check_context(sent_estimate, result.get("prompt_tokens"))
                return result["finished"]
            if "cut" in result:
                reasoning = "".join(result.get("thinking", []))
                self.emit(reasoning_cut(self.step, result["cut"], self.reasoning_tokens, self.config.think_budget))
                if not nudged:
                    nudged = True
                    self._nudge(result["cut"], reasoning)
                    continue
                result["error"] = ("think_budget", "the model kept reasoning after it was asked to answer now",
                                   "".join(result.get("partial", [])))
            kind, message, partial = result.get("error", ("dropped", "the reply ended without a result", ""))
            self.emit(BackendError(step=self.step, kind=kind, message=message, partial=partial))
            if self.stop_reason is not None:
                return None
            self.state = "waiting_retry"
            answer = await self._ask_person(self.decider.after_backend_error(kind, message))
            if answer != "retry":
                return None
            nudged = False

    def _nudge(self, by: str, reasoning: str) -> None:
        """Ask for the action now: the reasoning so far and the instruction, sent with the next
        request (which turns reasoning off), kept in the conversation as what the model was told."""
        why = (f"it reached the thinking budget of {self.config.think_budget:,} tokens" if by == "budget"
               else "the person asked for your answer now")
        text = prompts.answer_now_nudge(reasoning, why)
        self.messages.append({"role": "user", "content": text})
        self.emit(NudgeSent(step=self.step, text=text, think=False))

    def _apply_context_rule(self) -> None:
        window = self.context_window
        if self.config.context_rule != "drop-oldest" or window is None:
            return
        kept, dropped = drop_oldest(self.messages, window.tokens, self.config.keep_turns)
        if dropped is not None:
            self.messages = kept
            self.emit(context_dropped(self.step, self.config.context_rule, dropped, window.tokens))

    def _check_context(self, sent_estimate: int, reported: int | None) -> None:
        window = self.context_window
        if window is not None:
            checked = self.emit(context_checked(self.step, sent_estimate, reported, window, self._context_warned))
            self._context_warned = checked.warning

    async def _stream_into(self, result: dict[str, Any], think: bool | None = None) -> None:
        options = dict(self.config.chat_options)
        options.update(think=self.config.think if think is None else think, forced_think=self.config.forced_think)
        if self.config.constrained:
            options["schema"] = self.turn_schema()
        partial: list[str] = []
        result["partial"] = partial  # joined only if the reply fails: joining per chunk is quadratic
        result["thinking"] = []
        try:
            await self._read_stream(options, partial, result)
        except Exception as exc:  # a backend bug or a hostile server: one sentence, the session goes on
            result["error"] = ("protocol", f"the backend failed: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}",
                               "".join(partial))

    def turn_schema(self) -> dict[str, Any]:
        """The JSON schema this turn's reply is constrained to (a bench lever narrows it per turn)."""
        return vocabulary_schema(self.config.vocabulary)

    async def _read_stream(self, options: dict[str, Any], partial: list[str], result: dict[str, Any]) -> None:
        step, emit = self.step, self.emit
        received = 0
        limit = self.config.max_reply_chars
        budget = self.config.think_budget
        reasoning_parts: list[str] = result["thinking"]
        stream = self.backend.stream_chat(self.messages, **options)
        async for event in stream:
            kind = event.kind
            if kind == "thinking" or kind == "content":
                received += len(event.text)
                if received > limit:
                    # Leaving the stream closes it, and with it the server's generation.
                    result["error"] = ("too_long", f"the reply passed {limit:,} characters without finishing and "
                                       "was cut off there", "".join(partial))
                    aclose = getattr(stream, "aclose", None)
                    if aclose is not None:
                        await aclose()
                    return
            if kind == "thinking":
                self.reasoning_tokens += 1  # one chunk, one token (see the README: Thinking budget)
                reasoning_parts.append(event.text)
                emit(ThinkingDelta(step=step, text=event.text))
                if budget is not None and self.reasoning_tokens >= budget and not self._answer_started:
                    result["cut"] = "budget"
                    aclose = getattr(stream, "aclose", None)
                    if aclose is not None:
                        await aclose()  # closing the stream ends the server's generation
                    return
            elif kind == "content":
                self._answer_started = True
                partial.append(event.text)
                emit(ContentDelta(step=step, text=event.text))
            elif kind == "loading":
                emit(ModelLoading(step=step, text=event.text))
            elif kind == "moved":
                emit(ReasoningMoved(step=step, text=event.text))
            elif kind == "notice":
                emit(Notice(step=step, text=event.text))
            elif kind == "finished":
                usage = event.usage
                content, thinking = _typed(event.content, str) or "", _typed(event.thinking, str) or ""
                tokens_per_second = _typed(getattr(usage, "tokens_per_second", None), float)
                self.last_tokens_per_second = tokens_per_second
                emit(ReplyFinished(
                    step=step, raw=content, thinking=thinking,
                    done_reason=_typed(getattr(usage, "done_reason", None), str),
                    prompt_tokens=_typed(getattr(usage, "prompt_tokens", None), int),
                    answer_tokens=_typed(getattr(usage, "answer_tokens", None), int),
                    tokens_per_second=tokens_per_second,
                    seconds=_typed(getattr(usage, "seconds", None), float),
                ))
                result["finished"] = (content, thinking)
                result["prompt_tokens"] = _typed(getattr(usage, "prompt_tokens", None), int)
            elif kind == "error" and event.error is not None:
                result["error"] = (event.error.kind, event.error.message, event.error.partial)

    async def _decide(self, proposal: Proposal) -> Choice | str:
        """The decider's choice on `proposal`, or "recheck" when the workspace changed under it."""
        self.state, self.pending = "deciding", proposal
        try:
            if self.approval_mode == "auto-low" and self.stop_reason is None and may_auto_approve(proposal):
                return Choice("approve", by="auto")
            answer = await self._ask_person(self.decider.decide(proposal))
        finally:
            self.pending = None
        if answer == "stop":
            return Choice("stop", reason=self.stop_reason or "stopped by the person")
        if answer == "auto":  # the person switched to auto-low while this LOW proposal waited
            return Choice("approve", by="auto")
        return answer

    async def _handle_reply(self, answer: str, thinking: str) -> SessionOutcome | None:
        self.messages.append({"role": "assistant", "content": answer})
        parsed = parse_reply_with_reasoning(answer, thinking, self.config.vocabulary)
        if parsed.action is None:
            return await self._handle_failure(parsed)
        proposal = await self.propose(parsed.action, parsed, source="model")
        while True:
            choice = await self._decide(proposal)
            if choice == "recheck":
                proposal = await self._recheck(proposal, parsed, "the workspace changed (an undo) while this was shown")
                continue
            assert isinstance(choice, Choice)
            self.emit(Decision(step=self.step, decision=choice.decision, by=choice.by, reason=choice.reason,
                               edited_action=choice.edited.to_json() if choice.edited else None))
            if choice.decision == "edit" and choice.edited is not None:
                proposal = await self.propose(choice.edited, parsed, source="person")
                continue
            if choice.decision == "approve" and not proposal.refused:
                try:
                    return await self._execute(proposal)
                except FileChanged as exc:
                    # Approved is applied or not at all: the person sees the new diff and decides again.
                    proposal = await self._recheck(proposal, parsed, str(exc))
                    continue
            break
        if choice.decision == "stop":
            return await self._end("stopped", choice.reason or "stopped by the person")
        assert proposal.action is not None
        if proposal.refused:
            # Whatever was decided, a refused action never runs; the model hears why.
            assert proposal.verdict is not None
            self._feedback(prompts.refused_feedback(proposal.action.action, "; ".join(proposal.verdict.reasons)))
            return None
        self._feedback(prompts.rejection_feedback(proposal.action.action, choice.reason))
        return None

    async def _recheck(self, proposal: Proposal, parsed: ParseResult, why: str) -> Proposal:
        assert proposal.action is not None
        self.emit(Notice(step=self.step, text=f"{why}: the proposal was checked again; decide on the new diff"))
        return await self.propose(proposal.action, parsed, source=proposal.source,
                                  note=f"shown again: {why}; the diff below is against the file as it is now")

    async def _handle_failure(self, parsed: ParseResult) -> SessionOutcome | None:
        assert parsed.failure is not None
        self.emit(ParseFailed(step=self.step, kind=parsed.failure.kind, message=parsed.failure.message,
                              raw=parsed.raw, repairs=repair_infos(parsed.repairs)))
        proposal = Proposal(self.step, parsed.raw, parsed.thinking, failure=parsed.failure, repairs=parsed.repairs)
        while True:
            choice = await self._decide(proposal)
            if isinstance(choice, Choice):
                break  # (an undo under a parse failure changes nothing shown)
        self.emit(Decision(step=self.step, decision=choice.decision, by=choice.by, reason=choice.reason))
        if choice.decision == "stop":
            return await self._end("stopped", choice.reason or "stopped by the person")
        self._feedback(prompts.parse_failure_feedback(parsed.failure.message, self.config.vocabulary))
        return None

    async def propose(self, action: Action, parsed: ParseResult, source: Literal["model", "person"],
                      note: str = "") -> Proposal:
        """Classify, guard and diff an action, and announce it.

        The assessment reads files and diffs them, so it runs on a worker thread: a large
        rewrite must not stall the screen that is about to show it.
        """
        self.state = "assessing"
        proposal = await asyncio.to_thread(self._assess, action, parsed, source)
        proposal.note = note
        self._announce(proposal)
        return proposal

    def _assess(self, action: Action, parsed: ParseResult, source: Literal["model", "person"]) -> Proposal:
        preview, preview_error = None, None
        if isinstance(action, (WriteFile, ReplaceLines, InsertLines)):
            preview, preview_error = try_preview(action, self.workspace)
        verdict = classify(action, self.workspace, preview)
        if isinstance(action, RunCommand) and not self.sandbox.confined:
            verdict = one_level_higher(verdict)  # nothing beneath the rules: they count for more
        flags = check_guards(action, self.workspace, self.history, preview)
        if isinstance(action, RunCommand) and (why := self.preimages.not_undoable(self._recorded)):
            flags.append(GuardFlag("not_undoable", f"not undoable: {why}"))
        repairs = parsed.repairs if source == "model" else []
        flags += derived_flags(verdict.rules, [r.detail for r in repairs if r.suspicious])
        net_diff = self.net_diff()[1] if isinstance(action, Done) else ""
        return Proposal(self.step, parsed.raw, parsed.thinking, action=action, repairs=repairs, verdict=verdict,
                        flags=flags, preview=preview, source=source, net_diff=net_diff, preview_error=preview_error)

    def _announce(self, proposal: Proposal) -> None:
        action, verdict, preview = proposal.action, proposal.verdict, proposal.preview
        assert action is not None and verdict is not None
        # What the diff pane shows is logged with the proposal: an edit's diff, or at `done` the
        # session's net change beside the claim.
        diff = preview.diff.unified if preview is not None else (proposal.net_diff if isinstance(action, Done) else None)
        self.emit(ActionProposed(
            step=self.step, action=action.to_json(), verdict=verdict_info(verdict), flags=flag_infos(proposal.flags),
            repairs=repair_infos(proposal.repairs), diff=diff, source=proposal.source, note=proposal.note,
        ))

    async def _execute(self, proposal: Proposal) -> SessionOutcome | None:
        action = proposal.action
        assert action is not None
        if isinstance(action, Done):
            return await self._end("done", action.summary, proposal.flags)
        self.state = "executing"
        is_command = isinstance(action, RunCommand)
        # What a command changes is whatever differs afterwards: the workspace is stamped around it.
        before = await asyncio.to_thread(self.workspace.snapshot, self._recorded) if is_command else None
        kept = await asyncio.to_thread(self.preimages.capture, self.workspace) if is_command else None
        self._command_cancel = asyncio.Event()
        context = ExecutionContext(self.workspace, self.sandbox, self.config.command_timeout, self.step,
                                   self._command_cancel, stop_reason=lambda: self.stop_reason)
        try:
            done = await execute(proposal, context)
        finally:
            self._command_cancel = None
        self.history.record(self.step, action, ok=done.ok, changed_files=done.changed_files)
        self.emit(Executed(step=self.step, action=action.action, ok=done.ok, summary=done.summary,
                           exit_code=done.exit_code, output=done.output, diff=done.diff, duration=done.duration))
        if before is not None:
            after = await asyncio.to_thread(self.workspace.snapshot, before)
            changed = changed_paths(before, after)
            await self._push_command_checkpoint(action.command, kept, after, bool(changed))  # type: ignore[union-attr]
            await self._record_change_async("command", changed, after)
        elif done.changed_files and proposal.preview is not None:
            await self._record_change_async("edit", [proposal.preview.path])
        self._feedback(done.feedback)
        return None

    async def _push_command_checkpoint(self, command: str, kept: Any, after: dict[str, FileStamp],
                                       changed: bool) -> None:
        """What `u` undoes after this command: its changes (a command that changed nothing adds
        nothing), or, past the bound, a checkpoint that says why it cannot be undone."""
        if isinstance(kept, str):
            if changed:
                self.workspace.checkpoints.append(CommandCheckpoint.refused(command, kept))
            return
        checkpoint = await asyncio.to_thread(CommandCheckpoint.of, command, kept, after, self.workspace)
        if checkpoint.changes_anything:
            self.workspace.checkpoints.append(checkpoint)

    def _stamps_with(self, paths: list[str]) -> dict[str, FileStamp]:
        """The recorded stamps, with `paths` stamped as they are now (a path gone is dropped)."""
        stamps = dict(self._recorded)
        for rel in paths:
            stamp = self.workspace.stamp(rel)
            if stamp is None:
                stamps.pop(rel, None)
            else:
                stamps[rel] = stamp
        return stamps

    def _record_change(self, by: Literal["edit", "undo", "command"], paths: list[str]) -> None:
        """Log the files `paths` as they are now (a FilesChanged event), so a rebuild can follow.
        On the caller's thread: for an undo, which has just read the same file."""
        if paths:
            stamps = self._stamps_with(paths)
            self._emit_change(by, stamps, record_files(self.workspace, stamps, paths, CHANGE_BUDGET))

    async def _record_change_async(self, by: Literal["edit", "undo", "command"], paths: list[str],
                                   stamps: dict[str, FileStamp] | None = None) -> None:
        """`_record_change` with the file work off the event loop; `stamps`: already taken."""
        if not paths:
            return
        if stamps is None:
            stamps = await asyncio.to_thread(self._stamps_with, paths)
        files = await asyncio.to_thread(record_files, self.workspace, stamps, paths, CHANGE_BUDGET)
        self._emit_change(by, stamps, files)

    def _emit_change(self, by: Literal["edit", "undo", "command"], stamps: dict[str, FileStamp],
                     files: list[Any]) -> None:
        self._recorded = stamps
        if files:  # (a change only inside a tool directory is not recorded: see recording.py)
            self.emit(FilesChanged(step=self.step, by=by, files=files))

    def _feedback(self, text: str) -> None:
        if self._pending_notes:
            text = "\n".join(self._pending_notes) + "\n" + text
            self._pending_notes.clear()
        if said := self._take_person_messages():  # last: what the model reads just before it answers
            text += "\n\n" + said
        self.emit(FeedbackSent(step=self.step, text=text))
        self.messages.append({"role": "user", "content": text})

    def net_diff(self) -> tuple[NetChanges, str]:
        """What the session changed on disk since it started, as unified diffs (reads every file:
        call it off the UI thread)."""
        if not self._baseline_taken:  # ended while the starting state was still being recorded
            return NetChanges(), "the session ended before its starting state was recorded\n"
        net = self.workspace.net_changes(self.history.baseline)
        parts = [f"net change since the session started: {net.describe()}\n"]
        for path in net.created + net.modified:
            if path in net.modified and path not in self.baseline_texts:
                parts.append(f"{path}: changed (too large to keep its starting text for a diff)\n")
                continue
            try:
                after = self.workspace.read_text_or_none(path)
            except (WorkspaceError, PathEscape) as exc:  # a link out, a file grown too large, ...
                parts.append(f"{path}: changed ({exc})\n")
                continue
            if after is None:
                parts.append(f"{path}: changed (not a regular file now)\n")
                continue
            parts.append(self.workspace.diff(self.baseline_texts.get(path), after, path).unified)
        parts += [f"deleted: {path}\n" for path in net.deleted]
        return net, "".join(parts)

    async def _end(self, status: Any, summary: str, flags: list[GuardFlag] | None = None) -> SessionOutcome:
        net, diff = await asyncio.to_thread(self.net_diff)
        return self._ended(status, summary, list(flags or []), net, diff)

    def _end_now(self, status: Any, summary: str) -> SessionOutcome:
        """`_end` without awaiting: for a session cancelled while the app closes."""
        try:
            net, diff = self.net_diff()
        except Exception as exc:  # noqa: BLE001 — the end must be logged whatever the disk says
            net, diff = NetChanges(), f"the net change could not be computed: {exc}\n"
        return self._ended(status, summary, [], net, diff)

    def _ended(self, status: Any, summary: str, flags: list[GuardFlag], net: NetChanges, diff: str) -> SessionOutcome:
        self.ended = True
        self.state = "ended"
        if self._person_messages:  # logged when written, never sent: the log must not suggest otherwise
            count = len(self._person_messages)
            self._person_messages.clear()
            self.emit(Notice(step=self.step, text=f"{count} message{'s' if count > 1 else ''} from you never reached "
                                                  "the model: the session ended before its next turn"))
        self.emit(SessionEnded(step=self.step, reason=status, summary=summary, created=list(net.created),
                               modified=list(net.modified), deleted=list(net.deleted), flags=flag_infos(flags),
                               diff=diff))
        return SessionOutcome(status, summary, self.step, net.created, net.modified, net.deleted, flags, diff)
