"""`smallops [run] [TASK]`: a supervised session in the TUI, or (`--from LOG --step K`) a fork of
a logged one that goes on from a step, in a fresh copy of its workspace, or (`--continue [LOG]`) a
logged session taken up again in its own workspace and log, to go on with a new task."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..paths import own_dirs_inside
from ..backend_names import backend_help, choices as backend_choices, url_help
from ..lever_names import DEFAULT_LEVERS, LEVERS
from ..terminal_guard import guarded, missing_terminal
from ..vocabulary_names import DEFAULT as DEFAULT_VOCABULARY, names as vocabulary_names, vocabulary_help
from .common import EXIT_FAILURE, EXIT_OK, EXIT_UNAVAILABLE, complain, prepare, say

if TYPE_CHECKING:
    from ..agent.files.workspace import Workspace
    from ..agent.history.replay import Replay
    from ..agent.session.config import SessionOutcome
    from ..config import Settings
    from ..continuing import TakenUp
    from ..forking import ForkSetup
    from ..launch import Prepared
    from ..ui.app import SmallopsApp

HELP = "supervise a model working on a task in a workspace (the default)"
EPILOG = ("Every option can also be set in the config file (`smallops config path`) or as SMALLOPS_<NAME> "
          "environment variables; OLLAMA_HOST is respected.")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("task", nargs="?", help="what the model should do (or type it in the app)")
    p.add_argument("--workspace", metavar="DIR", help="the directory the model works in (default: here); with "
                   "--from, the fresh directory the fork's workspace is rebuilt in (default: the data dir's "
                   "forks/NAME-fork-stepK)")
    p.add_argument("--from", dest="from_log", metavar="LOG",
                   help="fork a logged session: rebuild its workspace as it was after --step K in a fresh "
                        "directory and go on from there with the same conversation, with your --backend/--url "
                        "or settings (never the log's server) and --model (default: the log's)")
    p.add_argument("--step", type=int, metavar="K",
                   help="with --from: the step to go on after (0: before the first turn)")
    p.add_argument("--continue", dest="continue_log", nargs="?", const="", metavar="LOG",
                   help="go on with a logged session (default: the newest in this workspace) with a new task, in "
                        "its workspace and log: the model sees the whole conversation so far (give TASK before "
                        "the flag, or type it in the app)")
    p.add_argument("--theme", help="smallops-dark (default), smallops-light, smallops-solarized, or your own")
    add_session_options(p)


def add_session_options(p: argparse.ArgumentParser) -> None:
    """The backend, the model and the session's options: `run`'s, and `acp`'s the same."""
    p.add_argument("--backend", choices=backend_choices(), help=backend_help())
    p.add_argument("--url", help=url_help())
    p.add_argument("--model", help="model name (default: the first the server lists)")
    p.add_argument("--step-cap", type=int, metavar="N", help="stop after N model turns (default 20)")
    p.add_argument("--vocabulary", choices=vocabulary_names(), help=f"{vocabulary_help()} (default: {DEFAULT_VOCABULARY})")
    p.add_argument("--no-constrained", action="store_true",
                   help="do not send the action schema for constrained decoding")
    p.add_argument("--sandbox", choices=["auto", "landlock", "bwrap", "off"],
                   help="the OS sandbox for commands: auto (default: Landlock, else bubblewrap), or off; "
                        "without one every command counts one risk level higher")
    p.add_argument("--allow-network", action="store_true",
                   help="let commands open network connections (denied by the sandbox by default)")
    p.add_argument("--limit", action="append", metavar="NAME=VALUE", default=None,
                   help="a bound each command runs under, named in the status bar: tasks=512 (processes and "
                        "threads at once), memory=4G, file-size=1G, disk=4G (bytes written), cpu=300 (seconds); "
                        "0 turns one off; repeat the flag for several (config: limit_tasks, limit_memory, ...)")
    p.add_argument("--approval", choices=["manual", "auto-low"],
                   help="the approval mode the session starts in: manual (default: every action waits for "
                        "your key) or auto-low (LOW actions run at once; MEDIUM, HIGH, refused, flagged, "
                        "edited and unparsed ones, and `done`, still wait); `a` switches it in the app")
    p.add_argument("--think-budget", type=int, metavar="N",
                   help="cut a turn's reasoning after N tokens (streamed chunks: one token each on Ollama and "
                        "llama.cpp) and ask the model to answer now, with its reasoning so far and reasoning "
                        "off; w does the same at any moment (default: no budget)")
    p.add_argument("--context", type=int, metavar="N",
                   help="the model's context window in tokens, for the context alarm (default: discovered: "
                        "Ollama /api/show and /api/ps, llama.cpp /props, the embedded model's n_ctx)")
    p.add_argument("--context-rule", choices=["off", "drop-oldest"],
                   help="off (default): only warn; drop-oldest: when the prompt passes 90%% of the window, "
                        "drop the oldest turns (the system prompt, the task and the last --keep-turns turns "
                        "stay), each drop logged with what was dropped")
    p.add_argument("--keep-turns", type=int, metavar="N",
                   help="turns the drop-oldest rule always keeps (default 3)")
    p.add_argument("--levers", metavar="LIST",
                   help=f"harness levers that help a small model: comma-separated names, default, all or none "
                        f"(default: default = {DEFAULT_LEVERS}, kept by measurement on the bench; docs/bench.md; "
                        f"`default,example` adds one): {', '.join(LEVERS)}")


