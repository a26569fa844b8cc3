"""`smallops sessions`: the logs in a folder, newest first, as a table."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..log.events import LogError
from .fork import describe_fork
from .replay import Replay
from ...text_table import format_table


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


def format_sessions(summaries: list[SessionSummary]) -> str:
    if not summaries:
        return "no sessions yet"
    rows = [("#", "DATE", "WORKSPACE", "BACKEND / MODEL", "STEPS", "OUTCOME", "SIZE", "TASK")]
    for n, s in enumerate(summaries, start=1):
        try:
            date = datetime.fromisoformat(s.created).astimezone().strftime("%Y-%m-%d %H:%M")
        except ValueError:
            date = s.created[:16]
        workspace = s.workspace.replace(str(Path.home()), "~", 1)
        workspace = workspace if len(workspace) <= 40 else "…" + workspace[-39:]
        rows.append((str(n), date, workspace, f"{s.backend} / {s.model}"[:36], str(s.steps), s.outcome, _size(s.size),
                     s.task.replace("\n", " ")[:50]))
    forks = [f"  {n}: {s.fork}" for n, s in enumerate(summaries, start=1) if s.fork]
    return format_table(rows) + ("\n\nforks:\n" + "\n".join(forks) if forks else "")


def _size(n: int) -> str:
    return f"{n / 1024:.0f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f} MB"
