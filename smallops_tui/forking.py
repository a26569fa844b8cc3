"""Setting up a fork for a front end: `smallops run --from LOG --step K`, and `f` in replay.

The core (agent/history/fork.py) rebuilds and resumes; this picks the directory the fresh copy goes in
and gathers what the app needs, every failure a sentence (ForkError).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .agent.log.events import WorkspaceRecorded
from .agent.log.reader import LogError
from .agent.history.fork import ForkError, forked_from, rebuild_workspace, resume_at
from .agent.session.config import Resume
from .agent.history.replay import Replay
from .paths import data_dir, first_free


@dataclass
class ForkSetup:
    replay: Replay
    step: int
    workspace: Path
    resume: Resume
    forked_from: dict[str, Any]
    notes: list[str] = field(default_factory=list)


def load_replay(log: str | os.PathLike[str]) -> Replay:
    try:
        return Replay.load(log)
    except LogError as exc:
        raise ForkError(str(exc)) from None


def fork_dir(replay: Replay, step: int, dest: str | os.PathLike[str] | None = None, kind: str = "fork") -> Path:
    """Where a fork's (or a rerun's) workspace goes: `dest` (absent or empty), else a fresh folder
    under the data dir's forks/, named after the original. Never beside the original: the log names
    that directory, and a hostile log would choose where its files land (a vim plugin folder)."""
    if dest is not None:
        return Path(dest).expanduser().absolute()
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", Path(replay.header.workspace or "").name).strip(".-")[:40] or "workspace"
    parent = data_dir() / "forks"
    parent.mkdir(parents=True, exist_ok=True)
    return first_free(lambda suffix: parent / f"{name}-{kind}-step{step}{suffix}")


def prepare_fork(replay: Replay, step: int, dest: str | os.PathLike[str] | None = None, model: str = "") -> ForkSetup:
    """Rebuild the workspace of `replay` after `step` in a fresh directory and resume there."""
    resume, notes = resume_at(replay, step, model)  # checks the step first: nothing is written for a bad one
    where = fork_dir(replay, step, dest)
    rebuilt = rebuild_workspace(replay, step, where)
    if any(isinstance(e, WorkspaceRecorded) and e.cut for e in replay.preamble):
        notes.append("the original workspace held more files than smallops walks (20,000): only those were recorded")
    if rebuilt.from_original:
        notes.append(f"taken from the original workspace (the log keeps them by fingerprint only, and they still "
                     f"match): {', '.join(rebuilt.from_original[:5])}")
    notes.extend(rebuilt.notes)
    for note in notes:
        resume.note += f"; {note}"
    return ForkSetup(replay, step, where, resume, forked_from(replay, step), notes)
