"""Listing sessions: reading each log whole (what `smallops sessions` did) against reading its
header and a bounded tail (agent/history/sessions.py, what it and the sessions browser do now).

    python benchmarks/bench_sessions.py [--logs 1000] [--steps 8] [--deltas 100] [--json]

Generates LOGS logs in a temporary folder (each STEPS steps of DELTAS streamed tokens, as a real
session logs them), then times both ways of listing them, median of 3 runs each, warm page cache
(the logs were just written). Prints the numbers and the ratio to the baseline (whole-log
reading); asserts nothing but that both ways agree on every log's steps and outcome.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from _common import Report  # noqa: E402  (puts the measured tree on sys.path)

from smallops_tui.agent.history.replay import Replay  # noqa: E402
from smallops_tui.agent.history.sessions import SessionSummary, scan_sessions  # noqa: E402
from smallops_tui.agent.log.events import (  # noqa: E402
    ActionProposed, ContentDelta, Decision, Executed, FeedbackSent, ReplyFinished, SessionEnded, SessionHeader,
    ThinkingDelta, TurnStarted, VerdictInfo,
)
from smallops_tui.agent.log.writer import EventLog  # noqa: E402


def make_log(path: Path, steps: int, deltas: int) -> None:
    log = EventLog(path, SessionHeader(task="benchmark", backend="ollama", model="bench"))
    for step in range(1, steps + 1):
        base = step * 10.0
        log.write(TurnStarted(step=step, t=base))
        for i in range(deltas):
            cls = ThinkingDelta if i < deltas // 2 else ContentDelta
            log.write(cls(step=step, text="token ", t=base + i * 0.002))
        for event in (ReplyFinished(step=step, raw="x", t=base + 3),
                      ActionProposed(step=step, action={"action": "read_file", "path": "main.py"},
                                     verdict=VerdictInfo(level="LOW", rules=[], reasons=[]), t=base + 3),
                      Decision(step=step, decision="approve", t=base + 4),
                      Executed(step=step, action="read_file", ok=True, summary="read main.py", t=base + 4),
                      FeedbackSent(step=step, text="the file", t=base + 4)):
            log.write(event)
    log.write(SessionEnded(step=steps, reason="done", t=steps * 10.0 + 5))
    log.close()


def make_folder(directory: Path, logs: int, steps: int, deltas: int) -> int:
    """`logs` copies of one generated log, each with its own date and task; their total size."""
    make_log(directory / "source.jsonl", steps, deltas)
    first, rest = (directory / "source.jsonl").read_bytes().split(b"\n", 1)
    (directory / "source.jsonl").unlink()
    header = json.loads(first)
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    for n in range(logs):
        when = start + timedelta(minutes=n)
        header.update(created=when.isoformat(timespec="seconds"), task=f"benchmark task {n}")
        (directory / f"{when:%Y%m%d-%H%M%S}-task-{n}.jsonl").write_bytes(json.dumps(header).encode() + b"\n" + rest)
    return sum(path.stat().st_size for path in directory.iterdir())


def whole_logs(directory: Path) -> list[tuple[str, int, str]]:
    """The baseline: every log read whole and parsed as steps (Replay.load), as the listing did."""
    found = []
    for path in sorted(directory.glob("*.jsonl"), reverse=True):
        replay = Replay.load(path)
        found.append((replay.header.task, len(replay.steps), replay.outcome))
    return found


def headers(directory: Path) -> list[tuple[str, int, str]]:
    return [(row.task, row.steps, row.outcome) for row in scan_sessions(directory) if isinstance(row, SessionSummary)]


def timed(work, directory: Path, runs: int = 3) -> tuple[float, list[tuple[str, int, str]]]:  # noqa: ANN001
    times, result = [], []
    for _ in range(runs):
        started = time.perf_counter()
        result = work(directory)
        times.append(time.perf_counter() - started)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=int, default=1000)
    parser.add_argument("--steps", type=int, default=8)
    parser.add_argument("--deltas", type=int, default=100)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    directory = Path(tempfile.mkdtemp(prefix="bench-sessions-"))
    try:
        size = make_folder(directory, args.logs, args.steps, args.deltas)
        baseline, old = timed(whole_logs, directory)
        now, new = timed(headers, directory)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    if old != new:
        raise SystemExit("bench_sessions: the two listings disagree")
    report = Report(f"listing {args.logs:,} session logs ({size / 1e6:.1f} MB, {args.steps} steps of "
                    f"{args.deltas} tokens each), median of 3, warm page cache")
    report.add("whole logs read (baseline: Replay.load each)", baseline * 1000, "ms")
    report.add("header and bounded tail read (scan_sessions)", now * 1000, "ms")
    report.add("per log, header and tail", now / args.logs * 1e6, "µs")
    report.add("speed-up over the baseline", baseline / now, "x", higher_is_better=True)
    report.note(f"ratio to the baseline: {now / baseline:.3f} of its time")
    report.print()


if __name__ == "__main__":
    main()