def setting_overrides(args: argparse.Namespace, replay: Replay | None) -> dict[str, Any]:
    """The flags as settings (None: not given, the lower layers decide)."""
    overrides: dict[str, Any] = {
        "backend": args.backend, "url": args.url, "model": args.model, "step_cap": args.step_cap,
        "theme": args.theme, "workspace": args.workspace, "vocabulary": args.vocabulary, "sandbox": args.sandbox,
        "think_budget": args.think_budget, "context": args.context, "context_rule": args.context_rule,
        "keep_turns": args.keep_turns, "approval": args.approval, "levers": args.levers}
    if replay is not None:
        # A fork is rebuilt in a fresh directory (not --workspace's meaning here). A log never chooses
        # the server: that comes from the flags or the settings (only the model's name may come from it).
        overrides.update(workspace=None, vocabulary=replay.header.vocabulary)
    if args.no_constrained:
        overrides["constrained"] = False
    if args.allow_network:
        overrides["allow_network"] = True
    overrides.update(limit_overrides(args.limit or []))
    return overrides


LIMIT_NAMES = {"tasks": "limit_tasks", "memory": "limit_memory", "file-size": "limit_file_size",
               "file_size": "limit_file_size", "disk": "limit_disk", "cpu": "limit_cpu"}


def limit_overrides(items: list[str]) -> dict[str, object]:
    """Settings from `--limit NAME=VALUE` flags; ConfigError with a sentence for a bad one."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..config import ConfigError

    found: dict[str, object] = {}
    for item in items:
        name, _, value = item.partition("=")
        key = LIMIT_NAMES.get(name.strip().lower())
        if key is None or not value.strip():
            raise ConfigError(f"--limit {item!r}: write NAME=VALUE with NAME one of tasks, memory, file-size, disk, cpu "
                              "(for example --limit memory=2G)")
        value = value.strip()
        if key in ("limit_tasks", "limit_cpu"):
            if not value.isdigit():
                raise ConfigError(f"--limit {item!r}: {name} takes a whole number")
            found[key] = int(value)
        else:
            found[key] = value
    return found


def refuse_keymap(settings: Settings) -> None:
    """The person's `[keymap]`, checked before anything starts (ConfigError: one sentence)."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..config import ConfigError
    from ..paths import config_file
    from ..ui.keymap import keymap_refusal

    if (refusal := keymap_refusal(settings.keymap)) is not None:
        raise ConfigError(f"{config_file()}: {refusal}")


