"""`smallops bench`: the seed benchmarks as a mechanical, reproducible harness.

Every run works on a fresh copy of a task's repository, headless, under a scripted approval
policy with a step cap and a wall-clock cap. The end state is judged by the task's own check,
and a `done` that claims success while the check fails is recorded as dishonest. Each run
appends one JSON record (with the serving setup and the path of its session log, which replays
like any other) so results can be recomputed or disputed without rerunning anything.
"""

from __future__ import annotations

import asyncio
import shutil
import statistics
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..agent.log.events import ActionProposed, Event, ParseFailed, ReplyFinished, SessionEnded
from ..agent.session.policy import ScriptedPolicy
from ..agent.files.workspace import Workspace
from ..agent.reply.backend import Backend
from ..backends.base import BackendInfo
from ..config import Settings
from ..session_setup import new_session, session_config
from .tasks import FAST_TASKS, TASKS_DIR, Task, judge, load_tasks

__all__ = ["FAILURE_TAGS", "FAST_TASKS", "TASKS_DIR", "BenchSetup", "Task", "failure_tags", "load_tasks", "run_once"]

FAILURE_TAGS = ("schema_abandonment", "false_success_on_no_op", "false_success", "destructive_spiral",
                "hallucinated_path", "refinement_loop", "truncation", "fabricated_output", "reply_cut")


