"""Session events and the JSONL log: one header line, then one event per line.

The writer writes every event at once and fsyncs at decisions and executions, except streamed
deltas: those are batched (written every DELTA_FLUSH_SECONDS, or at DELTA_FLUSH_BYTES, and
before any other event), so a reply sent one token per chunk costs one write per batch, not one
per token. A crash (even `kill -9`) loses at most the deltas of the last batch; the log up to
there replays. The owner of the log calls `flush()` when no delta has come for a while
(Session does, with a timer). It never raises for a disk that is full or
gone: lines it cannot write are kept in memory (a line is written whole or not at all, so the
file never holds half of one) and written as soon as the disk takes them again; the session
hears about the problem once, as a sentence (`take_problem`). The reader accepts a torn last line (and says
so), refuses a log written by a newer schema with a clear message, and tells a file that is
not a log from a damaged one. A live session and a replay are both folds over these events.
"""

from __future__ import annotations

import errno
import json
import os
from json.encoder import encode_basestring, encode_basestring_ascii  # type: ignore[attr-defined]
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Any, Literal, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

SCHEMA_VERSION = 1
LOG_KIND = "smallops-session"


class _Model(BaseModel):
    # Logs from later versions of the same schema may carry fields we do not know yet.
    model_config = ConfigDict(extra="ignore")


