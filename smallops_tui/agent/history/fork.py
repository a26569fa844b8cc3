"""A logged session at step k, made live again: its workspace rebuilt in a fresh directory from
the log, and its conversation as the model saw it after k turns.

The workspace is the log's record of the start (WorkspaceRecorded) with every change up to step
k applied (FilesChanged). A file the log keeps by fingerprint only is taken from the original
workspace when that still holds a regular file of the recorded size and fingerprint; otherwise
the fork is refused, naming the file. The conversation is the opening messages, then per step the
model's reply (ReplyFinished.raw, the attempt that was used) and the feedback it was sent
(FeedbackSent.text).

A log is hostile input, and a rebuilt workspace is written before anyone has looked at it: so
nothing that runs code later is written from a log (version-control directories, start-up and
tool configuration files: startup_files.py), no file is made executable, every path stays inside
the fresh directory, and the rebuild is bounded (no file over what the recorder keeps inline, no
more than REBUILD_LIMIT bytes in all, read one file at a time).
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from ..session import prompts
from ..log.events import (
    AnswerText, ContentDelta, Event, FeedbackSent, FileRecord, FilesChanged, NudgeSent, ReasoningText, ReplyFinished,
    SessionEnded, SessionHeader, TaskStarted, ThinkingDelta, WorkspaceRecorded,
)
from ..session.config import Resume
from ..files.recording import FILE_LIMIT, record_data
from ..files.startup_files import VCS_DIRS, runs_later
from ..files.tree import remove_tree
from .replay import Replay
from ..log.json_value import JsonObject

REBUILD_LIMIT = 2 * 1024 ** 3  # bytes a rebuild writes in all (the log's files and those taken from the original)
COPY_CHUNK = 1024 * 1024


class ForkError(ValueError):
    """A fork that cannot be made, with a sentence saying why."""


@dataclass
class Rebuilt:
    root: Path
    files: int = 0  # files written
    from_original: list[str] = field(default_factory=list)  # fingerprint-only files copied from the original
    left_out: list[str] = field(default_factory=list)  # files that run code later: never written from a log
    not_executable: list[str] = field(default_factory=list)  # executable in the log, written without the bit

    @property
    def notes(self) -> list[str]:
        """What is not as the log has it, in sentences."""
        notes = []
        if self.left_out:
            notes.append(f"not written from the log (version-control, start-up or tool configuration files run code "
                         f"later): {_some(self.left_out)}")
        if self.not_executable:
            notes.append(f"written without their executable bit (a log never makes a file executable): "
                         f"{_some(self.not_executable)}")
        return notes


def _some(names: list[str]) -> str:
    return ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")


def check_step(replay: Replay, step: int) -> None:
    """ForkError unless a session can go on after `step` (0: before the first turn)."""
    last = len(replay.steps)
    if not 0 <= step <= last:
        raise ForkError(f"{replay.path.name} has steps 1 to {last}; there is no step {step} to fork from")
    if step == 0:
        return
    view = replay.steps[step - 1]
    ended = view.last(SessionEnded)
    if ended is not None:
        raise ForkError(f"step {step} ended the session ({ended.reason}): there is nothing to continue after it; "
                        f"fork from step {step - 1} to let another model take that step (or go on with a new "
                        "task: run --continue LOG)")
    if view.number != step:
        raise ForkError(f"{replay.path.name} has no step {step} (its steps are not numbered 1 to {last})")
    if view.last(ReplyFinished) is None or view.last(FeedbackSent) is None:
        raise ForkError(f"step {step} has no reply and feedback to carry (the log stops inside it); "
                        f"fork from step {step - 1}")


def has_workspace_record(replay: Replay) -> bool:
    return any(isinstance(e, WorkspaceRecorded) for e in replay.preamble)


def conversation_at(replay: Replay, step: int) -> tuple[list[dict[str, str]], list[str]]:
    """The messages the model had been sent after `step` turns, and notes on what is not as it was."""
    check_step(replay, step)
    return conversation_of(replay, step)


def conversation_of(replay: Replay, step: int) -> tuple[list[dict[str, str]], list[str]]:
    """The conversation after the first `step` steps, as `conversation_at` says (unchecked: the
    last step may be unfinished, a log taken up again stops anywhere)."""
    header, notes = replay.header, []
    messages = [dict(m) for m in header.opening if isinstance(m, dict)]
    if not messages:
        messages = [{"role": "system", "content": prompts.system_prompt(header.vocabulary)},
                    {"role": "user", "content": prompts.task_message(header.task)}]
        notes.append("the log does not record the opening prompt (an older smallops wrote it): this version's "
                     "system prompt and task message stand in for it")
    for view in replay.steps[:step]:
        for task in view.of(TaskStarted):  # a follow-up task, sent as the session sent it
            _add_user_text(messages, task.text or prompts.follow_up_message(task.task))
        reply, feedback = view.last(ReplyFinished), view.of(FeedbackSent)
        if reply is None:
            continue  # a step whose every attempt failed never reached the conversation
        # A nudge (the thinking budget's "answer now") was sent before the reply it asked for.
        messages.extend({"role": "user", "content": nudge.text} for nudge in view.of(NudgeSent))
        messages.append({"role": "assistant", "content": reply.raw})
        for sent in feedback:
            messages.append({"role": "user", "content": sent.text})
    return messages, notes


def _add_user_text(messages: list[dict[str, str]], text: str) -> None:
    """A message from the session's side, joined to the last one when that is the user's too (as
    the session joins a follow-up task to the feedback of a command stopped mid-way)."""
    if messages and messages[-1].get("role") == "user":
        messages[-1] = {**messages[-1], "content": messages[-1]["content"] + "\n\n" + text}
    else:
        messages.append({"role": "user", "content": text})


def rebuild_workspace(replay: Replay, step: int, dest: Path, original: Path | None = None) -> Rebuilt:
    """Write the workspace as it was after `step` into `dest` (which must not exist or be empty)."""
    if not has_workspace_record(replay):
        raise ForkError(f"{replay.path.name} has no record of its workspace (an older smallops wrote it): its "
                        "conversation can be carried but not its files; rebuild needs a log from this version")
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise ForkError(f"{dest} already exists and is not empty: a fork goes into a fresh directory")
    original = original if original is not None else Path(replay.header.workspace)
    result = Rebuilt(dest)
    planned = _plan(recorded_state(replay, step), step, dest, original, result)
    made = not dest.exists()
    dest.mkdir(parents=True, exist_ok=True)
    try:
        _write(planned, original, result)
    except ForkError:
        if made:
            remove_tree(dest)
        raise
    except OSError as exc:
        if made:
            remove_tree(dest)
        where = next((str(Path(name).relative_to(dest)) for name in (exc.filename2, exc.filename)
                      if name and Path(name).is_relative_to(dest)), "?")
        raise ForkError(f"the workspace cannot be rebuilt in {dest}: {exc.strerror or exc} ({where})") from None
    return result


def recorded_state(replay: Replay, step: int) -> dict[str, FileRecord]:
    """Every path's last record up to `step`: the start, then each change in turn."""
    state: dict[str, FileRecord] = {}
    for event in replay.preamble:
        if isinstance(event, WorkspaceRecorded):
            state = {record.path: record for record in event.files}
    for view in replay.steps[:step]:
        for changed in view.of(FilesChanged):
            for record in changed.files:
                state[record.path] = record
    return state