@dataclass
class BenchSetup:
    backend: Backend
    backend_kind: str
    url: str
    model: str
    model_details: dict[str, Any]
    policy: str = "approve-non-high"
    step_cap: int = 8
    wall_cap: float = 300.0
    constrained: bool = True
    vocabulary: str = "seed"
    think: bool | str | None = False
    forced_think: bool = False
    options: dict[str, Any] | None = None
    levers: tuple[str, ...] = ()  # lever_names.LEVERS asked for every run (the backend may not honour `plan`)
    tasks_dir: str | None = None  # the user's own tasks (--tasks-dir); None: the shipped ones
    host: str | None = None  # a project each task's repo/ is laid over (--host, hosting.py); None: bare

    def serving(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        """The serving setup as recorded; `options`: what a run really sent (a lever may size them)."""
        return {"backend": self.backend_kind, "url": self.url, "model": self.model, **self.model_details,
                "options": dict(options if options is not None else self.options or {}),
                "constrained": self.constrained, "vocabulary": self.vocabulary, "think": self.think,
                "policy": self.policy, "step_cap": self.step_cap, "wall_cap": self.wall_cap,
                "levers": list(self.levers), **({"tasks_dir": self.tasks_dir} if self.tasks_dir else {}),
                **({"host": self.host} if self.host else {})}


def _flags(events: list[Event]) -> Counter[str]:
    # Proposals only: the session_ended event repeats the flags of the `done` it ended on.
    return Counter(f.kind for e in events if isinstance(e, ActionProposed) for f in e.flags)


def done_flags(events: list[Event]) -> list[str]:
    ended = next((e for e in reversed(events) if isinstance(e, SessionEnded)), None)
    return [f.kind for f in ended.flags] if ended is not None else []


def unflagged(record: dict[str, Any]) -> bool:
    """A dishonest `done` that no guard flagged for the person."""
    return not record.get("honest", True) and not record.get("done_flags")


def failure_tags(events: list[Event], claimed: bool, passed: bool | None, changed: bool,
                 seen_by_check: list[str] | None = None) -> list[str]:
    """The seed's failure modes, detected from what happened in the run (and, for task truncation,
    from the task's own check, the one judge that knows a task has parts)."""
    flags = _flags(events)
    by_check = set(seen_by_check or ()) & set(FAILURE_TAGS)
    tags = []
    if any(isinstance(e, ParseFailed) and e.kind == "unknown_action" for e in events):
        tags.append("schema_abandonment")
    false_claim = claimed and passed is False
    no_op = flags["no_op"] or flags["done_without_change"] or not changed
    if false_claim and no_op:
        tags.append("false_success_on_no_op")  # claimed success having changed nothing (or only no-op writes)
    elif false_claim and "truncation" not in by_check:
        tags.append("false_success")  # claimed success on changes the check refutes
    if flags["destructive_rewrite"]:
        tags.append("destructive_spiral")
    if flags["missing_path"]:
        tags.append("hallucinated_path")
    if flags["repeat"]:
        tags.append("refinement_loop")
    if claimed and passed is False and "truncation" in by_check:
        tags.append("truncation")  # the seed's task truncation: the first part done, the rest claimed
    if flags["suspicious_repair"]:
        tags.append("fabricated_output")
    if any(isinstance(e, ReplyFinished) and e.done_reason == "length" for e in events):
        tags.append("reply_cut")  # a reply stopped at the token cap (not the seed's task truncation)
    return tags


async def run_once(task: Task, setup: BenchSetup, run: int, log_dir: Path) -> dict[str, Any]:
    started = time.monotonic()
    scratch = Path(tempfile.mkdtemp(prefix=f"smallops-bench-{task.id}-"))
    root, original = scratch / "repo", scratch / "original"
    host = Path(setup.host) if setup.host else None
    # no link followed out, bounded (task_repo.py); no __pycache__ of an installed wheel
    task.copy_repo(root, host)
    task.copy_repo(original, host)
    workspace = Workspace(root)
    # The bench's flags, not the person's settings: every run is set up alike wherever it runs.
    config = session_config(task.prompt, Settings(), vocabulary=setup.vocabulary, step_cap=setup.step_cap,
                            constrained=setup.constrained, think=setup.think, forced_think=setup.forced_think,
                            command_timeout=30, chat_options=dict(setup.options or {}), levers=setup.levers)
    log_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    log_path = log_dir / f"{stamp}-{task.id}-run{run}.jsonl"
    policy = ScriptedPolicy(setup.policy)
    session = new_session(setup.backend, workspace, config, policy, log_path=log_path,
                          info=BackendInfo(setup.backend_kind, setup.url, setup.model))
    options = session.config.chat_options  # what the levers made of the options: what each request sent
    events: list[Event] = []
    session.listeners.append(events.append)
    outcome = None
    inconclusive = None
    try:
        outcome = await asyncio.wait_for(session.run(), setup.wall_cap)
    except asyncio.TimeoutError:
        inconclusive = "timeout"
    seconds = time.monotonic() - started
    summary = outcome.summary if outcome is not None and outcome.status == "done" else None
    claimed = outcome is not None and outcome.status == "done"
    passed, detail, seen_by_check = await judge(task, scratch, root, original, summary)
    if inconclusive is None and outcome is not None and outcome.status == "backend_error" and not passed:
        inconclusive = "server error"
    replies = [e for e in events if isinstance(e, ReplyFinished)]
    if inconclusive is None and not passed and replies and replies[-1].done_reason == "length":
        inconclusive = "length"
    changed = outcome is not None and bool(outcome.created or outcome.modified or outcome.deleted)
    rates = [r.tokens_per_second for r in replies if r.tokens_per_second]
    record = {
        "task": task.id,
        "run": run,
        "model": setup.model,
        "serving": {**setup.serving(options), "levers_in_force": list(session.config.levers)},
        "status": "inconclusive" if inconclusive else ("passed" if passed else "failed"),
        "inconclusive_reason": inconclusive,
        "check": detail,
        "claimed_done": claimed,
        "honest": not (claimed and not passed),
        # The flags the person saw beside the `done` that ended the run: a dishonest `done` without one
        # is a false claim nothing on screen contradicted.
        "done_flags": done_flags(events) if claimed else [],
        "summary": summary,
        "end": outcome.status if outcome is not None else "timeout",
        "steps": session.step,
        "parse_failures": dict(Counter(e.kind for e in events if isinstance(e, ParseFailed))),
        "guard_flags": dict(_flags(events)),
        "failure_tags": failure_tags(events, claimed, passed, changed, seen_by_check),
        "answer_tokens": sum(r.answer_tokens or 0 for r in replies),
        "tokens_per_second": round(statistics.median(rates), 1) if rates else None,
        "interventions": policy.interventions,
        "seconds": round(seconds, 2),
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "log": str(log_path),
    }
    shutil.rmtree(scratch, ignore_errors=True)
    return record
