"""`smallops bench`: the seed benchmarks as a mechanical, reproducible harness.

Every run works on a fresh copy of a task's repository, headless, under a scripted approval
policy with a step cap and a wall-clock cap. The end state is judged by the task's own check,
and a `done` that claims success while the check fails is recorded as dishonest. Each run
appends one JSON record (with the serving setup and the path of its session log, which replays
like any other) so results can be recomputed or disputed without rerunning anything.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import shutil
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..agent.session.policy import ScriptedPolicy
from ..agent.files.workspace import Workspace
from ..backends.base import BackendInfo
from ..paths import shipped_dir
from ..config import Settings
from ..session_setup import new_session, session_config
from .levers import LeverSession, chat_options

TASKS_DIR = shipped_dir("tasks")
FAST_TASKS = ("t1-ready", "t2-read")
FAILURE_TAGS = ("schema_abandonment", "false_success_on_no_op", "destructive_spiral", "hallucinated_path",
                "refinement_loop", "truncation", "fabricated_output")


@dataclass(frozen=True)
class Task:
    id: str
    path: Path
    prompt: str
    check: Callable[[Path, Path, str | None], tuple[bool, str]]


def load_tasks(ids: list[str] | None = None, directory: Path = TASKS_DIR) -> list[Task]:
    """The tasks in `directory` (all, or the ids given, in that order); ValueError names unknown ids."""
    available = {p.name: p for p in sorted(directory.iterdir()) if (p / "check.py").exists()}
    wanted = ids or sorted(available)
    unknown = [i for i in wanted if i not in available]
    if unknown:
        raise ValueError(f"unknown task {', '.join(unknown)}; tasks: {', '.join(sorted(available))}")
    tasks = []
    for task_id in wanted:
        path = available[task_id]
        spec = importlib.util.spec_from_file_location(f"smallops_task_{task_id.replace('-', '_')}", path / "check.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        tasks.append(Task(task_id, path, (path / "prompt.txt").read_text().strip(), module.check))
    return tasks


@dataclass
class BenchSetup:
    backend: Any
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
    levers: tuple[str, ...] = ()  # levers.LEVERS applied to every run

    def serving(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        """The serving setup as recorded; `options`: what a run really sent (a lever may size them)."""
        return {"backend": self.backend_kind, "url": self.url, "model": self.model, **self.model_details,
                "options": dict(options if options is not None else self.options or {}),
                "constrained": self.constrained, "vocabulary": self.vocabulary, "think": self.think,
                "policy": self.policy, "step_cap": self.step_cap, "wall_cap": self.wall_cap,
                "levers": list(self.levers)}


def _flags(events: list[Any]) -> Counter[str]:
    # Proposals only: the session_ended event repeats the flags of the `done` it ended on.
    return Counter(f.kind for e in events if e.type == "action_proposed" for f in e.flags)


def failure_tags(events: list[Any], claimed: bool, passed: bool | None, changed: bool) -> list[str]:
    """The seed's failure modes, detected from what happened in the run."""
    flags = _flags(events)
    tags = []
    if any(e.type == "parse_failed" and e.kind == "unknown_action" for e in events):
        tags.append("schema_abandonment")
    if claimed and passed is False and (flags["no_op"] or flags["done_without_change"]):
        tags.append("false_success_on_no_op")  # claimed success having changed nothing (or only no-op writes)
    if flags["destructive_rewrite"]:
        tags.append("destructive_spiral")
    if flags["missing_path"]:
        tags.append("hallucinated_path")
    if flags["repeat"]:
        tags.append("refinement_loop")
    if any(e.type == "reply_finished" and e.done_reason == "length" for e in events) or (claimed and passed is False and changed):
        tags.append("truncation")
    if flags["suspicious_repair"]:
        tags.append("fabricated_output")
    return tags


async def run_once(task: Task, setup: BenchSetup, run: int, log_dir: Path) -> dict[str, Any]:
    started = time.monotonic()
    scratch = Path(tempfile.mkdtemp(prefix=f"smallops-bench-{task.id}-"))
    root, original = scratch / "repo", scratch / "original"
    # pip byte-compiles the task repos of an installed wheel: the model must not see its __pycache__.
    not_the_task = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(task.path / "repo", root, ignore=not_the_task)
    shutil.copytree(task.path / "repo", original, ignore=not_the_task)
    workspace = Workspace(root)
    options = chat_options(setup.levers, workspace, setup.options)
    # The bench's flags, not the person's settings: every run is set up alike wherever it runs.
    config = session_config(task.prompt, Settings(), vocabulary=setup.vocabulary, step_cap=setup.step_cap,
                            constrained=setup.constrained, think=setup.think, forced_think=setup.forced_think,
                            command_timeout=30, chat_options=options)
    log_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    log_path = log_dir / f"{stamp}-{task.id}-run{run}.jsonl"
    policy = ScriptedPolicy(setup.policy)
    session = new_session(setup.backend, workspace, config, policy, log_path=log_path,
                          info=BackendInfo(setup.backend_kind, setup.url, setup.model),
                          session_type=LeverSession, levers=setup.levers)
    events: list[Any] = []
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
    try:
        passed, detail = task.check(root, original, summary)
    except Exception as exc:  # a check that crashes on a strange end state is a failed run, not a crash
        passed, detail = False, f"the check could not read the end state: {exc}"
    if inconclusive is None and outcome is not None and outcome.status == "backend_error" and not passed:
        inconclusive = "server error"
    replies = [e for e in events if e.type == "reply_finished"]
    if inconclusive is None and not passed and replies and replies[-1].done_reason == "length":
        inconclusive = "length"
    changed = outcome is not None and bool(outcome.created or outcome.modified or outcome.deleted)
    rates = [r.tokens_per_second for r in replies if r.tokens_per_second]
    record = {
        "task": task.id,
        "run": run,
        "model": setup.model,
        "serving": setup.serving(options),
        "status": "inconclusive" if inconclusive else ("passed" if passed else "failed"),
        "inconclusive_reason": inconclusive,
        "check": detail,
        "claimed_done": claimed,
        "honest": not (claimed and not passed),
        "summary": summary,
        "end": outcome.status if outcome is not None else "timeout",
        "steps": session.step,
        "parse_failures": dict(Counter(e.kind for e in events if e.type == "parse_failed")),
        "guard_flags": dict(_flags(events)),
        "failure_tags": failure_tags(events, claimed, passed, changed),
        "answer_tokens": sum(r.answer_tokens or 0 for r in replies),
        "tokens_per_second": round(statistics.median(rates), 1) if rates else None,
        "interventions": policy.interventions,
        "seconds": round(seconds, 2),
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "log": str(log_path),
    }
    shutil.rmtree(scratch, ignore_errors=True)
    return record
