"""`smallops rerun LOG`: a logged session run again from its start with another model, headless,
the person's recorded decisions replayed while the new model stays on the recording's track; then
the two runs side by side."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..agent.files.visible import visible
from ..backend_names import choices as backend_choices
from ..policy_names import POLICIES
from .common import EXIT_FAILURE, EXIT_OK, EXIT_UNAVAILABLE, complain, prepare, say
from .text_table import format_table

if TYPE_CHECKING:
    from ..agent.history.replay import Replay
    from ..agent.history.rerun import Confirm, RerunDecider
    from ..agent.reply.kinds import Action
    from ..agent.risk.rules import RiskVerdict
    from ..agent.files.workspace import Workspace
    from ..agent.log.events import Event
    from ..agent.session.config import SessionConfig, SessionOutcome
    from ..config import Settings
    from ..launch import Prepared

HELP = "run a logged session again from the start with another model, headless, and compare the two"
EPILOG = ("The person's recorded decisions are replayed while the new model proposes the same action as "
          "the recording (normalized). A log is not the person: before an approval of anything above LOW, or "
          "reaching outside the workspace, is replayed, you are asked (y/N on standard input; no answer is no); "
          "with --yes-low-only it is held without asking. A held approval stops the rerun there (or hands on to "
          "--continue-with). The server is always yours (flags or settings), never the log's. Exit code 0 when "
          "the whole run was reproduced, 1 when it diverged or an approval was held.")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", help="a session log (.jsonl) written by this version (it records its workspace)")
    p.add_argument("--backend", choices=backend_choices(),
                   help="the backend to rerun with (default: your settings'; never the log's)")
    p.add_argument("--url", help="server URL (default: your settings' or $OLLAMA_HOST; never the log's)")
    p.add_argument("--model", help="the model to rerun with (default: your settings', else the log's)")
    p.add_argument("--yes-low-only", action="store_true",
                   help="replay only recorded approvals of LOW actions inside the workspace; hold the rest without "
                        "asking (default: ask before replaying any other approval)")
    p.add_argument("--continue-with", metavar="POLICY", choices=POLICIES,
                   help="after the first divergence, decide under this policy instead of stopping: "
                        + ", ".join(POLICIES))
    p.add_argument("--step-cap", type=int, metavar="N",
                   help="stop after N model turns (default: the recording's steps + 5)")
    p.add_argument("--workspace", metavar="DIR",
                   help="the fresh directory the workspace is rebuilt in (default: a new folder under the data "
                        "dir's forks/)")
    p.add_argument("--out", metavar="LOG", help="where the rerun's log goes (default: the sessions folder)")


def _source(args: argparse.Namespace) -> tuple[Replay, Settings]:
    """The recording and the settings to rerun it with (ForkError, ValueError, ConfigError)."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..agent.history.fork import ForkError, has_workspace_record
    from ..config import load_settings
    from ..forking import load_replay

    replay = load_replay(args.path)
    if not has_workspace_record(replay):
        raise ForkError(f"{replay.path.name} has no record of its workspace (an older smallops wrote it), so it "
                        "cannot be run again from its start; only logs written by this version can")
    # The server comes from the flags or the settings, never from the log (which may name any server,
    # and whose approvals would send what they read there); the log may name the model.
    settings = load_settings({"backend": args.backend, "url": args.url, "model": args.model})
    if settings.model is None and replay.header.model:
        settings = settings.model_copy(update={"model": replay.header.model})
    return replay, settings


def rerun_config(replay: Replay, settings: Settings, prepared: Prepared, step_cap: int | None) -> SessionConfig:
    """The recording's shape (task, vocabulary, sampling, a step cap past its length) on the person's
    sandbox. Every proposal must reach the decider that replays the recording, so the approval mode
    is manual; and the turns must be the recording's, so no budget cuts them and none is dropped."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..session_setup import session_config

    h = replay.header
    cap = step_cap if step_cap is not None else max(len(replay.steps) + 5, h.step_cap or 0)
    return session_config(h.task, settings, prepared, vocabulary=h.vocabulary, step_cap=cap,
                          constrained=bool(h.options.get("constrained", True)),
                          chat_options={k: v for k, v in h.options.items() if k in ("temperature", "num_ctx", "seed")},
                          approval_mode="manual", think_budget=None, context_rule="off",
                          levers=_recorded_levers(h.options.get("levers")))


def _recorded_levers(recorded: object) -> tuple[str, ...]:
    """The levers the recording ran with (an older log has none), only those this version knows."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..lever_names import LEVERS

    return tuple(n for n in recorded if isinstance(n, str) and n in LEVERS) if isinstance(recorded, list) else ()


def handle(args: argparse.Namespace) -> int:
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..agent.files.workspace import Workspace, WorkspaceError
    from ..agent.history.fork import ForkError
    from ..config import ConfigError
    from ..forking import fork_dir, prepare_fork
    from ..launch import LaunchError

    try:
        replay, settings = _source(args)
    except (ForkError, ValueError, ConfigError) as exc:
        complain("smallops rerun", exc)
        return EXIT_UNAVAILABLE
    try:
        prepared = asyncio.run(prepare(settings, "smallops rerun"))
    except LaunchError as exc:
        complain("smallops rerun", exc)
        return EXIT_FAILURE
    try:
        where = fork_dir(replay, 0, args.workspace, kind="rerun")
        fork = prepare_fork(replay, 0, where, prepared.backend.model)
        workspace = Workspace(fork.workspace)
    except (ForkError, WorkspaceError, OSError) as exc:
        complain("smallops rerun", exc)
        return EXIT_FAILURE
    config = rerun_config(replay, settings, prepared, args.step_cap)
    log_path = Path(args.out) if args.out else _log_path(replay)
    for note in fork.notes:
        complain("smallops rerun", note)
    server = prepared.backend.base_url or prepared.label
    complain("smallops rerun", f"{replay.path.name} from step 0 in {workspace.root}, with {server} (the log named "
             f"{replay.header.url or 'no server'}; a rerun uses yours)")
    ask = None if args.yes_low_only else ask_before_replaying(server)
    decider, outcome = asyncio.run(_go(replay, args.continue_with, prepared, workspace, config, log_path,
                                       fork.forked_from | {"rerun": True}, ask))
    return _report(replay, decider, outcome, args.continue_with, log_path, workspace.root)


