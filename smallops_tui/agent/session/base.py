"""The session's state and its voice: everything a session holds, each event handed to the log
and the listeners (one that raises is reported, never fatal), and the wait on the person that a
stop or a re-check can interrupt. The loop (loop.py), the model turn (turn.py) and the controls
(controls.py) build on it.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Literal, TypeVar

from ..files.workspace import PathEscape, Workspace, WorkspaceError
from ..files.command_undo import PreImages
from ..log.events import Event, Notice, SessionEnded, SessionHeader
from ..log.writer import DELTA_FLUSH_SECONDS, EventLog
from ..reply.backend import Backend
from ..sandbox.confine import Sandbox, resolve_sandbox
from . import prompts
from .changes import ChangeRecorder
from .config import Message, NotNow, Resume, SessionConfig
from .context import ContextWindow
from .decisions import Decider, Proposal
from .guards import SessionHistory
from .project_tests import ProjectTests
from .records import make_header
from .reply_reader import ReplyReader
from .steering import APPROVAL_MODES, ApprovalMode, Steering

T = TypeVar("T")
E = TypeVar("E", bound=Event)
State = Literal["ready", "streaming", "assessing", "deciding", "executing", "waiting_retry", "ended"]
Listener = Callable[[Event], object]


class SessionBase:
    def __init__(self, backend: Backend, workspace: Workspace, config: SessionConfig, decider: Decider,
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
        # The start is taken when the session runs, off the event loop (changes.py).
        self.history = SessionHistory(baseline={}, task=config.task)
        self.changes = ChangeRecorder(workspace, self.history, self.emit)
        self.messages: list[Message] = [
            {"role": "system", "content": prompts.system_prompt(config.vocabulary)},
            {"role": "user", "content": prompts.task_message(config.task)},
        ]
        self.resume = resume
        if resume is not None:
            self.messages = [dict(m) for m in resume.messages]
        if not self.header.opening:  # a fork's opening is the original's (its first two messages)
            self.header.opening = [dict(m) for m in self.messages[:2]]
        self.step = 0
        self.state: State = "ready"
        self.pending: Proposal | None = None  # the proposal a decision is awaited on
        self.last_tokens_per_second: float | None = None
        self._generation: asyncio.Task[None] | None = None
        self._pending_notes: list[str] = []
        self._interrupt: asyncio.Future[str] | None = None  # ends a wait on the person: "stop" or "recheck"
        self.stop_reason: str | None = None  # set by request_stop: the person ended the session
        self.ended = False
        # The OS sandbox commands run in (SandboxUnavailable if one named explicitly cannot be had).
        self.sandbox: Sandbox = resolve_sandbox(config.sandbox, config.allow_network, config.pass_env, config.bounds)
        self.project_tests = ProjectTests(workspace, self.sandbox)  # run at `done` (and after changes: `tests` lever)
        self._command_cancel: asyncio.Event | None = None
        self.preimages = PreImages()  # the workspace before each command, so `u` can undo it
        self.approval_mode: ApprovalMode = "auto-low" if config.approval_mode == "auto-low" else "manual"
        self.steering = Steering()  # the person's messages and a model switch, for the next request
        self._started = False
        # The reply streaming now: its reasoning chunks (the budget's tokens), and whether the
        # answer has begun (then there is no reasoning left to cut).
        self._reader = ReplyReader(0, self.emit, config.max_reply_chars, config.think_budget)
        self._cut_by: str | None = None  # "person" while `answer_now` cancels the stream
        self._context_warned = False  # the last context check was at or past 80%

    @property
    def reasoning_tokens(self) -> int:
        """Reasoning chunks of the reply streaming now (one token each on Ollama and llama.cpp)."""
        return self._reader.reasoning_tokens

    @property
    def context_window(self) -> ContextWindow | None:
        window = self.config.context_window
        return ContextWindow(window, self.config.context_source or "set") if window else None

    def emit(self, event: E) -> E:
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

    async def events(self) -> AsyncIterator[Event]:
        """Every event from now on, as an async stream that ends with `session_ended`."""
        queue: asyncio.Queue[Event] = asyncio.Queue()
        self.listeners.append(queue.put_nowait)
        try:
            while True:
                event = await queue.get()
                yield event
                if isinstance(event, SessionEnded):
                    return
        finally:
            self.listeners.remove(queue.put_nowait)

    def _check_running(self, what: str) -> None:
        if self.ended:
            raise NotNow(f"the session has ended; {what}")
        if not self._started:
            raise NotNow(f"the session has not started yet; {what}")

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
        waiting: set[asyncio.Future[T] | asyncio.Future[str]] = {task, self._interrupt}  # the decider's answer, or an interrupt
        try:
            await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
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

    def _text_for_diff(self, path: str) -> str | None:
        try:
            return self.workspace.read_text_or_none(path)
        except (WorkspaceError, PathEscape):
            return None
