"""The session's voice: each event handed to the log and to the listeners, in that order.

The log is open while a task runs. Between tasks (`resting`), an event (an approval-mode switch)
is still written: the log is opened for it and closed again, so a crash while the session waits
for its next task loses nothing.

A listener that raises is reported once, as a notice, never fatal (a view's bug must not end the
session or its log). Streamed deltas wait in the log's batch; a timer hands them to the disk
within DELTA_FLUSH_SECONDS even when the stream pauses. `events()` is the same stream as an async
iterator that ends with `session_ended`.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TypeVar

from ..log.events import Event, Notice, SessionEnded, SessionHeader
from ..log.writer import DELTA_FLUSH_SECONDS, EventLog

E = TypeVar("E", bound=Event)
Listener = Callable[[Event], object]


class Voice:
    """Where a session's events go: its log (open while a task runs) and its listeners."""

    def __init__(self, step: Callable[[], int]) -> None:
        self._step = step  # the step a notice of the voice's own is filed under
        self.log: EventLog | None = None
        self.resting = False  # between two tasks: the log is closed, and reopened for an event
        self._path: Path | None = None
        self._header: SessionHeader | None = None
        self._origin: float | None = None  # the monotonic moment the log's times count from, in this process
        self._last_t = 0.0  # the last time a log written by another process holds
        self.listeners: list[Listener] = []
        self._failed_listeners: set[int] = set()
        self._flush_timer: asyncio.TimerHandle | None = None

    def open(self, path: Path, header: SessionHeader, *, appending: bool = False) -> None:
        """Open the log: a new one headed by `header`, or (`appending`) the session's own, which goes
        on (its times follow the first task's in this process, else the last one logged)."""
        self.log = EventLog(path, header, appending=appending, origin=self._origin)
        if appending and self._origin is None:
            self.log.continue_clock(self._last_t)
        self._path, self._header, self._origin = path, header, self.log.origin
        self.resting = False

    def rest_on(self, path: Path, header: SessionHeader, last_t: float) -> None:
        """A logged session taken up again: its log goes on (its times after `last_t`) at the next
        task, and an event before that is written to it at once."""
        self._path, self._header, self._last_t = path, header, last_t
        self.resting = True

    def close(self) -> None:
        if self._flush_timer is not None:
            self._flush_timer.cancel()
            self._flush_timer = None
        if self.log is not None:
            self.log.close()

    def emit(self, event: E) -> E:
        log = self.log
        if self.resting and (log is None or log.closed):
            self._write_between_tasks(event)
        elif log is not None:
            log.write(event)
            if log.has_buffered_deltas and self._flush_timer is None:
                self._flush_timer = asyncio.get_running_loop().call_later(DELTA_FLUSH_SECONDS, self._flush_log)
        for listener in self.listeners[:]:
            try:
                listener(event)
            except Exception as exc:  # noqa: BLE001 — a view's bug must not end the session or its log
                self._listener_failed(listener, exc)
        log = self.log  # (a new one, when the event was written between tasks)
        problem = log.take_problem() if log is not None else None
        if problem:
            self.emit(Notice(step=self._step(), text=problem))
        return event

    def _write_between_tasks(self, event: Event) -> None:
        if self._path is None or self._header is None:
            return  # no log
        try:
            log = EventLog(self._path, self._header, appending=True, origin=self._origin)
        except OSError as exc:
            self.resting = False  # said once; later events reach the listeners only
            self._say_soon(f"the session log cannot be reopened ({exc.strerror or exc}): {self._path}")
            return
        if self._origin is None:
            log.continue_clock(self._last_t)
        self._origin = log.origin
        log.write(event)
        log.close()
        self.log = log

    def _say_soon(self, text: str) -> None:
        """A notice for the listeners, after the event at hand has reached them."""
        asyncio.get_running_loop().call_soon(lambda: self.emit(Notice(step=self._step(), text=text)))

    def _flush_log(self) -> None:
        """Streamed deltas reach the disk within DELTA_FLUSH_SECONDS even if the stream pauses."""
        self._flush_timer = None
        if self.log is not None:
            self.log.flush()
            problem = self.log.take_problem()
            if problem:
                self.emit(Notice(step=self._step(), text=problem))

    def _listener_failed(self, listener: Listener, exc: Exception) -> None:
        if id(listener) in self._failed_listeners:
            return  # said once; it keeps getting events in case it recovers
        self._failed_listeners.add(id(listener))
        first = str(exc).splitlines()[0] if str(exc) else ""
        self.emit(Notice(step=self._step(), text=f"a view of the session failed ({type(exc).__name__}: {first}); "
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
