"""A logged session at step k, made live again: its workspace rebuilt in a fresh directory from
the log, and its conversation as the model saw it after k turns.

The workspace is the log's record of the start (WorkspaceRecorded) with every change up to step
k applied (FilesChanged). A file the log keeps by fingerprint only is taken from the original
workspace when that still holds a file with the same fingerprint; otherwise the fork is refused,
naming the file. The conversation is the opening messages, then per step the model's reply
(ReplyFinished.raw, the attempt that was used) and the feedback it was sent (FeedbackSent.text).
"""

from __future__ import annotations

import hashlib
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..session import prompts
from ..log.events import ContentDelta, FileRecord, ThinkingDelta
from ..session.loop import Resume
from ..files.recording import record_data
from .replay import Replay


class ForkError(ValueError):
    """A fork that cannot be made, with a sentence saying why."""


@dataclass
class Rebuilt:
    root: Path
    files: int = 0  # files written
    from_original: list[str] = field(default_factory=list)  # fingerprint-only files copied from the original


def check_step(replay: Replay, step: int) -> None:
    """ForkError unless a session can go on after `step` (0: before the first turn)."""
    last = len(replay.steps)
    if not 0 <= step <= last:
        raise ForkError(f"{replay.path.name} has steps 1 to {last}; there is no step {step} to fork from")
    if step == 0:
        return
    view = replay.steps[step - 1]
    ended = view.last("session_ended")
    if ended is not None:
        raise ForkError(f"step {step} ended the session ({ended.reason}): there is nothing to continue after it; "
                        f"fork from step {step - 1} to let another model take that step")
    if view.number != step:
        raise ForkError(f"{replay.path.name} has no step {step} (its steps are not numbered 1 to {last})")
    if view.last("reply_finished") is None or view.last("feedback_sent") is None:
        raise ForkError(f"step {step} has no reply and feedback to carry (the log stops inside it); "
                        f"fork from step {step - 1}")


def has_workspace_record(replay: Replay) -> bool:
    return any(e.type == "workspace_recorded" for e in replay.preamble)


def conversation_at(replay: Replay, step: int) -> tuple[list[dict[str, str]], list[str]]:
    """The messages the model had been sent after `step` turns, and notes on what is not as it was."""
    check_step(replay, step)
    header, notes = replay.header, []
    messages = [dict(m) for m in header.opening if isinstance(m, dict)]
    if not messages:
        messages = [{"role": "system", "content": prompts.system_prompt(header.vocabulary)},
                    {"role": "user", "content": prompts.task_message(header.task)}]
        notes.append("the log does not record the opening prompt (an older smallops wrote it): this version's "
                     "system prompt and task message stand in for it")
    for view in replay.steps[:step]:
        reply, feedback = view.last("reply_finished"), view.of("feedback_sent")
        if reply is None:
            continue  # a step whose every attempt failed never reached the conversation
        # A nudge (the thinking budget's "answer now") was sent before the reply it asked for.
        messages.extend({"role": "user", "content": nudge.text} for nudge in view.of("nudge_sent"))
        messages.append({"role": "assistant", "content": reply.raw})
        for sent in feedback:
            messages.append({"role": "user", "content": sent.text})
    return messages, notes