# What a rebuild writes: the target, its record, and whether its content comes from the original.
Planned = tuple[Path, FileRecord, bool]


def _plan(state: dict[str, FileRecord], step: int, dest: Path, original: Path, result: Rebuilt) -> list[Planned]:
    """What to write, checked before anything is written: files that run code later are left out,
    fingerprint-only files must still match the original, and the whole stays bounded."""
    live = {rel for rel, record in state.items() if record.kind in ("file", "symlink")}
    missing: list[str] = []
    planned: list[Planned] = []
    total = 0
    for rel, record in sorted(state.items()):
        if record.kind in ("deleted", "other"):
            continue
        target = _inside(dest, rel)
        if _runs_later(rel, live):
            result.left_out.append(rel)
        elif record.kind == "symlink":
            planned.append((target, record, False))
        elif (size := _planned_size(rel, record, original, result)) is None:
            missing.append(f"{rel} ({record.size:,} bytes)")
        else:
            total += size
            if total > REBUILD_LIMIT:
                raise ForkError(f"the workspace after step {step} would be over {REBUILD_LIMIT // 1024 ** 3} GB; "
                                "nothing was rebuilt")
            planned.append((target, record, record.text is None and record.b64 is None))
    if missing:
        raise ForkError(f"the log keeps {', '.join(missing[:5])}{' and more' if len(missing) > 5 else ''} by "
                        f"fingerprint only (too large to record) and {original} no longer holds "
                        f"{'it' if len(missing) == 1 else 'them'} as they were at step {step}: the workspace cannot "
                        "be rebuilt")
    # Files first, symlinks last: a log is hostile input, and no file may be written through a link.
    planned.sort(key=lambda item: item[1].kind == "symlink")
    return planned


def _planned_size(rel: str, record: FileRecord, original: Path, result: Rebuilt) -> int | None:
    """The bytes a file's rebuild writes; None when the log keeps only its fingerprint and the
    original no longer matches it."""
    size = _inline_size(record)
    if size is None:
        if not _matches_original(original, rel, record):
            return None
        result.from_original.append(rel)
        return record.size
    if size > FILE_LIMIT:
        raise ForkError(f"the log holds {rel} inline at {size:,} bytes, more than smallops ever records of one "
                        f"file ({FILE_LIMIT // 1024} KB): it was not written by smallops; nothing was rebuilt")
    return size


