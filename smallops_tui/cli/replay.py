"""`smallops replay LOG | --last`: step through a logged session in the same panes; `f` forks it
at the step shown."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..paths import sessions_dir
from ..terminal_guard import missing_terminal
from .common import EXIT_FAILURE, EXIT_OK, EXIT_UNAVAILABLE, add_fork_target_options, complain, say

if TYPE_CHECKING:
    from ..agent.history.replay import Replay
    from ..ui.fork_screen import ForkTarget

HELP = "step through a logged session in the same panes"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", nargs="?", help="a session log (.jsonl)")
    add_fork_target_options(p)
    p.add_argument("--last", action="store_true", help="the newest session in the data dir")


def handle(args: argparse.Namespace) -> int:
    from ..agent.history.replay import Replay
    from ..agent.log.reader import LogError

    if refusal := missing_terminal("replay"):  # first: finding the last log loads the screens
        say(refusal, file=sys.stderr)
        return EXIT_UNAVAILABLE
    path = args.path
    if args.last:
        from ..ui.replay_app import last_session

        found = last_session(sessions_dir())
        if found is None:
            complain("smallops replay", f"no sessions in {sessions_dir()} yet")
            return EXIT_FAILURE
        path = str(found)
    if not path:
        complain("smallops replay", "which log? give its path, or --last (see `smallops sessions`)")
        return EXIT_UNAVAILABLE
    try:
        replay = Replay.load(path)
    except LogError as exc:
        complain("smallops replay", exc)
        return EXIT_FAILURE
    return open_replay(replay, args)


def fork_defaults(replay: Replay, args: argparse.Namespace) -> ForkTarget:
    """What `f` offers: the server named by --backend/--url, else your settings' (never the log's:
    a log does not choose where the session's files and output go); the model named by --model,
    else your settings', else the log's."""
    from ..config import ConfigError, load_settings
    from ..ui.fork_screen import ForkTarget

    backend, url, model = (getattr(args, name, None) for name in ("backend", "url", "model"))
    try:
        settings = load_settings({"backend": backend, "url": url, "model": model})
    except ConfigError:
        return ForkTarget(backend or "auto", url or "", model or replay.header.model)
    return ForkTarget(settings.backend, settings.url or "", settings.model or replay.header.model)


def open_replay(replay: Replay, args: argparse.Namespace) -> int:
    from ..config import ConfigError, load_settings
    from ..terminal_guard import guarded
    from ..ui.replay_app import ForkRequest, ReplayApp

    from .run import refuse_keymap

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
    chosen: list[ForkRequest] = []
    defaults = fork_defaults(replay, args)

    def replay_app() -> int:
        result = ReplayApp(replay, theme=theme, fork_defaults=defaults, keymap=keymap).run()
        if isinstance(result, ForkRequest):
            chosen.append(result)
        return EXIT_OK

    code = guarded(replay_app, "replay")
    if not chosen:
        return code
    # `f`: the same path as `smallops run --from LOG --step K`, with the backend and model chosen there.
    from . import run

    request = chosen[0]
    argv = ["--from", str(request.log), "--step", str(request.step), "--backend", request.backend]
    argv += ["--url", request.url] if request.url else []
    argv += ["--model", request.model] if request.model else []
    run_parser = argparse.ArgumentParser(prog="smallops run")
    run.add_arguments(run_parser)
    return run.handle(run_parser.parse_args(argv))
