"""Command line: `smallops [run] TASK`, and the subcommands around a session.

Each subcommand has its own --help. Exit codes: 0 done, 1 failed (a sentence says why),
2 unusable input (a bad flag, setting or path).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from . import __version__
from .paths import config_file, sessions_dir
from .terminal_guard import missing_terminal

EXIT_OK, EXIT_FAILURE, EXIT_UNAVAILABLE = 0, 1, 2

SUBCOMMANDS: dict[str, str] = {
    "run": "supervise a model working on a task in a workspace (the default)",
    "replay": "step through a logged session in the same panes",
    "rerun": "run a logged session again from the start with another model, headless, and compare the two",
    "sessions": "list logged sessions and open one in replay",
    "export": "write a session as a readable Markdown or HTML transcript",
    "models": "list the models a server offers, with their capabilities",
    "doctor": "check the server, the model, thinking and constrained decoding; say what to fix",
    "bench": "run the fixture tasks headless and report which model you can trust with what",
    "config": "show where the configuration file is",
}
DESCRIPTION = """\
Supervise a small local language model (Ollama, an OpenAI-compatible server, or the embedded
llama.cpp model) working as a coding agent. The model proposes one JSON action per turn; you
see its reasoning, the action, its risk and the diff, and nothing runs until you press a key.
Every session is logged and can be replayed step by step.

  smallops "fix the bug in math.py"       start a supervised session in the current directory
  smallops replay --last                  step through the last session
  smallops doctor                         check that a model server is usable