def rebuild_workspace(replay: Replay, step: int, dest: Path, original: Path | None = None) -> Rebuilt:
    """Write the workspace as it was after `step` into `dest` (which must not exist or be empty)."""
    if not has_workspace_record(replay):
        raise ForkError(f"{replay.path.name} has no record of its workspace (an older smallops wrote it): its "
                        "conversation can be carried but not its files; rebuild needs a log from this version")
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise ForkError(f"{dest} already exists and is not empty: a fork goes into a fresh directory")
    original = original if original is not None else Path(replay.header.workspace)
    state: dict[str, FileRecord] = {}
    for event in replay.preamble:
        if event.type == "workspace_recorded":
            state = {record.path: record for record in event.files}
    for view in replay.steps[:step]:
        for event in view.of("files_changed"):
            for record in event.files:
                state[record.path] = record
    result = Rebuilt(dest)
    missing: list[str] = []
    planned: list[tuple[Path, FileRecord, bytes | None]] = []
    for rel, record in sorted(state.items()):
        if record.kind in ("deleted", "other"):
            continue
        target = _inside(dest, rel)
        if record.kind == "symlink":
            planned.append((target, record, None))
            continue
        data = record_data(record)
        if data is None:
            data = _from_original(original, rel, record)
            if data is None:
                missing.append(f"{rel} ({record.size:,} bytes)")
                continue
            result.from_original.append(rel)
        planned.append((target, record, data))
    if missing:
        raise ForkError(f"the log keeps {', '.join(missing[:5])}{' and more' if len(missing) > 5 else ''} by "
                        f"fingerprint only (too large to record) and {original} no longer holds {'it' if len(missing) == 1 else 'them'} "
                        f"as they were at step {step}: the workspace cannot be rebuilt")
    made = not dest.exists()
    dest.mkdir(parents=True, exist_ok=True)
    # Files first, symlinks last: a log is hostile input, and no file may be written through a link.
    planned.sort(key=lambda item: item[2] is None)
    try:
        made_dirs: set[Path] = set()
        for target, record, data in planned:
            if target.parent not in made_dirs:
                target.parent.mkdir(parents=True, exist_ok=True)
                made_dirs.add(target.parent)
            if data is None:
                os.symlink(record.link, target)
                continue
            with open(target, "xb") as out:  # never onto something already there
                out.write(data)
            if record.mode is not None:
                os.chmod(target, record.mode & 0o777)
            result.files += 1
    except OSError as exc:
        if made:
            shutil.rmtree(dest, ignore_errors=True)
        where = next((str(Path(name).relative_to(dest)) for name in (exc.filename2, exc.filename)
                      if name and Path(name).is_relative_to(dest)), "?")
        raise ForkError(f"the workspace cannot be rebuilt in {dest}: {exc.strerror or exc} ({where})") from None
    return result


def _inside(dest: Path, rel: str) -> Path:
    """`rel` under `dest`; a log is hostile input, and a path in it must not lead out. Checked by
    its parts: `dest` is fresh and links are made last, so no part can be a link when written."""
    parts = Path(rel).parts
    if not rel or os.path.isabs(rel) or "\x00" in rel or any(part in ("..", ".") for part in parts):
        raise ForkError(f"the log names a file outside its workspace ({rel!r}); it was not rebuilt")
    return dest.joinpath(*parts)


def _from_original(original: Path, rel: str, record: FileRecord) -> bytes | None:
    """The file from the original workspace, if it is still exactly the one fingerprinted."""
    if record.digest is None:
        return None
    try:
        data = (original / rel).read_bytes()
    except OSError:
        return None
    return data if hashlib.sha256(data).hexdigest() == record.digest else None


def carried_events(replay: Replay, step: int) -> list[Any]:
    """The original's events up to `step` (its record of the workspace included), as events a log
    writes: streamed deltas become delta events again."""
    carried: list[Any] = []
    for event in [*replay.preamble, *(e for view in replay.steps[:step] for e in view.events)]:
        if event.type == "thinking_delta":
            carried.append(ThinkingDelta(step=event.step, t=event.t, text=event.text))
        elif event.type == "content_delta":
            carried.append(ContentDelta(step=event.step, t=event.t, text=event.text))
        else:
            carried.append(event.model_copy())
    return carried


def forked_from(replay: Replay, step: int) -> dict[str, Any]:
    h = replay.header
    return {"log": str(replay.path.resolve()), "step": step, "model": h.model, "backend": h.backend}


def resume_at(replay: Replay, step: int, model: str = "") -> tuple[Resume, list[str]]:
    """What a Session needs to go on after `step`, and notes on what is not as it was."""
    messages, notes = conversation_at(replay, step)
    original = replay.header.model or "an unnamed model"
    note = (f"forked from {replay.path.name} at step {step} (model {original})"
            + (f"; continuing with {model}" if model else ""))
    return Resume(step, messages, carried_events(replay, step), note), notes


def describe_fork(header: Any) -> str:
    """'fork of NAME at step K (MODEL)' for a forked session's header, or ''."""
    source = header.forked_from
    if not isinstance(source, dict):
        return ""
    name = Path(str(source.get("log", "?"))).name
    model = source.get("model") or "?"
    if source.get("rerun"):
        return f"rerun of {name} ({model})"
    return f"fork of {name} at step {source.get('step', '?')} ({model})"
