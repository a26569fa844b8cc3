"""The logs in a folder, newest first, each summed up from its header and a bounded tail: what
`smallops sessions` prints and the app's sessions browser lists.

A log is read whole only to be replayed. To list one, its first line (the header: task, model,
workspace, date) and its last events (the last step, how the session ended) are enough, so a
folder of a thousand logs, or one huge log, lists in the time of a few lines each
(benchmarks/bench_sessions.py). A log that cannot be summed up is an `Unreadable` row with the
reason in a sentence, never an exception.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..log.events import SessionHeader
from ..log.reader import LogError, read_header
from ..regular_files import open_regular
from .fork import describe_fork

TAIL = 64 * 1024  # the last bytes read for the last step and the end; widened when a long line fills them
TAIL_LIMIT = 4 * 1024 * 1024


@dataclass(frozen=True)
class SessionSummary:
    path: Path
    created: str
    workspace: str
    task: str
    backend: str
    model: str
    steps: int
    outcome: str
    size: int
    fork: str = ""  # "fork of NAME at step K (MODEL)", for a forked session


@dataclass(frozen=True)
class Unreadable:
    """A file in the folder that is not a log that can be listed, and why (one sentence)."""

    path: Path
    reason: str


@dataclass(frozen=True)
class _Tail:
    last_step: int
    ended: str | None  # the session_ended reason, if the log has its end
    torn: bool  # the last line was cut off (the app stopped mid-write)
    done_flags: int = 0  # the flags beside the last step's `done`, when it was one


def summarize(path: Path) -> SessionSummary:
    """One log summed up from its header and tail (LogError: a sentence)."""
    header = read_header(path)
    try:
        size = path.stat().st_size
        tail = _read_tail(path, size)
    except OSError as exc:
        raise LogError(f"{path} cannot be read: {exc.strerror}") from None
    first = _forked_step(header)
    outcome = tail.ended if tail.ended is not None else "cut off" if tail.torn else "unfinished"
    if outcome == "done" and tail.done_flags:
        # A `done` approved beside flags is no plain "done" (a new user's list said "done" for a session
        # whose `done` carried DONE WITHOUT CHANGE and NOT ON DISK).
        outcome = f"done ⚑{tail.done_flags}"
    return SessionSummary(path, header.created, header.workspace, header.task, header.backend, header.model,
                          max(0, tail.last_step - first), outcome, size, describe_fork(header))


def _forked_step(header: SessionHeader) -> int:
    """The step a forked session went on after (its own steps are numbered from the next)."""
    step = (header.forked_from or {}).get("step")
    return step if type(step) is int and step > 0 else 0


def _read_tail(path: Path, size: int) -> _Tail:
    """The last step and the end, from the log's last TAIL bytes (more, up to TAIL_LIMIT, when no
    whole event fits in them)."""
    window = TAIL
    while True:
        start = max(0, size - window)
        with open_regular(path) as f:  # a FIFO put there since the header was read: no wait
            f.seek(start)
            data = f.read(size - start)
        lines = data.split(b"\n")[1:]  # the first is cut by the window, or is the header
        tail = _scan(lines, torn_possible=not data.endswith(b"\n"))
        if tail.last_step or start == 0 or window >= TAIL_LIMIT:
            return tail
        window *= 4


def _scan(lines: list[bytes], torn_possible: bool) -> _Tail:
    """Read back from the end: the first event with a step ends the scan; a session_ended on the
    way gives the outcome. Lines that are not JSON objects are passed over (hostile input)."""
    ended: str | None = None
    torn = False
    for index in range(len(lines) - 1, -1, -1):
        line = lines[index]
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except (ValueError, RecursionError):
            torn = torn or (torn_possible and index == len(lines) - 1)
            continue
        if not isinstance(event, dict):
            continue
        if ended is None and event.get("type") == "session_ended" and isinstance(event.get("reason"), str):
            ended = event["reason"]
        step = event.get("step")
        if type(step) is int and step > 0:
            return _Tail(step, ended, torn, _done_flags(lines[:index + 1], step))
    return _Tail(0, ended, torn)


def _done_flags(lines: list[bytes], step: int) -> int:
    """How many flags the `done` proposed at `step` carried (its last proposal), read back from the
    end of `lines` while they are of that step; 0 when the step proposed no `done`."""
    for line in reversed(lines):
        try:
            event = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if not isinstance(event, dict):
            continue
        if event.get("step") != step:
            if type(event.get("step")) is int:
                return 0  # an earlier step: this one proposed no done
            continue
        action, flags = event.get("action"), event.get("flags")
        if event.get("type") == "action_proposed" and isinstance(action, dict) and action.get("action") == "done":
            return len(flags) if isinstance(flags, list) else 0
    return 0


def scan_sessions(directory: Path) -> list[SessionSummary | Unreadable]:
    """Every `*.jsonl` in `directory` and in its folders one level down (`smallops bench` keeps its
    runs' logs in `bench/`, and they are the ones to replay to see what a model did), newest first
    (their names begin with the time they were started), each summed up or said unreadable."""
    if not directory.is_dir():
        return []
    rows: list[SessionSummary | Unreadable] = []
    logs = [*directory.glob("*.jsonl"), *directory.glob("*/*.jsonl")]
    for path in sorted(logs, key=lambda p: (p.name, str(p)), reverse=True):
        try:
            rows.append(summarize(path))
        except LogError as exc:
            rows.append(Unreadable(path, str(exc)))
    return rows


def list_sessions(directory: Path) -> tuple[list[SessionSummary], list[str]]:
    """Every readable log in `directory`, newest first, and a sentence for each unreadable one."""
    rows = scan_sessions(directory)
    return ([row for row in rows if isinstance(row, SessionSummary)],
            [row.reason for row in rows if isinstance(row, Unreadable)])