"""


def say(*parts: object, file: TextIO | None = None, end: str = "\n", flush: bool = False) -> None:
    """print(), drawn visibly: model names, summaries, paths and messages here come from servers,
    models and logs, and an escape sequence in them (OSC 52 sets the clipboard) must not reach the
    terminal raw. Newlines and tabs stay."""
    from .agent.files.visible import visible

    print(visible(" ".join(str(part) for part in parts)), file=file or sys.stdout, end=end, flush=flush)


def _config(args: argparse.Namespace) -> int:
    if args.what == "path":
        say(config_file())
    elif args.what == "sessions":
        say(sessions_dir())
    return EXIT_OK


def _models(args: argparse.Namespace) -> int:
    from .diagnostics import list_models

    ok, text = asyncio.run(list_models(args.backend, args.url))
    say(text, file=sys.stdout if ok else sys.stderr)
    return EXIT_OK if ok else EXIT_FAILURE


def _doctor(args: argparse.Namespace) -> int:
    from .diagnostics import doctor

    ok, checks = asyncio.run(doctor(args.backend, args.url, args.model, constrained=not args.no_constrained))
    for check in checks:
        say(check)
    say("ready for a session" if ok else "not ready: fix the first ✗ above and run `smallops doctor` again")
    if not ok and args.backend == "ollama" and any(c.text.startswith("no Ollama at") for c in checks):
        say("(without Ollama, `smallops run` uses the embedded model: check it with "
            "`smallops doctor --backend embedded`)")
    return EXIT_OK if ok else EXIT_FAILURE


def _run(args: argparse.Namespace) -> int:
    from .agent.files.workspace import Workspace, WorkspaceError
    from .config import ConfigError, load_settings
    from .launch import LaunchError, prepare_backend

    from .agent.sandbox.confine import SandboxUnavailable, resolve_sandbox

    replay = None
    if args.from_log is not None:
        try:
            replay = _fork_source(args)
        except ValueError as exc:
            say(f"smallops run: {exc}", file=sys.stderr)
            return EXIT_UNAVAILABLE
    elif args.step is not None:
        say("smallops run: --step goes with --from LOG (the logged session to fork)", file=sys.stderr)
        return EXIT_UNAVAILABLE
    overrides = {"backend": args.backend, "url": args.url, "model": args.model, "step_cap": args.step_cap,
                 "theme": args.theme, "workspace": args.workspace, "vocabulary": args.vocabulary,
                 "sandbox": args.sandbox, "think_budget": args.think_budget, "context": args.context,
                 "context_rule": args.context_rule, "keep_turns": args.keep_turns,
                 "approval": args.approval}
    if replay is not None:
        # A fork runs where the original ran unless told otherwise, in a fresh copy (not --workspace).
        h = replay.header
        overrides.update(workspace=None, vocabulary=h.vocabulary)
        if args.backend is None:
            overrides.update(backend=h.backend or None, url=args.url or h.url or None, model=args.model or h.model or None)
    if args.no_constrained:
        overrides["constrained"] = False
    if args.allow_network:
        overrides["allow_network"] = True
    try:
        settings = load_settings(overrides)
        workspace = Workspace(settings.workspace or ".")
        sandbox = resolve_sandbox(settings.sandbox, settings.allow_network, tuple(settings.pass_env))
    except (ConfigError, WorkspaceError, SandboxUnavailable) as exc:
        say(f"smallops: {exc}", file=sys.stderr)
        return EXIT_UNAVAILABLE
    holds_own = own_dirs_inside(workspace.root) if replay is None else ""  # a fork's is checked once made
    if holds_own:
        say(f"smallops: the workspace {workspace.root} contains smallops's own {holds_own}; a command the model "
            "runs there could change them (turn the sandbox off, rewrite a session log). Run smallops in a project "
            "directory, or pass --workspace DIR.", file=sys.stderr)
        return EXIT_UNAVAILABLE
    if refusal := missing_terminal("run"):  # before the model is loaded: it would be for nothing
        say(refusal, file=sys.stderr)
        return EXIT_UNAVAILABLE
    if not sandbox.confined:
        say(f"smallops: {sandbox.note}", file=sys.stderr)
    try:
        prepared = asyncio.run(_with_progress(prepare_backend(settings), _describe_discovery(settings)))
    except LaunchError as exc:
        say(f"smallops: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    for note in prepared.notes:
        say(f"smallops: {note}", file=sys.stderr)
    fork = None
    if replay is not None:
        from .agent.history.fork import ForkError
        from .forking import prepare_fork

        try:
            fork = prepare_fork(replay, args.step, args.workspace, getattr(prepared.backend, "model", ""))
            workspace = Workspace(fork.workspace)
            if own_dirs_inside(workspace.root):
                raise ForkError(f"the fork's workspace {workspace.root} would contain smallops's own "
                                f"{own_dirs_inside(workspace.root)}; pass --workspace DIR elsewhere")
        except (ForkError, WorkspaceError) as exc:
            say(f"smallops run: {exc}", file=sys.stderr)
            return EXIT_FAILURE
        say(f"smallops: {fork.resume.note}", file=sys.stderr)
        say(f"smallops: the workspace as it was after step {args.step} is rebuilt in {fork.workspace}", file=sys.stderr)
    from .terminal_guard import guarded

    return guarded(lambda: _run_app(args, settings, workspace, prepared, fork), "app")


def _fork_source(args: argparse.Namespace) -> Any:
    """The log `run --from` forks, checked before anything is set up (ValueError: a sentence)."""
    from .agent.history.fork import check_step, has_workspace_record
    from .forking import load_replay

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


def own_dirs_inside(root: Path) -> str:
    """Which of the app's own folders (settings, session logs) lie inside `root`, in words, or ''."""
    from .paths import config_dir, data_dir

    inside = []
    for what, directory in (("settings", config_dir()), ("session logs", data_dir())):
        resolved = directory.resolve()
        if resolved == root or root in resolved.parents:
            inside.append(f"{what} ({directory})")
    return " and ".join(inside)