class SessionHeader(_Model):
    kind: Literal["smallops-session"] = LOG_KIND
    schema_version: int = Field(SCHEMA_VERSION, alias="schema")
    app_version: str = ""
    created: str = Field(default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds"))
    workspace: str = ""
    task: str = ""
    backend: str = ""
    url: str = ""
    model: str = ""
    options: dict[str, Any] = Field(default_factory=dict)
    vocabulary: str = "seed"
    step_cap: int | None = None
    approval_mode: str = "manual"  # how the session started (approval_mode_changed records each change)
    # The opening messages the model was sent (system prompt and task), so a fork carries them as
    # they were; older logs lack them (a fork then uses this version's).
    opening: list[dict[str, str]] = Field(default_factory=list)
    # For a session forked from a logged one: {"log": path, "step": k, "model": ..., "backend": ...}.
    forked_from: dict[str, Any] | None = None

    model_config = ConfigDict(extra="ignore", populate_by_name=True)


class _Event(_Model):
    t: float = 0.0  # seconds since the session started
    step: int = 0


class TurnStarted(_Event):
    type: Literal["turn_started"] = "turn_started"
    attempt: int = 1


class ThinkingDelta(_Event):
    type: Literal["thinking_delta"] = "thinking_delta"
    text: str


class ContentDelta(_Event):
    type: Literal["content_delta"] = "content_delta"
    text: str


class ReasoningMoved(_Event):
    """Answer text already shown turned out to be reasoning (a lone closing tag arrived)."""

    type: Literal["reasoning_moved"] = "reasoning_moved"
    text: str


class ReplyFinished(_Event):
    type: Literal["reply_finished"] = "reply_finished"
    raw: str
    thinking: str = ""
    done_reason: str | None = None
    prompt_tokens: int | None = None
    answer_tokens: int | None = None
    tokens_per_second: float | None = None
    seconds: float | None = None
    incomplete: bool = False


class RepairInfo(_Model):
    kind: str
    detail: str
    suspicious: bool = False


class FlagInfo(_Model):
    kind: str
    message: str
    step: int | None = None
    names: list[str] = Field(default_factory=list)


class VerdictInfo(_Model):
    level: str
    rules: list[str]
    reasons: list[str]
    refused: bool = False


class ParseFailed(_Event):
    type: Literal["parse_failed"] = "parse_failed"
    kind: str
    message: str
    raw: str
    repairs: list[RepairInfo] = Field(default_factory=list)


class ActionProposed(_Event):
    type: Literal["action_proposed"] = "action_proposed"
    action: dict[str, Any]
    verdict: VerdictInfo
    flags: list[FlagInfo] = Field(default_factory=list)
    repairs: list[RepairInfo] = Field(default_factory=list)
    diff: str | None = None
    source: Literal["model", "person"] = "model"
    note: str = ""  # why the proposal is shown again (the file changed since it was first shown)


class Decision(_Event):
    type: Literal["decision"] = "decision"
    decision: Literal["approve", "reject", "edit", "stop"]
    by: Literal["human", "policy", "auto"] = "human"  # auto: approved by the auto-approve-LOW mode
    reason: str = ""
    edited_action: dict[str, Any] | None = None


class Executed(_Event):
    type: Literal["executed"] = "executed"
    action: str
    ok: bool
    summary: str
    exit_code: int | None = None
    output: str | None = None
    diff: str | None = None
    duration: float | None = None


class Undone(_Event):
    type: Literal["undone"] = "undone"
    path: str  # the file put back; for a command, "the command `…`"
    diff: str | None = None
    command: str | None = None  # the command whose effect was undone (None: a file edit)
    paths: list[str] = Field(default_factory=list)  # every file a command's undo put back or removed


class FeedbackSent(_Event):
    type: Literal["feedback_sent"] = "feedback_sent"
    text: str


class BackendError(_Event):
    type: Literal["backend_error"] = "backend_error"
    kind: str
    message: str
    partial: str = ""


class Notice(_Event):
    """Something the app did on its own that a reader of the log should know (a retry, ...)."""

    type: Literal["notice"] = "notice"
    text: str


class ApprovalModeChanged(_Event):
    """The person switched the approval mode (`a`): "manual" or "auto-low"."""

    type: Literal["approval_mode_changed"] = "approval_mode_changed"
    mode: str


class PersonMessage(_Event):
    """The person's words to the model (`m`), sent with its next turn; nothing was rejected."""

    type: Literal["person_message"] = "person_message"
    text: str


class ModelSwitched(_Event):
    """The person switched the model mid-session; the next request uses it."""

    type: Literal["model_switched"] = "model_switched"
    model: str
    previous: str = ""


class ModelLoading(_Event):
    """The backend is loading the model before it can answer (the embedded model, a cold Ollama)."""

    type: Literal["model_loading"] = "model_loading"
    text: str


class ReasoningCut(_Event):
    """The model's reasoning was stopped before it answered: at the thinking budget, or by the
    person's key. `tokens` counts the reasoning chunks received (one token each on Ollama and
    llama.cpp); the stream was closed, so the server stopped generating."""

    type: Literal["reasoning_cut"] = "reasoning_cut"
    by: Literal["budget", "person"]
    tokens: int
    budget: int | None = None


class NudgeSent(_Event):
    """The message that asks the model to answer now, sent with the next request (reasoning off)."""

    type: Literal["nudge_sent"] = "nudge_sent"
    text: str
    think: bool | str | None = False  # what the nudge's request asked for reasoning


class ContextChecked(_Event):
    """How much of the context window a request filled, and whether the server kept all of it.
    `sent_estimate` follows agent/session/context.py's rule; `reported` is the server's prompt count."""

    type: Literal["context_checked"] = "context_checked"
    sent_estimate: int
    reported: int | None = None
    window: int
    window_source: str = ""
    used: int
    percent: float
    warning: bool = False  # at or past 80% of the window
    crossed: bool = False  # the first warning since the prompt was last under 80% (the conversation says so once)
    truncated: bool = False  # the model did not see the whole conversation


class ContextDropped(_Event):
    """The drop-oldest rule took older messages out of the conversation before a request."""

    type: Literal["context_dropped"] = "context_dropped"
    rule: str
    dropped: list[str] = Field(default_factory=list)  # one description per message
    estimate_before: int
    estimate_after: int
    window: int


class FileRecord(_Model):
    """One file as the log keeps it: its content (UTF-8 text, or base64), or its fingerprint only
    (size and sha256) when it was over the recording bounds (recording.py)."""

    path: str
    kind: Literal["file", "symlink", "other", "deleted"] = "file"
    size: int = 0
    digest: str | None = None
    mode: int | None = None
    text: str | None = None
    b64: str | None = None
    link: str = ""  # a symlink's target

    @property
    def kept(self) -> bool:
        """Whether the record can put the file back (not a fingerprint only)."""
        return self.kind in ("symlink", "deleted") or self.text is not None or self.b64 is not None


class WorkspaceRecorded(_Event):
    """The workspace as the session found it (step 0), so any step can be rebuilt from the log."""

    type: Literal["workspace_recorded"] = "workspace_recorded"
    files: list[FileRecord] = Field(default_factory=list)
    bounds: str = ""  # what was kept by fingerprint only, in words
    cut: bool = False  # the walk stopped at its cap (workspace.MAX_SNAPSHOT_FILES): files beyond are not listed


class FilesChanged(_Event):
    """Files a step changed on disk: an applied edit, an undo, or whatever a command changed."""

    type: Literal["files_changed"] = "files_changed"
    by: Literal["edit", "undo", "command"] = "edit"
    files: list[FileRecord] = Field(default_factory=list)


class SessionEnded(_Event):
    type: Literal["session_ended"] = "session_ended"
    reason: str
    summary: str = ""
    created: list[str] = Field(default_factory=list)
    modified: list[str] = Field(default_factory=list)
    deleted: list[str] = Field(default_factory=list)
    flags: list[FlagInfo] = Field(default_factory=list)
    diff: str = ""  # the session's net change, file by file, as unified diffs


Event = Annotated[
    Union[TurnStarted, ThinkingDelta, ContentDelta, ReasoningMoved, ReplyFinished, ParseFailed,
          ActionProposed, Decision, Executed, Undone, FeedbackSent, BackendError, Notice, ModelLoading, ReasoningCut,
          NudgeSent, ContextChecked, ContextDropped, SessionEnded, WorkspaceRecorded, FilesChanged, ApprovalModeChanged,
          PersonMessage, ModelSwitched],
    Field(discriminator="type"),
]
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)
# Events after which the log is fsynced: a decision taken or a change made must survive a crash.
DURABLE_EVENTS = frozenset({"decision", "executed", "undone", "session_ended", "files_changed", "approval_mode_changed",
                            "person_message", "model_switched"})