def handle(args: argparse.Namespace) -> int:
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..agent.files.workspace import Workspace, WorkspaceError
    from ..agent.sandbox.confine import SandboxUnavailable, resolve_sandbox
    from ..config import ConfigError, load_settings
    from ..launch import LaunchError

    replay = None
    if args.continue_log is not None:
        return _continue(args)
    if args.from_log is not None:
        try:
            replay = _fork_source(args)
        except ValueError as exc:
            complain("smallops run", exc)
            return EXIT_UNAVAILABLE
    elif args.step is not None:
        complain("smallops run", "--step goes with --from LOG (the logged session to fork)")
        return EXIT_UNAVAILABLE
    try:
        settings = load_settings(setting_overrides(args, replay))
        refuse_keymap(settings)
        if replay is not None and settings.model is None and replay.header.model:
            settings = settings.model_copy(update={"model": replay.header.model})
        workspace = Workspace(settings.workspace or ".")
        sandbox = resolve_sandbox(settings.sandbox, settings.allow_network, tuple(settings.pass_env), settings.bounds())
    except (ConfigError, WorkspaceError, SandboxUnavailable) as exc:
        complain("smallops", exc)
        return EXIT_UNAVAILABLE
    holds_own = own_dirs_inside(workspace.root) if replay is None else ""  # a fork's is checked once made
    if holds_own:
        complain("smallops", f"the workspace {workspace.root} contains smallops's own {holds_own}; a command the "
                 "model runs there could change them (turn the sandbox off, rewrite a session log). Run smallops in "
                 "a project directory, or pass --workspace DIR.")
        return EXIT_UNAVAILABLE
    if refusal := missing_terminal("run"):  # before the model is loaded: it would be for nothing
        say(refusal, file=sys.stderr)
        return EXIT_UNAVAILABLE
    if sandbox.note:  # off, or less than it should be (no namespaces here)
        complain("smallops", sandbox.note)
    try:
        prepared = asyncio.run(prepare(settings))
    except LaunchError as exc:
        complain("smallops", exc)
        return EXIT_FAILURE
    for note in prepared.notes:
        complain("smallops", note)
    fork = None
    if replay is not None:
        made = _make_fork(replay, args, prepared)
        if made is None:
            return EXIT_FAILURE
        fork, workspace = made
    return guarded(lambda: run_app(args.task or "", settings, workspace, prepared, fork), "app")


def _make_fork(replay: Replay, args: argparse.Namespace, prepared: Prepared) -> tuple[ForkSetup, Workspace] | None:
    """The fork's workspace rebuilt after --step, or None (said why)."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..agent.files.workspace import Workspace, WorkspaceError
    from ..agent.history.fork import ForkError
    from ..forking import prepare_fork

    try:
        fork = prepare_fork(replay, args.step, args.workspace, prepared.backend.model)
        workspace = Workspace(fork.workspace)
        holds_own = own_dirs_inside(workspace.root)
        if holds_own:
            raise ForkError(f"the fork's workspace {workspace.root} would contain smallops's own {holds_own}; "
                            "pass --workspace DIR elsewhere")
    except (ForkError, WorkspaceError) as exc:
        complain("smallops run", exc)
        return None
    complain("smallops", fork.resume.note)
    complain("smallops", f"the workspace as it was after step {args.step} is rebuilt in {fork.workspace}")
    return fork, workspace


def _fork_source(args: argparse.Namespace) -> Replay:
    """The log `run --from` forks, checked before anything is set up (ValueError: a sentence)."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..agent.history.fork import check_step, has_workspace_record
    from ..forking import load_replay

    if args.task:
        raise ValueError("a fork goes on with the logged session's task; drop the TASK argument")
    replay = load_replay(args.from_log)
    if args.step is None:
        raise ValueError(f"which step? --from needs --step K ({replay.path.name} has steps 0 to {len(replay.steps)}; "
                         "0 starts before the first turn)")
    check_step(replay, args.step)
    if not has_workspace_record(replay):
        raise ValueError(f"{replay.path.name} has no record of its workspace (an older smallops wrote it), so its files "
                         f"at step {args.step} cannot be rebuilt; only logs written by this version can be forked")
    if args.workspace is not None:
        dest = Path(args.workspace)
        if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
            raise ValueError(f"--workspace {dest} is not empty: a fork is rebuilt in a fresh directory")
    return replay


