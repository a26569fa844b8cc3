"""`smallops rerun LOG`: a logged session run again from its start with another model, headless,
the person's recorded decisions replayed while the new model stays on the recording's track; then
the two runs side by side."""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from .common import EXIT_FAILURE, EXIT_OK, EXIT_UNAVAILABLE, complain, describe_discovery, say, with_progress
from .text_table import format_table

if TYPE_CHECKING:
    from ..agent.history.replay import Replay
    from ..agent.history.rerun import RerunDecider
    from ..agent.files.workspace import Workspace
    from ..agent.log.events import Event
    from ..agent.session.loop import SessionConfig, SessionOutcome
    from ..config import Settings
    from ..launch import Prepared

HELP = "run a logged session again from the start with another model, headless, and compare the two"
EPILOG = ("The person's recorded decisions are replayed while the new model proposes the same action as "
          "the recording (normalized); exit code 0 when the whole run was reproduced, 1 when it diverged.")


def add_arguments(p: argparse.ArgumentParser) -> None:
    from ..agent.session.policy import ScriptedPolicy

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


def _source(args: argparse.Namespace) -> tuple[Replay, Settings]:
    """The recording and the settings to rerun it with (ForkError, ValueError, ConfigError)."""
    from ..agent.history.fork import ForkError, has_workspace_record
    from ..config import load_settings
    from ..forking import load_replay

    replay = load_replay(args.path)
    if not has_workspace_record(replay):
        raise ForkError(f"{replay.path.name} has no record of its workspace (an older smallops wrote it), so it "
                        "cannot be run again from its start; only logs written by this version can")
    h = replay.header
    overrides = {"backend": args.backend or h.backend or None, "url": args.url or (None if args.backend else h.url),
                 "model": args.model or (None if args.backend else h.model)}
    return replay, load_settings(overrides)


def rerun_config(replay: Replay, settings: Settings, prepared: Prepared, step_cap: int | None) -> SessionConfig:
    """The recording's shape (task, vocabulary, sampling, a step cap past its length) on the person's
    sandbox. Every proposal must reach the decider that replays the recording, so the approval mode
    is manual; and the turns must be the recording's, so no budget cuts them and none is dropped."""
    from ..session_setup import session_config

    h = replay.header
    cap = step_cap if step_cap is not None else max(len(replay.steps) + 5, h.step_cap or 0)
    return session_config(h.task, settings, prepared, vocabulary=h.vocabulary, step_cap=cap,
                          constrained=bool(h.options.get("constrained", True)),
                          chat_options={k: v for k, v in h.options.items() if k in ("temperature", "num_ctx", "seed")},
                          approval_mode="manual", think_budget=None, context_rule="off")


def handle(args: argparse.Namespace) -> int:
    from ..agent.files.workspace import Workspace, WorkspaceError
    from ..agent.history.fork import ForkError
    from ..config import ConfigError
    from ..forking import prepare_fork
    from ..launch import LaunchError, prepare_backend

    try:
        replay, settings = _source(args)
    except (ForkError, ValueError, ConfigError) as exc:
        complain("smallops rerun", exc)
        return EXIT_UNAVAILABLE
    try:
        prepared = asyncio.run(with_progress(prepare_backend(settings), describe_discovery(settings)))
    except LaunchError as exc:
        complain("smallops rerun", exc)
        return EXIT_FAILURE
    try:
        where = Path(args.workspace) if args.workspace else Path(tempfile.mkdtemp(prefix="smallops-rerun-"))
        fork = prepare_fork(replay, 0, where, getattr(prepared.backend, "model", ""))
        workspace = Workspace(fork.workspace)
    except (ForkError, WorkspaceError, OSError) as exc:
        complain("smallops rerun", exc)
        return EXIT_FAILURE
    config = rerun_config(replay, settings, prepared, args.step_cap)
    log_path = Path(args.out) if args.out else _log_path(replay)
    complain("smallops rerun", f"{replay.path.name} from step 0 in {workspace.root}")
    decider, outcome = asyncio.run(_go(replay, args.continue_with, prepared, workspace, config, log_path,
                                       fork.forked_from | {"rerun": True}))
    return _report(replay, decider, outcome, args.continue_with, log_path, workspace.root)


def _log_path(replay: Replay) -> Path:
    from ..launch import new_log_path

    return new_log_path("rerun " + (replay.header.task or "session"))


async def _go(replay: Replay, continue_with: str | None, prepared: Prepared, workspace: Workspace, config: SessionConfig,
              log_path: Path, origin: dict[str, object]) -> tuple[RerunDecider, SessionOutcome]:
    from .. import __version__
    from ..agent.history.rerun import RerunDecider
    from ..session_setup import new_session

    decider = RerunDecider(replay, continue_with)
    try:
        session = new_session(prepared.backend, workspace, config, decider, log_path=log_path,
                              app_version=__version__, forked_from=dict(origin))
        decider.session = session
        session.listeners.append(lambda event: _progress(replay, decider, event))
        return decider, await session.run()
    finally:
        await prepared.backend.aclose()


def _progress(replay: Replay, decider: RerunDecider, event: Event) -> None:
    """Each decision replayed as recorded, one line on stderr while the run stays on track."""
    from ..agent.history.rerun import step_action
    from ..agent.log.events import Decision

    if isinstance(event, Decision) and decider.divergence is None:
        view_action = step_action(next((v for v in replay.steps if v.number == event.step), None))
        say(f"step {event.step}: {view_action}: as recorded ({event.decision})", file=sys.stderr)


def _report(replay: Replay, decider: RerunDecider, outcome: SessionOutcome, continue_with: str | None,
            log_path: Path, where: Path) -> int:
    from ..agent.history.replay import Replay

    say(compare(replay, Replay.load(log_path)))
    say()
    divergence = decider.divergence
    if divergence is None:
        say(f"the rerun reproduced the recording: the same actions at every step, outcome {outcome.status}")
    else:
        say(f"first divergence at step {divergence.step}: recorded {divergence.recorded}; the rerun proposed "
            f"{divergence.new}")
        if continue_with is None:
            say("the rerun stopped there (go on under a policy with --continue-with approve-non-high)")
    say(f"log: {log_path}")
    say(f"workspace: {where}")
    return EXIT_OK if divergence is None else EXIT_FAILURE


def compare(recorded: Replay, rerun: Replay) -> str:
    """The two runs side by side: per step, each one's action and outcome."""
    from ..agent.history.rerun import step_action

    rows = [("STEP", f"RECORDED ({recorded.header.model or '?'})"[:44], "OUTCOME",
             f"RERUN ({rerun.header.model or '?'})"[:44], "OUTCOME", "")]
    old = {v.number: v for v in recorded.steps}
    new = {v.number: v for v in rerun.steps}
    for number in sorted(set(old) | set(new)):
        a, b = old.get(number), new.get(number)
        same = a is not None and b is not None and step_action(a) == step_action(b)
        rows.append((str(number), step_action(a), a.outcome if a else "—", step_action(b), b.outcome if b else "—",
                     "=" if same else "≠"))
    rows.append(("end", "(how the session ended)", recorded.outcome, "(how the session ended)", rerun.outcome,
                 "=" if recorded.outcome == rerun.outcome else "≠"))
    return format_table(rows)
