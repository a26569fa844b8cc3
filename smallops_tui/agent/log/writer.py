"""The log's writer: one session's events appended to its JSONL file as they happen.

Every event is written at once and the file fsynced at decisions and executions, except streamed
deltas: those are batched (written every DELTA_FLUSH_SECONDS, or at DELTA_FLUSH_BYTES, and
before any other event), so a reply sent one token per chunk costs one write per batch, not one
per token. A crash (even `kill -9`) loses at most the deltas of the last batch; the log up to
there replays. The owner of the log calls `flush()` when no delta has come for a while
(Session does, with a timer). It never raises for a disk that is full or
gone: lines it cannot write are kept in memory (a line is written whole or not at all, so the
file never holds half of one) and written as soon as the disk takes them again; the session
hears about the problem once, as a sentence (`take_problem`).
"""

from __future__ import annotations

import errno
import json
import os
import time
from json.encoder import encode_basestring, encode_basestring_ascii
from pathlib import Path
from typing import TypeVar

from .events import (
    ApprovalModeChanged, Decision, Event, Executed, FilesChanged, ModelSwitched, PersonMessage, SessionEnded,
    SessionHeader, StreamedText, Undone,
)
from .json_value import JsonObject

E = TypeVar("E", bound=Event)
# Events after which the log is fsynced: a decision taken or a change made must survive a crash.
DURABLE_EVENTS = (Decision, Executed, Undone, SessionEnded, FilesChanged, ApprovalModeChanged, PersonMessage,
                  ModelSwitched)
DELTA_FLUSH_SECONDS = 0.05  # streamed deltas reach the disk at least this often while they flow
DELTA_FLUSH_BYTES = 64 * 1024  # ... or once this much is waiting
MAX_PENDING_BYTES = 64_000_000  # lines kept in memory while the disk refuses them; beyond, deltas are dropped
# What the log's own notices begin with (its trouble, its recovery): the screen shows these as a toast.
LOG_NOTICE = "the session log "


def encode_delta(event: StreamedText) -> bytes:
    """A delta's line, laid out exactly as `encode_line(event.model_dump())` lays it out (the lazy
    reader relies on that layout), without building the dict: a reply can have 100,000 deltas."""
    try:
        return ('{"t":%r,"step":%d,"type":"%s","text":%s}\n'
                % (float(event.t), event.step, event.type, encode_basestring(event.text))).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: JSON escapes, as encode_line does
        return ('{"t":%r,"step":%d,"type":"%s","text":%s}\n'
                % (float(event.t), event.step, event.type, encode_basestring_ascii(event.text))).encode("ascii")


def encode_line(data: JsonObject) -> bytes:
    """One log line. UTF-8 as written; a lone surrogate (a model may send "\\ud800") cannot be
    UTF-8, so such a line is written with JSON escapes, which read back as the same text."""
    try:
        return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
    except UnicodeEncodeError:
        return (json.dumps(data, ensure_ascii=True, separators=(",", ":")) + "\n").encode("ascii")