def _log_path(replay: Replay) -> Path:
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..launch import new_log_path

    return new_log_path("rerun " + (replay.header.task or "session"))


def ask_before_replaying(server: str) -> Confirm:
    """The person's yes, on standard input, before a recorded approval above LOW (or reaching
    outside) is replayed: what would run, its risk now, and where its result would go."""

    async def confirm(step: int, action: Action, verdict: RiskVerdict) -> bool:
        # (here for start-up: the parser loads every command's module at each start; only this one needs these)
        from ..agent.history.rerun import describe

        say(f"\nstep {step}: the recording approved {describe(action.to_json(), width=200)}", file=sys.stderr)
        for rule, reason in zip(verdict.rules, verdict.reasons, strict=False):
            say(f"  {verdict.level if rule == verdict.rules[0] else '':6} {reason}", file=sys.stderr)
        say(f"  what it reads or prints goes to the model at {server}", file=sys.stderr)
        say("replay this approval? [y/N] ", file=sys.stderr, end="", flush=True)
        try:
            answer = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        except (OSError, ValueError):  # no input to read: nobody said yes
            answer = ""
        if not answer:
            say("(no answer: not replayed)", file=sys.stderr)
        return answer.strip().lower() in ("y", "yes")

    return confirm


async def _go(replay: Replay, continue_with: str | None, prepared: Prepared, workspace: Workspace, config: SessionConfig,
              log_path: Path, origin: dict[str, object], ask: Confirm | None) -> tuple[RerunDecider, SessionOutcome]:
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from .. import __version__
    from ..agent.history.rerun import RerunDecider
    from ..session_setup import new_session

    decider = RerunDecider(replay, continue_with, confirm=ask, workspace=workspace)
    try:
        session = new_session(prepared.backend, workspace, config, decider, log_path=log_path,
                              app_version=__version__, forked_from=dict(origin))
        decider.session = session
        session.listeners.append(lambda event: _progress(replay, decider, event))
        outcome = await session.run()
        for number, (_, task) in enumerate(replay.tasks[1:], start=2):  # the recording's follow-up tasks, in turn
            if outcome.status in ("error", "backend_error") or (decider.divergence is not None and continue_with is None):
                break
            say(f"task {number}: {task_words(task, 200)} (as recorded)", file=sys.stderr)
            outcome = await session.follow_up(task)
        return decider, outcome
    finally:
        await prepared.backend.aclose()


def _progress(replay: Replay, decider: RerunDecider, event: Event) -> None:
    """Each decision replayed as recorded, one line on stderr while the run stays on track."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..agent.history.rerun import step_action
    from ..agent.log.events import Decision

    if isinstance(event, Decision) and decider.divergence is None:
        view_action = step_action(next((v for v in replay.steps if v.number == event.step), None))
        say(f"step {event.step}: {view_action}: as recorded ({event.decision})", file=sys.stderr)


def _report(replay: Replay, decider: RerunDecider, outcome: SessionOutcome, continue_with: str | None,
            log_path: Path, where: Path) -> int:
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..agent.history.replay import Replay

    say(compare(replay, Replay.load(log_path)))
    say()
    divergence = decider.divergence
    if divergence is None:
        say(f"the rerun reproduced the recording: the same actions at every step, outcome {outcome.status}")
    elif divergence.held:
        say(f"step {divergence.step}: the recording {divergence.recorded}; not replayed: {divergence.held}")
        if continue_with is None:
            say("the rerun stopped there (go on under a policy with --continue-with approve-low)")
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
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..agent.history.rerun import step_action

    rows = [("STEP", f"RECORDED ({recorded.header.model or '?'})"[:44], "OUTCOME",
             f"RERUN ({rerun.header.model or '?'})"[:44], "OUTCOME", "")]
    old = {v.number: v for v in recorded.steps}
    new = {v.number: v for v in rerun.steps}
    old_tasks, new_tasks = dict(recorded.tasks[1:]), dict(rerun.tasks[1:])
    for number in sorted(set(old) | set(new)):
        if number in old_tasks or number in new_tasks:  # a follow-up task began here
            a_task, b_task = old_tasks.get(number, "—"), new_tasks.get(number, "—")
            rows.append(("task", task_words(a_task), "", task_words(b_task), "", "=" if a_task == b_task else "≠"))
        a, b = old.get(number), new.get(number)
        same = a is not None and b is not None and step_action(a) == step_action(b)
        rows.append((str(number), step_action(a), a.outcome if a else "—", step_action(b), b.outcome if b else "—",
                     "=" if same else "≠"))
    rows.append(("end", "(how the session ended)", recorded.outcome, "(how the session ended)", rerun.outcome,
                 "=" if recorded.outcome == rerun.outcome else "≠"))
    return format_table(rows)


def task_words(task: str, width: int = 44) -> str:
    """A task on one line, as a terminal may show it (a log is hostile input)."""
    text = " ".join(visible(task).split())
    return text if len(text) <= width else text[: width - 1] + "…"