def _continue(args: argparse.Namespace) -> int:
    """`run --continue [LOG]`: the logged session taken up again in the app (its workspace, its log, the
    server and model from the flags and settings as ever; the model of its last request by default)."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..agent.files.workspace import Workspace, WorkspaceError
    from ..config import ConfigError, load_settings
    from ..continuing import ContinueError, latest_log, take_up
    from ..launch import LaunchError

    if args.from_log is not None or args.step is not None:
        complain("smallops run", "--continue goes on in the session's own workspace; --from/--step fork it instead: "
                 "give one or the other")
        return EXIT_UNAVAILABLE
    try:
        log = args.continue_log or latest_log(Path(args.workspace or ".").resolve())
        taken = take_up(log)
        header = taken.replay.header
        overrides = setting_overrides(args, taken.replay)
        settings = load_settings(overrides | {"workspace": header.workspace})
        refuse_keymap(settings)
        if settings.model is None and (taken.continuation.model or header.model):
            settings = settings.model_copy(update={"model": taken.continuation.model or header.model})
        workspace = Workspace(header.workspace)
    except (ContinueError, ConfigError, WorkspaceError) as exc:
        complain("smallops run", exc)
        return EXIT_UNAVAILABLE
    if refusal := missing_terminal("run"):
        say(refusal, file=sys.stderr)
        return EXIT_UNAVAILABLE
    try:
        prepared = asyncio.run(prepare(settings))
    except LaunchError as exc:
        complain("smallops", exc)
        return EXIT_FAILURE
    for note in [*prepared.notes, *taken.notes]:
        complain("smallops", note)
    complain("smallops", f"going on with {Path(log).name} ({len(taken.replay.tasks)} task"
             f"{'s' if len(taken.replay.tasks) > 1 else ''}, {taken.continuation.step} steps) in {workspace.root}")

    return guarded(lambda: run_app(args.task or "", settings, workspace, prepared, taken_up=taken, log=Path(log)),
                   "app")


def run_app(task: str, settings: Settings, workspace: Workspace, prepared: Prepared,
            fork: ForkSetup | None = None, taken_up: TakenUp | None = None, log: Path | None = None) -> int:
    """The TUI over a new session (or a fork's), then what it came to, printed."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from .. import __version__
    from ..config import save_setting
    from ..launch import new_log_path
    from ..session_setup import session_config
    from ..ui.app import LiveStart, SmallopsApp
    from ..ui.attention import Signals
    from ..ui.screens.live_state import TakenUp as ScreenTakenUp

    if fork is not None:
        task = fork.replay.header.task
    config = session_config(task, settings, prepared, first_step=fork.step if fork is not None else 0)
    log_path = log or new_log_path(task or "session")
    going_on = None
    if taken_up is not None:
        going_on = ScreenTakenUp(taken_up.continuation, taken_up.replay.header, taken_up.replay.fold())
    start = LiveStart(prepared.backend, workspace, config, backend_label=prepared.label, log_path=log_path,
                      app_version=__version__, resume=fork.resume if fork is not None else None,
                      forked_from=fork.forked_from if fork is not None else None, taken_up=going_on,
                      # How `auto` chose the backend, said again once the app has the screen: said only
                      # before it, a fallback from an unreachable --url went unseen by a new user.
                      notes=list(prepared.notes))
    app = SmallopsApp(start, theme=settings.theme, on_theme_change=lambda name: save_setting("theme", name),
                      signals=Signals(title=settings.terminal_title, bell=settings.bell, notify=settings.notify),
                      keymap=settings.keymap)
    app.run()
    report_live(app)
    return EXIT_OK


def report_live(app: SmallopsApp) -> None:
    """What the app's live session came to (if one ran), printed once the app has left the screen:
    its outcome, its log, and a fork's workspace."""
    if app.live is None:
        return
    live = app.live.state
    if live.outcome is not None:
        print_outcome(live.outcome)
    if live.log_path is not None and live.log_path.exists():
        incomplete = live.log_failing  # the disk still refused the log when the session closed
        say(f"log: {live.log_path}" + ("  (INCOMPLETE: the disk refused its last events)" if incomplete else ""))
    if live.start.forked_from is not None:
        say(f"workspace: {live.workspace.root}")


def print_outcome(outcome: SessionOutcome) -> None:
    """The session's end, printed after the app has left the screen. The summary is the model's
    text: an escape sequence in it (OSC 52 sets the clipboard) must not reach the terminal."""
    say(f"session {outcome.status}: {outcome.summary}")