DELTA_TYPES = frozenset({"thinking_delta", "content_delta"})
DELTA_FLUSH_SECONDS = 0.05  # streamed deltas reach the disk at least this often while they flow
DELTA_FLUSH_BYTES = 64 * 1024  # ... or once this much is waiting


class LogError(ValueError):
    """A file that cannot be replayed, with a sentence saying why."""


MAX_PENDING_BYTES = 64_000_000  # lines kept in memory while the disk refuses them; beyond, deltas are dropped


def encode_delta(event: Any) -> bytes:
    """A delta's line, laid out exactly as `encode_line(event.model_dump())` lays it out (the lazy
    reader relies on that layout), without building the dict: a reply can have 100,000 deltas."""
    try:
        return ('{"t":%r,"step":%d,"type":"%s","text":%s}\n'
                % (float(event.t), event.step, event.type, encode_basestring(event.text))).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: JSON escapes, as encode_line does
        return ('{"t":%r,"step":%d,"type":"%s","text":%s}\n'
                % (float(event.t), event.step, event.type, encode_basestring_ascii(event.text))).encode("ascii")


def encode_line(data: dict[str, Any]) -> bytes:
    """One log line. UTF-8 as written; a lone surrogate (a model may send "\\ud800") cannot be
    UTF-8, so such a line is written with JSON escapes, which read back as the same text."""
    try:
        return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
    except UnicodeEncodeError:
        return (json.dumps(data, ensure_ascii=True, separators=(",", ":")) + "\n").encode("ascii")


class EventLog:
    """Append-only writer of one session's log."""

    def __init__(self, path: str | os.PathLike[str], header: SessionHeader) -> None:
        self.path = Path(path)
        self._fd: int | None = None
        self._created = False
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
        self._started = time.monotonic()
        self.header = header
        self._write_line(header.model_dump(mode="json", by_alias=True))
        self._sync()

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

    def write(self, event: _Event) -> _Event:
        if not event.t:
            event.t = self.elapsed()
        kind = event.type  # type: ignore[attr-defined]
        if kind in DELTA_TYPES:
            self._buffer_delta(encode_delta(event))
            return event
        self.flush()  # the deltas before this event go first: the log keeps the order of events
        self._write_line(event.model_dump(mode="json"))
        if kind in DURABLE_EVENTS:
            self._sync()
        return event

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

    def _write_line(self, data: dict[str, Any]) -> None:
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
                self._problem = (f"the session log cannot be written ({exc.strerror or exc}); events are kept in "
                                 f"memory and written when the disk takes them again: {self.path}")
            return
        if self._failing:
            self._failing = False
            lost = f", except {self._dropped:,} streamed pieces of text" if self._dropped else ""
            self._problem = f"the session log is being written again; nothing was lost{lost}"

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


