"""`smallops replay [LOG | --last]`: step through a logged session in the same panes; `f` forks it
at the step shown. Without a log, the sessions browser: pick one by typing, then replay, fork or
export it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..paths import sessions_dir
from ..terminal_guard import missing_terminal
from .common import EXIT_FAILURE, EXIT_OK, EXIT_UNAVAILABLE, add_fork_target_options, complain, say

if TYPE_CHECKING:
    from ..agent.history.replay import Replay
    from ..ui.app import Start
    from ..ui.screens.fork_dialog import ForkTarget

HELP = "step through a logged session in the same panes (without a log: the sessions browser)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", nargs="?", help="a session log (.jsonl); without one, the sessions browser lists them")
    add_fork_target_options(p)
    p.add_argument("--last", action="store_true", help="the newest session in the data dir")


def handle(args: argparse.Namespace) -> int:
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..agent.history.replay import Replay
    from ..agent.log.reader import LogError

    if refusal := missing_terminal("replay"):  # first: finding the last log loads the screens
        say(refusal, file=sys.stderr)
        return EXIT_UNAVAILABLE
    path = args.path
    if args.last:
        found = last_session(sessions_dir())
        if found is None:
            complain("smallops replay", f"no sessions in {sessions_dir()} yet")
            return EXIT_FAILURE
        path = str(found)
    if not path:
        from ..ui.app import BrowseStart

        return open_app(BrowseStart(sessions_dir()), args, None)
    try:
        replay = Replay.load(path)
    except LogError as exc:
        complain("smallops replay", exc)
        return EXIT_FAILURE
    return open_replay(replay, args)


def fork_defaults(replay: Replay | None, args: argparse.Namespace) -> ForkTarget:
    """What `f` offers: the server named by --backend/--url, else your settings' (never the log's:
    a log does not choose where the session's files and output go); the model named by --model,
    else your settings', else the log's."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..config import ConfigError, load_settings
    from ..ui.screens.fork_dialog import ForkTarget

    backend, url, model = (getattr(args, name, None) for name in ("backend", "url", "model"))
    try:
        settings = load_settings({"backend": backend, "url": url, "model": model})
    except ConfigError:
        settings = None
    logged = replay.header.model if replay is not None else ""  # (the browser: each log's own)
    if settings is None:
        return ForkTarget(backend or "auto", url or "", model or logged)
    return ForkTarget(settings.backend, settings.url or "", settings.model or logged)


def open_replay(replay: Replay, args: argparse.Namespace) -> int:
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..ui.app import ReplayStart

    return open_app(ReplayStart(replay), args, replay)


def open_app(start: Start, args: argparse.Namespace, replay: Replay | None) -> int:
    """The app on the replay or the browser; `f` there forks into a live session in the same app,
    whose outcome, log and workspace are printed once it has left the screen."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..config import ConfigError, load_settings
    from ..terminal_guard import guarded
    from ..ui.app import SmallopsApp
    from ..ui.attention import Signals

    from .run import refuse_keymap, report_live

    try:
        settings = load_settings()
    except ConfigError:
        settings = None  # the replay needs none of them: the defaults
    if settings is not None:
        try:
            refuse_keymap(settings)
        except ConfigError as exc:
            complain("smallops replay", exc)
            return EXIT_UNAVAILABLE
    theme = settings.theme if settings is not None else "smallops-dark"
    keymap = settings.keymap if settings is not None else {}
    signals = Signals(title=settings.terminal_title, bell=settings.bell, notify=settings.notify) \
        if settings is not None else Signals()
    defaults = fork_defaults(replay, args)

    def replay_app() -> int:
        app = SmallopsApp(start, theme=theme, fork_defaults=defaults, keymap=keymap, signals=signals)
        app.run()
        report_live(app)
        return EXIT_OK

    return guarded(replay_app, "replay")


def last_session(directory: Path) -> Path | None:
    """The newest log in `directory` (their names begin with the time they were started)."""
    logs = sorted(directory.glob("*.jsonl"))
    return logs[-1] if logs else None
