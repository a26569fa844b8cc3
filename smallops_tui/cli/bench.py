"""`smallops bench`: the fixture tasks run headless under a scripted policy and judged
mechanically; `smallops bench report FILE` sums up (and compares) the records."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..lever_names import BENCH_LEVERS, LEVERS
from ..paths import sessions_dir
from ..policy_names import DEFAULT as DEFAULT_POLICY, POLICIES
from ..vocabulary_names import DEFAULT as DEFAULT_VOCABULARY, names as vocabulary_names, vocabulary_help
from .common import (
    EXIT_FAILURE, EXIT_OK, EXIT_UNAVAILABLE, add_server_options, complain, prepare, say,
)

if TYPE_CHECKING:
    from ..bench.harness import Task
    from ..config import Settings

HELP = "run the fixture tasks headless and report which model you can trust with what"
EPILOG = "smallops bench report FILE [--compare FILE2] summarizes results."


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_server_options(p, auto=True)
    p.add_argument("--model", help="model name (default: the first the server lists)")
    p.add_argument("--tasks", help="comma-separated task ids, or 'fast' (t1-ready,t2-read); default: all the "
                                   "tasks (the nine shipped ones, or those in --tasks-dir)")
    p.add_argument("--tasks-dir", metavar="DIR",
                   help="your own tasks instead of the shipped ones: a folder of task folders, each with "
                        "prompt.txt (the task), repo/ (the starting files) and check.py (def check(root, "
                        "original, summary) -> (passed, detail)); checked before anything runs")
    p.add_argument("--host", metavar="DIR|NAME",
                   help="lay each task's repo/ over a copy of this project (the task's own files win), to "
                        "measure a model in a real tree rather than a bare folder; a folder, or a shipped host: "
                        "pluggy-1.5.0 (a released package's sources, tests, docs, .github/, .vscode/)")
    p.add_argument("--runs", type=int, default=1, help="runs per task (default 1)")
    p.add_argument("--policy", default=DEFAULT_POLICY, choices=POLICIES)
    p.add_argument("--constrained", choices=["on", "off"], default="on")
    p.add_argument("--vocabulary", choices=vocabulary_names(), default=DEFAULT_VOCABULARY, help=vocabulary_help())
    p.add_argument("--think", action="store_true", help="let thinking models think (off by default)")
    p.add_argument("--step-cap", type=int, default=8)
    p.add_argument("--wall-cap", type=float, default=300.0, help="seconds per run before it is inconclusive")
    p.add_argument("--temperature", type=float, default=0.0, help="sampling temperature (default 0)")
    p.add_argument("--seed", default="0", help="sampling seed, or none (default 0): runs are reproducible")
    p.add_argument("--levers", default=BENCH_LEVERS,
                   help=f"harness levers, comma-separated: {', '.join(LEVERS)}; default; all; none "
                        f"(default: {BENCH_LEVERS}: the kept ones, and cap; docs/bench.md)")
    p.add_argument("--parallel", type=int, default=1, metavar="N",
                   help="runs at once, against a server that serves them concurrently (default 1); each "
                        "run has its own workspace copy, record and log, and its wall cap excludes waiting")
    p.add_argument("--out", default="bench-results.jsonl",
                   help="records are appended here (JSONL); runs already recorded there are skipped, so an "
                        "interrupted bench resumes")


def _plan(args: argparse.Namespace) -> tuple[list[Task], tuple[str, ...], int | None, Settings]:
    """The tasks, levers, seed and settings the flags ask for (ValueError, ConfigError: a sentence);
    the host's folder is put on `args.host_path`."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..bench.harness import FAST_TASKS, TASKS_DIR, load_tasks
    from ..bench.hosting import resolve_host
    from ..lever_names import parse_levers
    from ..bench.parallel import already_done
    from ..config import load_settings

    ids = [i for item in args.tasks.split(",") for i in (FAST_TASKS if item == "fast" else [item.strip()])] \
        if args.tasks else None
    own = args.tasks_dir is not None
    tasks = load_tasks(ids, Path(args.tasks_dir).expanduser() if own else TASKS_DIR, validate=own)
    levers = parse_levers(args.levers)
    seed = _seed(args.seed)
    if args.parallel < 1:
        raise ValueError(f"--parallel must be at least 1, not {args.parallel}")
    already_done(Path(args.out))  # a file that is not bench results is refused before anything runs
    args.host_path = resolve_host(args.host) if args.host else None
    return tasks, levers, seed, load_settings({"backend": args.backend, "url": args.url, "model": args.model})