class EventLog:
    """Append-only writer of one session's log: a new one (its header first), or, `appending`, one
    that goes on (a follow-up task, a session continued): the header is already there, the file must
    be, and its times go on from `origin` (the monotonic start of the session in this process) or,
    in another process, from the last time logged (`continue_clock`)."""

    def __init__(self, path: str | os.PathLike[str], header: SessionHeader, *, appending: bool = False,
                 origin: float | None = None) -> None:
        self.path = Path(path)
        self._fd: int | None = None
        self._created = appending
        self._closed = False
        self._good = 0  # bytes of whole lines on disk
        self._pending: list[bytes] = []
        self._pending_bytes = 0
        self._dropped = 0
        self._failing = False
        self._problem: str | None = None
        self._deltas: list[bytes] = []  # encoded deltas not yet handed to the disk
        self._delta_bytes = 0
        self._deltas_since = 0.0  # when the oldest of them arrived
        self._started = time.monotonic() if origin is None else origin
        self.header = header
        if appending:
            # FileNotFoundError (not a new file without its header) when the log is gone.
            self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CLOEXEC)
            self._good = self._whole_lines()  # a disk that fills up rewinds to here, never further
            return
        self._write_line(header.model_dump(mode="json", by_alias=True))
        self._sync()

    def _whole_lines(self) -> int:
        """The bytes of whole lines in the file being appended to. A line cut off by a crash (the
        app killed mid-write: it was never readable) is dropped, and said, so the next line is not
        glued to it."""
        assert self._fd is not None
        size = end = os.fstat(self._fd).st_size
        while end > 0:
            start = max(0, end - 64 * 1024)
            chunk = os.pread(self._fd, end - start, start)
            cut = chunk.rfind(b"\n")
            if cut >= 0:
                end = start + cut + 1
                break
            end = start
        if end == 0 and size:  # not even its header is whole: this is no log to go on with
            raise OSError(errno.EINVAL, "the log holds no whole line")
        if end < size:
            os.ftruncate(self._fd, end)
            os.fsync(self._fd)
            self._problem = (f"the log's last line was cut off ({size - end:,} bytes: the app stopped while writing "
                             "it); it was dropped before the session went on")
        return end

    @property
    def origin(self) -> float:
        """The monotonic moment the log's times count from."""
        return self._started

    def _open(self) -> int:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        flags = os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC | os.O_CREAT | (0 if self._created else os.O_EXCL)
        fd = os.open(self.path, flags, 0o644)
        self._created = True
        return fd

    def continue_clock(self, t: float) -> None:
        """Times from here on follow `t` (a fork's log goes on after the events it carried)."""
        self._started = min(self._started, time.monotonic() - t)

    def elapsed(self) -> float:
        return round(time.monotonic() - self._started, 4)

    def write(self, event: E) -> E:
        if not event.t:
            event.t = self.elapsed()
        if isinstance(event, StreamedText):
            self._buffer_delta(encode_delta(event))
        else:
            self._write_event(event)
        return event

    def _write_event(self, event: Event) -> None:
        self.flush()  # the deltas before this event go first: the log keeps the order of events
        self._write_line(event.model_dump(mode="json"))
        if isinstance(event, DURABLE_EVENTS):
            self._sync()

    def _buffer_delta(self, line: bytes) -> None:
        if self._closed:
            return
        now = time.monotonic()
        if not self._deltas:
            self._deltas_since = now
        self._deltas.append(line)
        self._delta_bytes += len(line)
        if self._delta_bytes >= DELTA_FLUSH_BYTES or now - self._deltas_since >= DELTA_FLUSH_SECONDS:
            self.flush()

    @property
    def has_buffered_deltas(self) -> bool:
        return bool(self._deltas)

    def flush(self) -> None:
        """Hand the batched deltas to the disk (one write for all of them)."""
        if not self._deltas or self._closed:
            return
        lines, self._deltas, self._delta_bytes = self._deltas, [], 0
        if self._pending_bytes + sum(map(len, lines)) > MAX_PENDING_BYTES and self._pending:
            self._dropped += len(lines)  # memory is bounded: streamed tokens go first, never a decision
            self._drain()
            return
        self._pending.append(b"".join(lines))
        self._pending_bytes += len(self._pending[-1])
        self._drain()

    def take_problem(self) -> str | None:
        """A sentence about the log's trouble (or its recovery) not yet told, once."""
        problem, self._problem = self._problem, None
        return problem

    @property
    def failing(self) -> bool:
        return self._failing

    @property
    def closed(self) -> bool:
        return self._closed

    def _write_line(self, data: JsonObject) -> None:
        if self._closed:
            return
        line = encode_line(data)
        self._pending.append(line)
        self._pending_bytes += len(line)
        self._drain()

    def _drain(self) -> None:
        try:
            if self._fd is None:
                self._fd = self._open()
            while self._pending:
                line = self._pending[0]
                written = os.write(self._fd, line)
                if written < len(line):  # the disk filled up mid-line: take the piece back
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                self._good += written
                self._pending.pop(0)
                self._pending_bytes -= written
        except FileExistsError:
            raise  # a name clash is the caller's mistake, not a full disk
        except OSError as exc:
            self._rewind()
            if not self._failing:
                self._failing = True
                self._problem = (f"{LOG_NOTICE}cannot be written ({exc.strerror or exc}); events are kept in "
                                 f"memory and written when the disk takes them again: {self.path}")
            return
        if self._failing:
            self._failing = False
            lost = f", except {self._dropped:,} streamed pieces of text" if self._dropped else ""
            self._problem = f"{LOG_NOTICE}is being written again; nothing was lost{lost}"

    def _rewind(self) -> None:
        if self._fd is None:
            return
        try:
            os.ftruncate(self._fd, self._good)
        except OSError:
            pass

    def _sync(self) -> None:
        if self._fd is None or self._pending:
            return
        try:
            os.fsync(self._fd)
        except OSError:
            pass

    def close(self) -> None:
        if self._closed:
            return
        self.flush()
        self._drain()
        self._sync()
        self._closed = True
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