@dataclass
class LogContents:
    header: SessionHeader
    events: list[Any] = field(default_factory=list)
    torn: bool = False  # the last line was cut off (the app was killed mid-write)
    warnings: list[str] = field(default_factory=list)


def read_log(path: str | os.PathLike[str], lazy_deltas: bool = False) -> LogContents:
    """Read a session log. Raises LogError with a plain sentence for anything unreadable.

    With `lazy_deltas`, streamed deltas are decoded when first read (see RawDelta); every other
    event, and the last line whatever it is, is validated now."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise LogError(f"{path} does not exist") from None
    except IsADirectoryError:
        raise LogError(f"{path} is a directory, not a session log") from None
    except OSError as exc:
        raise LogError(f"{path} cannot be read: {exc.strerror}") from None
    text = data.decode("utf-8", errors="replace")
    lines = text.split("\n")
    ends_cleanly = text.endswith("\n")
    if not text.strip():
        raise LogError(f"{path} is empty: not a session log")
    try:
        first = json.loads(lines[0])
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
        header = SessionHeader.model_validate(first)
    except ValidationError as exc:
        raise LogError(f"{path} has a damaged session header ({_first_error(exc)})") from None
    contents = LogContents(header)
    body = lines[1:]
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
    return contents


class LoggedDelta:
    """A streamed delta read back from a log: a plain record, since a log holds tens of thousands
    and building a pydantic model for each made reading a long log take seconds."""

    __slots__ = ("type", "text", "step", "t")

    def __init__(self, type: str, text: str, step: int, t: float) -> None:
        self.type, self.text, self.step, self.t = type, text, step, t

    def __repr__(self) -> str:
        return f"LoggedDelta({self.type!r}, {self.text!r}, step={self.step}, t={self.t})"


_DELTA_TYPES = frozenset({"thinking_delta", "content_delta"})
# How the writer lays out a delta (separators without spaces, fields in declaration order).
_DELTA_MARKERS = {'"type":"thinking_delta","text":': "thinking_delta", '"type":"content_delta","text":': "content_delta"}


class RawDelta:
    """A delta whose line is decoded only when its text or time is read (replay needs the
    deltas of the steps on screen, not of all 100,000 events, to draw its first frame)."""

    __slots__ = ("type", "step", "_line", "_decoded")

    def __init__(self, type: str, step: int, line: str) -> None:
        self.type, self.step, self._line = type, step, line
        self._decoded: LoggedDelta | None = None

    def _get(self) -> LoggedDelta:
        if self._decoded is None:
            event = _event_from(json.loads(self._line))
            if not isinstance(event, LoggedDelta) or event.step != self.step:
                raise LogError(f"a streamed delta of step {self.step} is damaged")
            self._decoded = event
        return self._decoded

    @property
    def text(self) -> str:
        return self._get().text

    @property
    def t(self) -> float:
        return self._get().t


def _raw_delta(line: str) -> RawDelta | None:
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
    return RawDelta(kind, int(number), line) if number.isdigit() else None


def _event_from(raw: Any) -> Any:
    """Validate one event; a delta's three fields are checked by hand (see LoggedDelta)."""
    if isinstance(raw, dict) and raw.get("type") in _DELTA_TYPES:
        text, step, t = raw.get("text"), raw.get("step", 0), raw.get("t", 0.0)
        if isinstance(text, str) and type(step) is int and isinstance(t, (int, float)) and not isinstance(t, bool):
            return LoggedDelta(raw["type"], text, step, float(t))
    return EVENT_ADAPTER.validate_python(raw)


# Every event type the Event union holds (one list to keep: the union's).
_KNOWN_TYPES = frozenset(m.model_fields["type"].default for m in get_args(get_args(Event)[0]))


def _event_type(line: str) -> Any:
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return obj.get("type") if isinstance(obj, dict) else None


def _first_error(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        err = exc.errors()[0]
        return f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"
    return str(exc)