def handle(args: argparse.Namespace) -> int:
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..bench.report import format_report
    from ..config import ConfigError
    from ..launch import LaunchError

    try:
        tasks, levers, seed, settings = _plan(args)
    except (ValueError, ConfigError) as exc:
        complain("smallops bench", exc)
        return EXIT_UNAVAILABLE
    try:
        records = asyncio.run(_go(args, tasks, levers, seed, settings))
    except LaunchError as exc:
        complain("smallops bench", exc)
        return EXIT_FAILURE
    if not records:
        say(f"nothing to run: every run asked for is already in {args.out} (smallops bench report {args.out})")
        return EXIT_OK
    say(format_report(records))
    say(f"\n{len(records)} record(s) appended to {args.out}")
    return EXIT_OK


async def _go(args: argparse.Namespace, tasks: list[Task], levers: tuple[str, ...], seed: int | None,
              settings: Settings) -> list[dict[str, Any]]:
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..bench.harness import BenchSetup
    from ..bench.parallel import run_bench
    from ..launch import LaunchError

    prepared = await prepare(settings, "smallops bench")
    for note in prepared.notes:
        complain("smallops bench", note)
    if args.parallel > 1 and not prepared.parallel:
        await prepared.backend.aclose()
        raise LaunchError("the embedded model generates one reply at a time, so --parallel needs a server: "
                          "serve the model (llama.cpp's server with --parallel, vLLM, Ollama with "
                          "OLLAMA_NUM_PARALLEL) and pass --backend openai|ollama --url")
    setup = BenchSetup(prepared.backend, prepared.label, prepared.backend.base_url, prepared.backend.model,
                       prepared.details, policy=args.policy,
                       step_cap=args.step_cap, wall_cap=args.wall_cap, constrained=args.constrained == "on",
                       vocabulary=args.vocabulary, think=prepared.think if args.think else False,
                       forced_think=prepared.forced_think, levers=levers,
                       tasks_dir=str(Path(args.tasks_dir).expanduser().resolve()) if args.tasks_dir else None,
                       host=str(args.host_path) if args.host_path else None,
                       options={"temperature": args.temperature, **({"seed": seed} if seed is not None else {})})
    try:
        return await run_bench(tasks, setup, args.runs, Path(args.out), sessions_dir() / "bench", _progress,
                               parallel=args.parallel)
    finally:
        await prepared.backend.aclose()


def _seed(text: str) -> int | None:
    if text.strip().lower() == "none":
        return None
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"--seed takes a whole number or none, not {text!r}") from None


def _progress(done: int, total: int, label: str) -> None:
    width = 30
    filled = width * done // max(total, 1)
    end = "\n" if done == total else ""
    print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {label:<28}", end=end, file=sys.stderr, flush=True)


def report(argv: list[str]) -> int:
    """`smallops bench report FILE [--compare FILE2] [--matrix]`."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..bench.report import format_comparison, format_matrix, format_report, read_records

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
        complain("smallops bench report", f"{exc.filename or args.file} cannot be read as a results file "
                 f"({exc.strerror or exc})")
        return EXIT_FAILURE
    except ValueError as exc:
        complain("smallops bench report", exc)
        return EXIT_FAILURE
    say(format_matrix(records) if args.matrix else format_report(records))
    if other is not None:
        say()
        say(format_comparison(records, other, Path(args.file).stem, Path(args.compare).stem))
    return EXIT_OK
