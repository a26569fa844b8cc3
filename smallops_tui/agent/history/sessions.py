"""The logs in a folder, newest first, each summed up (`smallops sessions` prints them as a table)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..log.reader import LogError
from .fork import describe_fork
from .replay import Replay


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


def list_sessions(directory: Path) -> tuple[list[SessionSummary], list[str]]:
    """Every readable log in `directory`, newest first, and a sentence for each unreadable one."""
    summaries, problems = [], []
    if not directory.is_dir():
        return [], []
    for path in sorted(directory.glob("*.jsonl"), reverse=True):
        try:
            replay = Replay.load(path)
        except LogError as exc:
            problems.append(str(exc))
            continue
        h = replay.header
        summaries.append(SessionSummary(path, h.created, h.workspace, h.task, h.backend, h.model, len(replay.steps),
                                        replay.outcome, path.stat().st_size, describe_fork(h)))
    return summaries, problems
