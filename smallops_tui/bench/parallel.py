"""Running the bench's runs, N at a time, against a server that serves them concurrently (vLLM,
llama.cpp's server with --parallel, Ollama with OLLAMA_NUM_PARALLEL), and resuming where an
interrupted bench stopped.

Each run keeps its own fresh copy of the task's repository, its own record and its own session
log (harness.run_once). A run's wall-clock cap starts when the run starts, not while it waits
for a free slot, so N small runs queued behind a slow one are not timed out for waiting.
Records are appended to `--out` one line per finished run; a run whose record is already there
(same setup, task and run number) is skipped, so rerunning an interrupted bench finishes it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .harness import BenchSetup, Task, run_once
from .report import read_records

Progress = Callable[[int, int, str], None]


def resume_key(record: dict[str, Any]) -> tuple[Any, ...]:
    """What makes two records the same run of the same setup: not the options a lever sizes per task,
    nor the server's URL (a server restarted on another port serves the same model)."""
    serving = record.get("serving") or {}
    options = serving.get("options") or {}
    return (record.get("task"), record.get("run"), record.get("model"), serving.get("backend"),
            serving.get("constrained"), serving.get("vocabulary"), tuple(serving.get("levers") or ()),
            options.get("temperature"), options.get("seed"), serving.get("policy"), serving.get("step_cap"),
            json.dumps(serving.get("think")), serving.get("host"))


def planned_key(setup: BenchSetup, task: Task, run: int) -> tuple[Any, ...]:
    return resume_key({"task": task.id, "run": run, "model": setup.model, "serving": setup.serving()})


def already_done(out: Path) -> set[tuple[Any, ...]]:
    """The runs recorded in `out` (nothing if it does not exist yet); ValueError if it is not a results file."""
    return {resume_key(r) for r in read_records(out)} if out.exists() else set()


async def run_bench(tasks: list[Task], setup: BenchSetup, runs: int, out: Path, log_dir: Path,
                    progress: Progress | None = None, parallel: int = 1) -> list[dict[str, Any]]:
    """Run every task `runs` times, `parallel` at once; return the records of the runs made now."""
    if parallel < 1:
        raise ValueError(f"--parallel must be at least 1, not {parallel}")
    done_before = already_done(out)
    planned = [(task, run) for task in tasks for run in range(1, runs + 1)
               if planned_key(setup, task, run) not in done_before]
    out.parent.mkdir(parents=True, exist_ok=True)
    slots = asyncio.Semaphore(parallel)
    records: list[dict[str, Any]] = []
    total = len(planned)
    if progress:
        progress(0, total, f"{len(tasks) * runs - total} already in {out.name}" if total < len(tasks) * runs else "")

    async def one(task: Task, run: int) -> None:
        async with slots:  # the run's own clock starts inside run_once, after the wait
            record = await run_once(task, setup, run, log_dir)
        # One event loop: this append runs to completion before another run's, so lines never interleave.
        with open(out, "a", encoding="utf-8") as f:
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
        records.append(record)
        if progress:
            progress(len(records), total, f"{task.id} run {run}")

    jobs = [asyncio.ensure_future(one(task, run)) for task, run in planned]
    try:
        await asyncio.gather(*jobs)
    finally:
        for job in jobs:  # interrupted: the runs in flight end (their records are not written)
            job.cancel()
        await asyncio.gather(*jobs, return_exceptions=True)
    return records