def session_config(task: str, settings: Any, prepared: Any, first_step: int = 0) -> Any:
    """The session's settings from the merged settings and what discovery found; a fork's step
    cap counts from the step it was forked at (`first_step`)."""
    from .agent.session.loop import SessionConfig
    from .launch import context_for

    window = context_for(settings, prepared)
    return SessionConfig(task=task, vocabulary=settings.vocabulary, step_cap=settings.step_cap + first_step,
                         constrained=settings.constrained, think=prepared.think, forced_think=prepared.forced_think,
                         command_timeout=settings.command_timeout, sandbox=settings.sandbox,
                         allow_network=settings.allow_network, pass_env=tuple(settings.pass_env),
                         chat_options={k: v for k, v in (("temperature", settings.temperature),
                                                         ("num_ctx", settings.num_ctx)) if v is not None},
                         think_budget=settings.think_budget, context_window=window.tokens if window else None,
                         context_source=window.source if window else "", context_rule=settings.context_rule,
                         keep_turns=settings.keep_turns, approval_mode=settings.approval)


def _run_app(args: argparse.Namespace, settings: Any, workspace: Any, prepared: Any, fork: Any = None) -> int:
    from .config import save_setting
    from .launch import new_log_path
    from .ui.app import SmallopsApp

    task = fork.replay.header.task if fork is not None else (args.task or "")
    config = session_config(task, settings, prepared, fork.step if fork is not None else 0)
    log_path = new_log_path(task or "session")
    app = SmallopsApp(prepared.backend, workspace, config, backend_label=prepared.label, log_path=log_path,
                      theme=settings.theme, on_theme_change=lambda name: save_setting("theme", name),
                      app_version=__version__, resume=fork.resume if fork is not None else None,
                      forked_from=fork.forked_from if fork is not None else None)
    outcome = app.run()
    if outcome is not None:
        print_outcome(outcome)
    if log_path.exists():
        incomplete = app.log_failing  # the disk still refused the log when the session closed
        say(f"log: {log_path}" + ("  (INCOMPLETE: the disk refused its last events)" if incomplete else ""))
    if fork is not None:
        say(f"workspace: {fork.workspace}")
    return EXIT_OK


def print_outcome(outcome: Any) -> None:
    """The session's end, printed after the app has left the screen. The summary is the model's
    text: an escape sequence in it (OSC 52 sets the clipboard) must not reach the terminal."""
    say(f"session {outcome.status}: {outcome.summary}")


