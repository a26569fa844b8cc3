"""`smallops sessions [--open N]`: the logged sessions, newest first, as a table; one of them
opened in replay."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..paths import sessions_dir
from ..terminal_guard import missing_terminal
from .common import EXIT_FAILURE, EXIT_OK, EXIT_UNAVAILABLE, add_fork_target_options, complain, say
from .text_table import format_table

if TYPE_CHECKING:
    from ..agent.history.sessions import SessionSummary

HELP = "list logged sessions and open one in replay"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_fork_target_options(p)
    p.add_argument("--dir", help="another folder of logs (default: the data dir's sessions/)")
    p.add_argument("--open", type=int, metavar="N", help="open session N of the list in replay")


def handle(args: argparse.Namespace) -> int:
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..agent.history.replay import Replay
    from ..agent.history.sessions import list_sessions
    from ..agent.log.reader import LogError
    from .replay import open_replay

    directory = Path(args.dir) if args.dir else sessions_dir()
    summaries, problems = list_sessions(directory)
    if args.open is not None:
        if not 1 <= args.open <= len(summaries):
            listed = f"{len(summaries)} {'is' if len(summaries) == 1 else 'are'} listed"
            complain("smallops sessions", f"there is no session {args.open}; {listed}")
            return EXIT_FAILURE
        if refusal := missing_terminal("replay"):
            say(refusal, file=sys.stderr)
            return EXIT_UNAVAILABLE
        try:
            replay = Replay.load(summaries[args.open - 1].path)
        except LogError as exc:
            complain("smallops sessions", exc)
            return EXIT_FAILURE
        return open_replay(replay, args)
    say(format_sessions(summaries))
    for problem in problems:
        say(f"skipped: {problem}", file=sys.stderr)
    if summaries:
        say(f"\n{directory}  ·  open one with: smallops sessions --open N  (or smallops replay PATH)")
    return EXIT_OK


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