def _write(planned: list[Planned], original: Path, result: Rebuilt) -> None:
    made_dirs: set[Path] = set()
    for target, record, from_original in planned:
        if target.parent not in made_dirs:
            target.parent.mkdir(parents=True, exist_ok=True)
            made_dirs.add(target.parent)
        if record.kind == "symlink":
            os.symlink(record.link, target)
            continue
        # Never onto something already there, never executable: a log does not choose what runs.
        with open(target, "xb") as out:
            if from_original:
                if not _copy_original(original / record.path, record, out):
                    raise ForkError(f"{record.path} in {original} changed while it was copied; nothing was rebuilt")
            else:
                out.write(record_data(record) or b"")
        if record.mode is not None:
            os.chmod(target, record.mode & 0o666)
            if record.mode & 0o111:
                result.not_executable.append(record.path)
        result.files += 1


def _runs_later(rel: str, planned: set[str]) -> bool:
    """Whether `rel` is a file that runs code later (a repository's insides, a start-up or tool
    configuration file), judged among the files the rebuild would write rather than on disk."""
    if any(part in VCS_DIRS for part in rel.split("/")):
        return True
    root = Path("/")
    return bool(runs_later(root, rel, is_file=lambda path: path.relative_to(root).as_posix() in planned))


def _inline_size(record: FileRecord) -> int | None:
    """The bytes a record holds inline, counted without decoding it; None for a fingerprint only."""
    if record.text is not None:
        return len(record.text.encode("utf-8")) if len(record.text) <= FILE_LIMIT else len(record.text)
    if record.b64 is not None:
        return len(record.b64) * 3 // 4
    return None


def _inside(dest: Path, rel: str) -> Path:
    """`rel` under `dest`; a log is hostile input, and a path in it must not lead out. Checked by
    its parts: `dest` is fresh and links are made last, so no part can be a link when written."""
    parts = Path(rel).parts
    if not rel or os.path.isabs(rel) or "\x00" in rel or any(part in ("..", ".") for part in parts):
        raise ForkError(f"the log names a file outside its workspace ({rel!r}); it was not rebuilt")
    return dest.joinpath(*parts)


def _open_original(path: Path, record: FileRecord) -> int | None:
    """A descriptor of `path` if it is a regular file (not a link, FIFO or device) of the recorded
    size, else None. Opened without blocking, so a FIFO planted there cannot hang the rebuild."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
    except OSError:
        os.close(fd)
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_size != record.size:
        os.close(fd)
        return None
    return fd


def _matches_original(original: Path, rel: str, record: FileRecord) -> bool:
    """Whether the original workspace still holds exactly the file fingerprinted (read in chunks)."""
    if record.digest is None:
        return False
    fd = _open_original(original / rel, record)
    if fd is None:
        return False
    digest, read = hashlib.sha256(), 0
    with os.fdopen(fd, "rb") as f:
        while read <= record.size and (chunk := f.read(COPY_CHUNK)):
            digest.update(chunk)
            read += len(chunk)
    return read == record.size and digest.hexdigest() == record.digest


def _copy_original(path: Path, record: FileRecord, out: BinaryIO) -> bool:
    """Copy the fingerprinted file into `out` in chunks; False if it no longer matches."""
    fd = _open_original(path, record)
    if fd is None:
        return False
    digest, written = hashlib.sha256(), 0
    with os.fdopen(fd, "rb") as f:
        while written <= record.size and (chunk := f.read(COPY_CHUNK)):
            digest.update(chunk)
            out.write(chunk)
            written += len(chunk)
    return written == record.size and digest.hexdigest() == record.digest


def carried_events(replay: Replay, step: int) -> list[Event]:
    """The original's events up to `step` (its record of the workspace included), as events a log
    writes: streamed deltas become delta events again."""
    carried: list[Event] = []
    for event in [*replay.preamble, *(e for view in replay.steps[:step] for e in view.events)]:
        match event:
            case ReasoningText():
                carried.append(ThinkingDelta(step=event.step, t=event.t, text=event.text))
            case AnswerText():
                carried.append(ContentDelta(step=event.step, t=event.t, text=event.text))
            case _:
                carried.append(event.model_copy())
    return carried


def forked_from(replay: Replay, step: int) -> JsonObject:
    h = replay.header
    return {"log": str(replay.path.resolve()), "step": step, "model": h.model, "backend": h.backend}


def resume_at(replay: Replay, step: int, model: str = "") -> tuple[Resume, list[str]]:
    """What a Session needs to go on after `step`, and notes on what is not as it was."""
    messages, notes = conversation_at(replay, step)
    original = replay.header.model or "an unnamed model"
    note = (f"forked from {replay.path.name} at step {step} (model {original})"
            + (f"; continuing with {model}" if model else ""))
    return Resume(step, messages, carried_events(replay, step), note), notes


def describe_fork(header: SessionHeader) -> str:
    """'fork of NAME at step K (MODEL)' for a forked session's header, or ''."""
    source = header.forked_from
    if not isinstance(source, dict):
        return ""
    name = Path(str(source.get("log", "?"))).name
    model = source.get("model") or "?"
    if source.get("rerun"):
        return f"rerun of {name} ({model})"
    return f"fork of {name} at step {source.get('step', '?')} ({model})"
