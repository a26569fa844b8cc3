"""The log's reader: a session log read back, as hostile input. It accepts a torn last line
(and says so), refuses a log written by a newer schema with a clear message, and tells a file that
is not a log from a damaged one. Streamed deltas, tens of thousands in a long log, are read as
plain records (and, for replay, decoded only when shown).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import get_args

from pydantic import ValidationError

from ..regular_files import IrregularFile, open_regular, read_regular
from .events import EVENT_ADAPTER, LOG_KIND, SCHEMA_VERSION, AnswerText, Event, ReasoningText, SessionHeader, StreamedText


class LogError(ValueError):
    """A file that cannot be replayed, with a sentence saying why."""


@dataclass
class LogContents:
    header: SessionHeader
    events: list[LoggedEvent] = field(default_factory=list)
    torn: bool = False  # the last line was cut off (the app was killed mid-write)
    warnings: list[str] = field(default_factory=list)


@contextmanager
def _read_errors_as_sentences(path: Path) -> Iterator[None]:
    """An OSError while reading `path`, as the LogError sentence the person reads."""
    try:
        yield
    except FileNotFoundError:
        raise LogError(f"{path} does not exist") from None
    except IsADirectoryError:
        raise LogError(f"{path} is a directory, not a session log") from None
    except IrregularFile as exc:
        raise LogError(str(exc)) from None
    except OSError as exc:
        raise LogError(f"{path} cannot be read: {exc.strerror}") from None


def read_log(path: str | os.PathLike[str], lazy_deltas: bool = False) -> LogContents:
    """Read a session log. Raises LogError with a plain sentence for anything unreadable.

    With `lazy_deltas`, streamed deltas are decoded when first read (see RawDelta); every other
    event, and the last line whatever it is, is validated now."""
    path = Path(path)
    with _read_errors_as_sentences(path):
        data = read_regular(path)
    text = data.decode("utf-8", errors="replace")
    if not text.strip():
        raise LogError(f"{path} is empty: not a session log")
    lines = text.split("\n")
    contents = LogContents(_header(path, lines[0]))
    _read_events(path, lines[1:], text.endswith("\n"), lazy_deltas, contents)
    return contents


HEADER_LIMIT = 4 * 1024 * 1024  # a header (the opening messages included) is far smaller; garbage may be any size


def read_header(path: str | os.PathLike[str]) -> SessionHeader:
    """Only the first line of a session log, checked as `read_log` checks it (LogError: a
    sentence); at most HEADER_LIMIT bytes are read, so a listing of many logs, or of a huge one,
    costs a line each."""
    path = Path(path)
    with _read_errors_as_sentences(path), open_regular(path) as f:
        first = f.readline(HEADER_LIMIT + 1)
    if not first.strip():
        raise LogError(f"{path} is empty: not a session log")
    if len(first) > HEADER_LIMIT:
        raise LogError(f"{path} is not a smallops session log (its first line is longer than "
                       f"{HEADER_LIMIT // (1024 * 1024)} MiB)")
    return _header(path, first.decode("utf-8", errors="replace").rstrip("\n"))


def _header(path: Path, line: str) -> SessionHeader:
    """The first line, checked: a session header of a schema this version reads."""
    try:
        first = json.loads(line)
    except (ValueError, RecursionError):  # not JSON, a 5,000-digit number, or nesting thousands deep
        raise LogError(f"{path} is not a smallops session log (its first line is not JSON)") from None
    if not isinstance(first, dict) or first.get("kind") != LOG_KIND:
        raise LogError(f"{path} is not a smallops session log (no session header)")
    version = first.get("schema")
    if not isinstance(version, int):
        raise LogError(f"{path} has a session header without a schema version")
    if version > SCHEMA_VERSION:
        raise LogError(
            f"{path} was written with log schema {version}, newer than this smallops understands "
            f"({SCHEMA_VERSION}); upgrade smallops-tui to replay it"
        )
    try:
        return SessionHeader.model_validate(first)
    except ValidationError as exc:
        raise LogError(f"{path} has a damaged session header ({_first_error(exc)})") from None


def _read_events(path: Path, body: list[str], ends_cleanly: bool, lazy_deltas: bool, contents: LogContents) -> None:
    """Every line after the header into `contents`; a torn last line (the app stopped mid-write)
    and lines of unknown types are said, anything else damaged is a LogError."""
    if body and body[-1] == "":
        body = body[:-1]
    for number, line in enumerate(body, start=2):
        is_last = number == len(body) + 1
        if not line.strip():
            continue
        if lazy_deltas and not is_last:
            raw_delta = _raw_delta(line)
            if raw_delta is not None:
                contents.events.append(raw_delta)
                continue
        try:
            contents.events.append(_event_from(json.loads(line)))
        except (ValueError, RecursionError) as exc:
            if is_last and not ends_cleanly:
                contents.torn = True
                contents.warnings.append(
                    f"the log ends with a cut-off line (the app stopped mid-write); replaying up to line {number - 1}"
                )
                break
            if isinstance(raw_type := _event_type(line), str) and raw_type not in _KNOWN_TYPES:
                contents.warnings.append(f"line {number}: unknown event type {raw_type!r} skipped")
                continue
            raise LogError(f"{path} line {number} is damaged: {_first_error(exc)}") from None


class LoggedDelta(StreamedText):
    """A streamed delta read back from a log: a plain record, since a log holds tens of thousands
    and building a pydantic model for each made reading a long log take seconds."""

    __slots__ = ("type", "text", "step", "t")
    type: str
    text: str
    step: int
    t: float

    def __init__(self, type: str, text: str, step: int, t: float) -> None:
        self.type, self.text, self.step, self.t = type, text, step, t

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.type!r}, {self.text!r}, step={self.step}, t={self.t})"


class LoggedThinking(LoggedDelta, ReasoningText):
    __slots__ = ()


class LoggedContent(LoggedDelta, AnswerText):
    __slots__ = ()


# How the writer lays out a delta (separators without spaces, fields in declaration order).
_DELTA_MARKERS = {'"type":"thinking_delta","text":': "thinking_delta", '"type":"content_delta","text":': "content_delta"}


class RawDelta(StreamedText):
    """A delta whose line is decoded only when its text or time is read (replay needs the
    deltas of the steps on screen, not of all 100,000 events, to draw its first frame)."""

    __slots__ = ("type", "step", "_line", "_decoded")
    type: str
    step: int

    def __init__(self, type: str, step: int, line: str) -> None:
        self.type, self.step, self._line = type, step, line
        self._decoded: LoggedDelta | None = None

    def _get(self) -> LoggedDelta:
        if self._decoded is None:
            event = _event_from(json.loads(self._line))
            if not isinstance(event, LoggedDelta) or event.step != self.step or event.type != self.type:
                raise LogError(f"a streamed delta of step {self.step} is damaged")
            self._decoded = event
        return self._decoded

    @property
    def text(self) -> str:
        return self._get().text

    @property
    def t(self) -> float:
        return self._get().t


class RawThinking(RawDelta, ReasoningText):
    __slots__ = ()


class RawContent(RawDelta, AnswerText):
    __slots__ = ()


_LOGGED: dict[str, type[LoggedThinking | LoggedContent]] = {"thinking_delta": LoggedThinking,
                                                             "content_delta": LoggedContent}
_RAW: dict[str, type[RawThinking | RawContent]] = {"thinking_delta": RawThinking, "content_delta": RawContent}
# What a log read back holds: validated events, and streamed deltas as plain records.
LoggedEvent = Event | LoggedThinking | LoggedContent | RawThinking | RawContent


def _raw_delta(line: str) -> RawThinking | RawContent | None:
    """A RawDelta when the line is laid out as the writer writes deltas, else None."""
    if not line.startswith('{"t":'):
        return None
    head = line[:80]
    kind = next((k for marker, k in _DELTA_MARKERS.items() if marker in head), None)
    if kind is None:
        return None
    start = head.find('"step":')
    end = head.find(",", start)
    if start < 0 or end < 0:
        return None
    number = head[start + 7 : end]
    return _RAW[kind](kind, int(number), line) if number.isdigit() else None


def _event_from(raw: object) -> Event | LoggedThinking | LoggedContent:
    """Validate one event; a delta's three fields are checked by hand (see LoggedDelta)."""
    if isinstance(raw, dict) and (logged := _LOGGED.get(str(raw.get("type")))) is not None:
        text, step, t = raw.get("text"), raw.get("step", 0), raw.get("t", 0.0)
        if isinstance(text, str) and type(step) is int and isinstance(t, (int, float)) and not isinstance(t, bool):
            return logged(raw["type"], text, step, float(t))
    return EVENT_ADAPTER.validate_python(raw)


# Every event type the Event union holds (one list to keep: the union's).
_KNOWN_TYPES = frozenset(m.model_fields["type"].default for m in get_args(get_args(Event)[0]))


def _event_type(line: str) -> object:
    """The line's `type` field, whatever it holds (None when the line is not an object)."""
    try:
        obj: object = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return obj.get("type") if isinstance(obj, dict) else None


def _first_error(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        err = exc.errors()[0]
        return f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"
    return str(exc)