def _replay(args: argparse.Namespace) -> int:
    from .agent.log.events import LogError
    from .agent.history.replay import Replay
    from .config import ConfigError, load_settings

    if refusal := missing_terminal("replay"):  # first: finding the last log loads the screens
        say(refusal, file=sys.stderr)
        return EXIT_UNAVAILABLE
    path = args.path
    if args.last:
        from .ui.replay_app import last_session

        found = last_session(sessions_dir())
        if found is None:
            say(f"smallops replay: no sessions in {sessions_dir()} yet", file=sys.stderr)
            return EXIT_FAILURE
        path = str(found)
    if not path:
        say("smallops replay: which log? give its path, or --last (see `smallops sessions`)", file=sys.stderr)
        return EXIT_UNAVAILABLE
    try:
        replay = Replay.load(path)
    except LogError as exc:
        say(f"smallops replay: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    try:
        theme = load_settings().theme
    except ConfigError:
        theme = "smallops-dark"
    from .terminal_guard import guarded
    from .ui.fork_screen import ForkTarget
    from .ui.replay_app import ForkRequest, ReplayApp

    chosen: list[ForkRequest] = []
    h = replay.header
    server = [getattr(args, name, None) for name in ("backend", "url", "model")]
    defaults = ForkTarget(server[0] or h.backend or "auto", server[1] or ("" if server[0] else h.url),
                          server[2] or ("" if server[0] else h.model))

    def replay_app() -> int:
        result = ReplayApp(replay, theme=theme, fork_defaults=defaults).run()
        if isinstance(result, ForkRequest):
            chosen.append(result)
        return EXIT_OK

    code = guarded(replay_app, "replay")
    if not chosen:
        return code
    # `f`: the same path as `smallops run --from LOG --step K`, with the backend and model chosen there.
    request = chosen[0]
    argv = ["run", "--from", str(request.log), "--step", str(request.step), "--backend", request.backend]
    argv += ["--url", request.url] if request.url else []
    argv += ["--model", request.model] if request.model else []
    return _run(build_parser().parse_args(argv))


def _rerun(args: argparse.Namespace) -> int:
    import tempfile

    from .agent.history.fork import ForkError, forked_from, has_workspace_record, rebuild_workspace
    from .agent.session.loop import SessionConfig
    from .agent.history.replay import Replay
    from .agent.history.rerun import RerunDecider, compare, step_action
    from .agent.files.workspace import Workspace
    from .config import ConfigError, load_settings
    from .forking import load_replay
    from .launch import LaunchError, new_log_path, prepare_backend
    from .session_setup import new_session

    try:
        replay = load_replay(args.path)
        if not has_workspace_record(replay):
            raise ForkError(f"{replay.path.name} has no record of its workspace (an older smallops wrote it), so it "
                            "cannot be run again from its start; only logs written by this version can")
        h = replay.header
        overrides = {"backend": args.backend or h.backend or None, "url": args.url or (None if args.backend else h.url),
                     "model": args.model or (None if args.backend else h.model)}
        settings = load_settings(overrides)
    except (ForkError, ValueError, ConfigError) as exc:
        say(f"smallops rerun: {exc}", file=sys.stderr)
        return EXIT_UNAVAILABLE
    try:
        prepared = asyncio.run(_with_progress(prepare_backend(settings), _describe_discovery(settings)))
    except LaunchError as exc:
        say(f"smallops rerun: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    try:
        where = Path(args.workspace) if args.workspace else Path(tempfile.mkdtemp(prefix="smallops-rerun-"))
        rebuilt = rebuild_workspace(replay, 0, where)
        workspace = Workspace(rebuilt.root)
    except (ForkError, OSError) as exc:
        say(f"smallops rerun: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    decider = RerunDecider(replay, args.continue_with)
    cap = args.step_cap if args.step_cap is not None else max(len(replay.steps) + 5, h.step_cap or 0)
    config = SessionConfig(task=h.task, vocabulary=h.vocabulary, step_cap=cap,
                           constrained=bool(h.options.get("constrained", True)), think=prepared.think,
                           forced_think=prepared.forced_think, sandbox=settings.sandbox,
                           allow_network=settings.allow_network, pass_env=tuple(settings.pass_env),
                           chat_options={k: v for k, v in h.options.items() if k in ("temperature", "num_ctx", "seed")})
    log_path = Path(args.out) if args.out else new_log_path("rerun " + (h.task or "session"))
    origin = forked_from(replay, 0) | {"rerun": True}

    def progress(event: Any) -> None:
        if event.type == "decision" and decider.divergence is None:
            view_action = step_action(next((v for v in replay.steps if v.number == event.step), None))
            say(f"step {event.step}: {view_action}: as recorded ({event.decision})", file=sys.stderr)

    async def go() -> Any:
        try:
            session = new_session(prepared.backend, workspace, config, decider, log_path=log_path,
                                  app_version=__version__, forked_from=origin)
            decider.session = session
            session.listeners.append(progress)
            return await session.run()
        finally:
            await prepared.backend.aclose()

    say(f"smallops rerun: {replay.path.name} from step 0 in {workspace.root}", file=sys.stderr)
    outcome = asyncio.run(go())
    say(compare(replay, Replay.load(log_path)))
    say()
    divergence = decider.divergence
    if divergence is None:
        say(f"the rerun reproduced the recording: the same actions at every step, outcome {outcome.status}")
    else:
        say(f"first divergence at step {divergence.step}: recorded {divergence.recorded}; the rerun proposed "
            f"{divergence.new}")
        if args.continue_with is None:
            say("the rerun stopped there (go on under a policy with --continue-with approve-non-high)")
    say(f"log: {log_path}")
    say(f"workspace: {workspace.root}")
    return EXIT_OK if divergence is None else EXIT_FAILURE


def _bench(args: argparse.Namespace) -> int:
    from .bench.harness import BenchSetup, FAST_TASKS, load_tasks
    from .bench.lever_names import parse_levers
    from .bench.parallel import already_done, run_bench
    from .bench.report import format_report
    from .config import ConfigError, load_settings
    from .launch import LaunchError, prepare_backend

    try:
        ids = [i for item in args.tasks.split(",") for i in (FAST_TASKS if item == "fast" else [item.strip()])] \
            if args.tasks else None
        tasks = load_tasks(ids)
        levers = parse_levers(args.levers)
        seed = _seed(args.seed)
        if args.parallel < 1:
            raise ValueError(f"--parallel must be at least 1, not {args.parallel}")
        already_done(Path(args.out))  # a file that is not bench results is refused before anything runs
        settings = load_settings({"backend": args.backend, "url": args.url, "model": args.model})
    except (ValueError, ConfigError) as exc:
        say(f"smallops bench: {exc}", file=sys.stderr)
        return EXIT_UNAVAILABLE

    async def go() -> list[dict[str, object]]:
        prepared = await _with_progress(prepare_backend(settings), _describe_discovery(settings))
        for note in prepared.notes:
            say(f"smallops bench: {note}", file=sys.stderr)
        if args.parallel > 1 and prepared.label == "embedded":
            await prepared.backend.aclose()
            raise LaunchError("the embedded model generates one reply at a time, so --parallel needs a server: "
                              "serve the model (llama.cpp's server with --parallel, vLLM, Ollama with "
                              "OLLAMA_NUM_PARALLEL) and pass --backend openai|ollama --url")
        setup = BenchSetup(prepared.backend, prepared.label, getattr(prepared.backend, "base_url", ""),
                           getattr(prepared.backend, "model", ""), prepared.details, policy=args.policy,
                           step_cap=args.step_cap, wall_cap=args.wall_cap, constrained=args.constrained == "on",
                           vocabulary=args.vocabulary, think=prepared.think if args.think else False,
                           forced_think=prepared.forced_think, levers=levers,
                           options={"temperature": args.temperature, **({"seed": seed} if seed is not None else {})})
        try:
            return await run_bench(tasks, setup, args.runs, Path(args.out), sessions_dir() / "bench", _progress,
                                   parallel=args.parallel)
        finally:
            await prepared.backend.aclose()

    try:
        records = asyncio.run(go())
    except LaunchError as exc:
        say(f"smallops bench: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    if not records:
        say(f"nothing to run: every run asked for is already in {args.out} (smallops bench report {args.out})")
        return EXIT_OK
    say(format_report(records))
    say(f"\n{len(records)} record(s) appended to {args.out}")
    return EXIT_OK


def _seed(text: str) -> int | None:
    if text.strip().lower() == "none":
        return None
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"--seed takes a whole number or none, not {text!r}") from None


def _describe_discovery(settings: Any) -> str:
    where = f" at {settings.url}" if settings.url else ""
    return {"ollama": f"asking Ollama{where} for its models", "openai": f"asking the server{where} for its models",
            "embedded": "finding the embedded model"}.get(settings.backend, f"looking for Ollama{where}")


async def _with_progress(work: Any, what: str, first: float = 1.0, every: float = 5.0) -> Any:
    """Await `work`; if it takes more than `first` seconds, say what is being waited for, and
    again every `every` seconds (a slow server must never look like a hang)."""
    task = asyncio.ensure_future(work)
    started = time.monotonic()
    wait = first
    while True:
        done, _ = await asyncio.wait({task}, timeout=wait)
        if done:
            return task.result()
        say(f"smallops: {what}… {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
        wait = every


def _progress(done: int, total: int, label: str) -> None:
    width = 30
    filled = width * done // max(total, 1)
    end = "\n" if done == total else ""
    print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {label:<28}", end=end, file=sys.stderr, flush=True)


def _bench_report(argv: list[str]) -> int:
    from .bench.report import format_comparison, format_matrix, format_report, read_records

    parser = argparse.ArgumentParser(prog="smallops bench report",
                                     description="Summarize bench records per setup and task; optionally compare two files.")
    parser.add_argument("file", help="a JSONL file written by smallops bench --out")
    parser.add_argument("--compare", metavar="FILE2", help="a second results file to compare against")
    parser.add_argument("--matrix", action="store_true",
                        help="setups down, tasks across (e.g. a lever table), instead of one row per setup and task")
    args = parser.parse_args(argv)
    try:
        records = read_records(Path(args.file))
        other = read_records(Path(args.compare)) if args.compare else None
    except OSError as exc:
        say(f"smallops bench report: {exc.filename or args.file} cannot be read as a results file "
            f"({exc.strerror or exc})", file=sys.stderr)
        return EXIT_FAILURE
    except ValueError as exc:
        say(f"smallops bench report: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    say(format_matrix(records) if args.matrix else format_report(records))
    if other is not None:
        say()
        say(format_comparison(records, other, Path(args.file).stem, Path(args.compare).stem))
    return EXIT_OK


def _sessions(args: argparse.Namespace) -> int:
    from .agent.history.sessions import format_sessions, list_sessions

    directory = Path(args.dir) if args.dir else sessions_dir()
    summaries, problems = list_sessions(directory)
    if args.open is not None:
        if not 1 <= args.open <= len(summaries):
            say(f"smallops sessions: there is no session {args.open}; {len(summaries)} are listed", file=sys.stderr)
            return EXIT_FAILURE
        args.path, args.last = str(summaries[args.open - 1].path), False
        return _replay(args)
    say(format_sessions(summaries))
    for problem in problems:
        say(f"skipped: {problem}", file=sys.stderr)
    if summaries:
        say(f"\n{directory}  ·  open one with: smallops sessions --open N  (or smallops replay PATH)")
    return EXIT_OK


def _export(args: argparse.Namespace) -> int:
    from .agent.log.events import LogError
    from .agent.history.export import export_html, export_markdown
    from .agent.history.replay import Replay

    if not args.path:
        say("smallops export: which log? give its path (see `smallops sessions`)", file=sys.stderr)
        return EXIT_UNAVAILABLE
    try:
        replay = Replay.load(args.path)
    except LogError as exc:
        say(f"smallops export: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    text = export_markdown(replay) if args.format == "md" else export_html(replay)
    out = Path(args.out) if args.out else Path(args.path).with_suffix("." + args.format)
    out.write_text(text, encoding="utf-8")
    for warning in replay.warnings:
        say(f"note: {warning}", file=sys.stderr)
    say(out)
    return EXIT_OK


def _add_server_options(p: argparse.ArgumentParser, auto: bool = False) -> None:
    p.add_argument("--backend", choices=(["auto"] if auto else []) + ["ollama", "openai", "embedded"],
                   default="auto" if auto else "ollama",
                   help=("auto (default): Ollama if it answers, else the embedded model; " if auto else
                         "ollama: native /api (default); ") + "openai: any OpenAI-compatible server (llama.cpp, vLLM, "
                        "LM Studio); embedded: the small model installed with the embedded extra")
    p.add_argument("--url", help="server URL (default: $OLLAMA_HOST or http://127.0.0.1:11434 for ollama, "
                                 "http://127.0.0.1:8080 for openai; for embedded, a GGUF file instead of the bundled one)")


HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "config": _config, "models": _models, "doctor": _doctor, "run": _run, "sessions": _sessions, "export": _export,
    "replay": _replay, "bench": _bench, "rerun": _rerun,
}


def build_parser() -> argparse.ArgumentParser:
    from .agent.session.policy import ScriptedPolicy
    from .bench.lever_names import DEFAULT_LEVERS, LEVERS

    parser = argparse.ArgumentParser(
        prog="smallops", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--version", action="version", version=f"smallops-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for name, help_text in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text[0].upper() + help_text[1:] + ".")
        p.set_defaults(handler=HANDLERS[name])
        if name == "config":
            p.add_argument("what", choices=["path", "sessions"], help="path: the config file; sessions: the log folder")
        if name in ("models", "doctor"):
            _add_server_options(p)
        if name == "doctor":
            p.add_argument("--model", help="the model to check (default: the first the server lists)")
            p.add_argument("--no-constrained", action="store_true", help="skip the constrained-decoding request")
        if name == "run":
            p.add_argument("task", nargs="?", help="what the model should do (or type it in the app)")
            p.add_argument("--workspace", metavar="DIR", help="the directory the model works in (default: here); with "
                           "--from, the fresh directory the fork's workspace is rebuilt in (default: beside the "
                           "original, NAME-fork-stepK)")
            p.add_argument("--from", dest="from_log", metavar="LOG",
                           help="fork a logged session: rebuild its workspace as it was after --step K in a fresh "
                                "directory and go on from there with the same conversation, with any --backend/--model "
                                "(default: the log's)")
            p.add_argument("--step", type=int, metavar="K",
                           help="with --from: the step to go on after (0: before the first turn)")
            p.add_argument("--backend", choices=["auto", "ollama", "openai", "embedded"],
                           help="auto (default): Ollama if it answers, else the embedded model")
            p.add_argument("--url", help="server URL (default: $OLLAMA_HOST or http://127.0.0.1:11434)")
            p.add_argument("--model", help="model name (default: the first the server lists)")
            p.add_argument("--step-cap", type=int, metavar="N", help="stop after N model turns (default 20)")
            p.add_argument("--theme", help="smallops-dark (default), smallops-light, smallops-solarized, or your own")
            p.add_argument("--vocabulary", choices=["seed", "extended"], help="extended adds replace_lines/insert_lines")
            p.add_argument("--no-constrained", action="store_true",
                           help="do not send the action schema for constrained decoding")
            p.add_argument("--sandbox", choices=["auto", "landlock", "bwrap", "off"],
                           help="the OS sandbox for commands: auto (default: Landlock, else bubblewrap), or off; "
                                "without one every command counts one risk level higher")
            p.add_argument("--allow-network", action="store_true",
                           help="let commands open network connections (denied by the sandbox by default)")
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
            p.epilog = ("Every option can also be set in the config file (`smallops config path`) or as SMALLOPS_<NAME> "
                        "environment variables; OLLAMA_HOST is respected.")
        if name in ("replay", "export"):
            p.add_argument("path", nargs="?", help="a session log (.jsonl)")
        if name == "bench":
            _add_server_options(p, auto=True)
            p.add_argument("--model", help="model name (default: the first the server lists)")
            p.add_argument("--tasks", help="comma-separated task ids, or 'fast' (t1-ready,t2-read); default: all nine")
            p.add_argument("--runs", type=int, default=1, help="runs per task (default 1)")
            p.add_argument("--policy", default="approve-non-high",
                           choices=["approve-all", "approve-non-high", "approve-low", "reject-all"])
            p.add_argument("--constrained", choices=["on", "off"], default="on")
            p.add_argument("--vocabulary", choices=["seed", "extended"], default="seed")
            p.add_argument("--think", action="store_true", help="let thinking models think (off by default)")
            p.add_argument("--step-cap", type=int, default=8)
            p.add_argument("--wall-cap", type=float, default=300.0, help="seconds per run before it is inconclusive")
            p.add_argument("--temperature", type=float, default=0.0, help="sampling temperature (default 0)")
            p.add_argument("--seed", default="0", help="sampling seed, or none (default 0): runs are reproducible")
            p.add_argument("--levers", default=DEFAULT_LEVERS,
                           help=f"harness levers, comma-separated: {', '.join(LEVERS)}; all; none "
                                f"(default: {DEFAULT_LEVERS}, kept by measurement: see the README)")
            p.add_argument("--parallel", type=int, default=1, metavar="N",
                           help="runs at once, against a server that serves them concurrently (default 1); each "
                                "run has its own workspace copy, record and log, and its wall cap excludes waiting")
            p.add_argument("--out", default="bench-results.jsonl",
                           help="records are appended here (JSONL); runs already recorded there are skipped, so an "
                                "interrupted bench resumes")
            p.epilog = "smallops bench report FILE [--compare FILE2] summarizes results."
        if name in ("replay", "sessions"):
            p.add_argument("--backend", choices=["auto", "ollama", "openai", "embedded"],
                           help="what f (fork) offers as the forked session's backend (default: the log's)")
            p.add_argument("--url", help="what f (fork) offers as the server URL (default: the log's)")
            p.add_argument("--model", help="what f (fork) offers as the model that goes on (default: the log's)")
        if name == "replay":
            p.add_argument("--last", action="store_true", help="the newest session in the data dir")
        if name == "rerun":
            p.add_argument("path", help="a session log (.jsonl) written by this version (it records its workspace)")
            p.add_argument("--backend", choices=["ollama", "openai", "embedded"],
                           help="the backend to rerun with (default: the log's)")
            p.add_argument("--url", help="server URL (default: the log's, when the backend is the log's)")
            p.add_argument("--model", help="the model to rerun with (default: the log's)")
            p.add_argument("--continue-with", metavar="POLICY", choices=list(ScriptedPolicy.POLICIES),
                           help="after the first divergence, decide under this policy instead of stopping: "
                                + ", ".join(ScriptedPolicy.POLICIES))
            p.add_argument("--step-cap", type=int, metavar="N",
                           help="stop after N model turns (default: the recording's steps + 5)")
            p.add_argument("--workspace", metavar="DIR",
                           help="the fresh directory the workspace is rebuilt in (default: a new temp folder)")
            p.add_argument("--out", metavar="LOG", help="where the rerun's log goes (default: the sessions folder)")
            p.epilog = ("The person's recorded decisions are replayed while the new model proposes the same action as "
                        "the recording (normalized); exit code 0 when the whole run was reproduced, 1 when it diverged.")
        if name == "export":
            p.add_argument("--format", choices=["md", "html"], default="md", help="Markdown (default) or HTML")
            p.add_argument("--out", help="where to write (default: beside the log, .md or .html)")
        if name == "sessions":
            p.add_argument("--dir", help="another folder of logs (default: the data dir's sessions/)")
            p.add_argument("--open", type=int, metavar="N", help="open session N of the list in replay")
    return parser


def _with_default_command(argv: list[str]) -> list[str]:
    """`smallops` and `smallops "a task"` mean `smallops run ...`."""
    if not argv:
        return ["run"]
    first = argv[0]
    if first in SUBCOMMANDS or first in ("-h", "--help", "--version"):
        return argv
    return ["run", *argv]


def meant_command(word: str) -> str | None:
    """The subcommand a first argument of one word was probably meant to be (`replya`, `sesions`,
    `rnu`), or None. A task is a sentence; one word close to a command is far likelier a typo, and
    taking it as a task would load the model and log a session named after the typo."""
    import difflib

    word = word.strip().lower()
    if not word.replace("-", "").isalpha() or word in SUBCOMMANDS:
        return None
    close = difflib.get_close_matches(word, SUBCOMMANDS, n=1, cutoff=0.8)
    if close:
        return close[0]
    # Two letters swapped in a short word (`rnu`) score low on similarity: same letters, same length.
    return next((name for name in SUBCOMMANDS if sorted(name) == sorted(word)), None)


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:  # started as a program: keep credentials out of what /proc shows of it
        from .agent.sandbox.secret_env import withhold_secrets

        withhold_secrets()
    given = list(sys.argv[1:] if argv is None else argv)
    if given and (meant := meant_command(given[0])):
        say(f"smallops: {given[0]} is not a command; did you mean `smallops {meant}`? (A task of one word goes "
            f"with run: smallops run {given[0]})", file=sys.stderr)
        return EXIT_UNAVAILABLE
    args_list = _with_default_command(given)
    if args_list[:2] == ["bench", "report"]:
        return _bench_report(args_list[2:])
    parser = build_parser()
    args = parser.parse_args(args_list)
    try:
        return int(args.handler(args))
    except KeyboardInterrupt:
        say("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
