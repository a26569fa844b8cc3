"""A logged session taken up again, to go on with a new task in the same log: `smallops run
--continue [LOG]` (no LOG: the newest session of this workspace) and ACP's session/load and
session/list. Which logs belong to a workspace, and the checks before one is taken up, each
refusal a sentence (`ContinueError`)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from .agent.history.continuing import continuation_of
from .agent.history.replay import Replay
from .agent.history.sessions import SessionSummary, list_sessions
from .agent.log.reader import LogError
from .agent.session.config import Continuation
from .paths import sessions_dir


class ContinueError(ValueError):
    """A session that cannot be taken up, with a sentence saying why."""


@dataclass
class TakenUp:
    replay: Replay
    continuation: Continuation
    notes: list[str] = field(default_factory=list)


def _same_dir(a: str, b: Path) -> bool:
    try:
        return bool(a) and os.path.realpath(a) == os.path.realpath(b)
    except (OSError, ValueError):
        return False


def logs_of(workspace: Path | None, directory: Path | None = None) -> list[SessionSummary]:
    """The logged sessions whose workspace is `workspace` (None: every one), newest first."""
    rows, _ = list_sessions(directory or sessions_dir())
    return [row for row in rows if workspace is None or _same_dir(row.workspace, workspace)]


def latest_log(workspace: Path, directory: Path | None = None) -> Path:
    """The newest logged session of `workspace` (ContinueError when it has none)."""
    found = logs_of(workspace, directory)
    if not found:
        raise ContinueError(f"no logged session has {workspace} as its workspace: start one (smallops run TASK), "
                            "or name the log to go on with (--continue LOG)")
    return found[0].path


def take_up(log: str | os.PathLike[str]) -> TakenUp:
    """The session `log` holds, as it stands where the log stops (ContinueError: a sentence)."""
    path = Path(log)
    if path.suffix != ".jsonl" and not path.exists():
        raise ContinueError(f"{path} is not a session log: --continue takes a log (or nothing, for the last session "
                            "in this workspace); give the task before it: smallops run 'TASK' --continue")
    try:
        replay = Replay.load(path)
    except LogError as exc:
        raise ContinueError(str(exc)) from None
    workspace = replay.header.workspace
    if not workspace or not Path(workspace).is_dir():
        raise ContinueError(f"{path.name}'s workspace {workspace or '(none named)'} is not a directory here: a "
                            "session goes on in its own workspace (to go on elsewhere, fork it: run --from LOG --step K)")
    continuation, notes = continuation_of(replay)
    return TakenUp(replay, continuation, notes)
