"""The session's voice: each event handed to the log and to the listeners, in that order.

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
        self.listeners: list[Listener] = []
        self._failed_listeners: set[int] = set()
        self._flush_timer: asyncio.TimerHandle | None = None

    def open(self, path: Path, header: SessionHeader) -> None:
        """Open the log, headed by `header`."""
        self.log = EventLog(path, header)

    def close(self) -> None:
        if self._flush_timer is not None:
            self._flush_timer.cancel()
            self._flush_timer = None
        if self.log is not None:
            self.log.close()

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
            self.emit(Notice(step=self._step(), text=problem))
        return event

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
