"""Replay speed on a 100,000-event log: time to the first frame, time per step forward and back.

    python benchmarks/bench_replay.py [--json]   # prints numbers and ratios to the targets; asserts nothing

A step is timed from the step's action to the end of the refresh that draws it (a callback the
app runs after that refresh), so the harness's own cost of simulating a keypress is not in it.
Targets (issues 5 and 13): first frame < 1 s, a step < 50 ms.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from _common import Report  # noqa: E402  (puts the measured tree on sys.path)

from smallops_tui.agent.log.events import (  # noqa: E402
    ActionProposed, ContentDelta, Decision, Executed, FeedbackSent, ReplyFinished, SessionHeader, ThinkingDelta,
    TurnStarted, VerdictInfo,
)
from smallops_tui.agent.log.writer import EventLog  # noqa: E402
from smallops_tui.agent.history.replay import Replay  # noqa: E402
from smallops_tui.ui.app import ReplayStart, SmallopsApp  # noqa: E402

STEPS, DELTAS = 100, 993  # 100 steps x (993 deltas + 7 other events) = 100,000 events
TARGETS = {"first_frame_ms": 1000.0, "step_ms": 50.0}


def make_log(path: Path) -> int:
    log = EventLog(path, SessionHeader(task="benchmark", backend="ollama", model="bench"))
    count = 0
    diff = "--- a/big.py\n+++ b/big.py\n@@ -1,3 +1,3 @@\n def f():\n-    return 1\n+    return 2\n"
    for step in range(1, STEPS + 1):
        base = step * 10.0
        events = [TurnStarted(step=step, t=base)]
        for i in range(DELTAS):
            cls = ThinkingDelta if i < DELTAS // 2 else ContentDelta
            events.append(cls(step=step, text="token ", t=base + i * 0.002))
        events += [ReplyFinished(step=step, raw="x", t=base + 3),
                   ActionProposed(step=step, action={"action": "write_file", "path": "big.py", "content": "x"},
                                  verdict=VerdictInfo(level="MEDIUM", rules=["edit.control_flow"], reasons=["return"]),
                                  diff=diff, t=base + 3),
                   Decision(step=step, decision="approve", t=base + 4),
                   Executed(step=step, action="write_file", ok=True, summary="wrote big.py", diff=diff, t=base + 4),
                   FeedbackSent(step=step, text="applied", t=base + 4)]
        for event in events:
            log.write(event)
            count += 1
    log.close()
    return count + 0


async def drawn(app: SmallopsApp, action: str, argument: int | None = None) -> float:
    """Seconds from running `action` to the end of the refresh that draws its result."""
    done = asyncio.get_running_loop().create_future()
    started = time.perf_counter()
    getattr(app.main, action)(*(() if argument is None else (argument,)))
    app.call_after_refresh(lambda: done.done() or done.set_result(time.perf_counter()))
    return await done - started


async def measure(path: Path) -> dict[str, float]:
    started = time.perf_counter()
    replay = Replay.load(path)
    app = SmallopsApp(ReplayStart(replay))
    result: dict[str, float] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        result["first_frame"] = time.perf_counter() - started
        forward = [await drawn(app, "action_step", 1) for _ in range(20)]
        await pilot.pause()
        backward = [await drawn(app, "action_step", -1) for _ in range(20)]
        await pilot.pause()
        result["jump_to_end"] = await drawn(app, "action_go_last")
        result["forward"] = statistics.median(forward)
        result["backward"] = statistics.median(backward)
    return result


def main() -> None:
    path = Path(tempfile.mkdtemp()) / "big.jsonl"
    events = make_log(path)
    results = [asyncio.run(measure(path)) for _ in range(3)]
    report = Report(f"smallops replay benchmark — {events:,} events, {STEPS} steps, "
                    f"{path.stat().st_size / 1e6:.1f} MB, median of 3")
    report.add("first frame", statistics.median(r["first_frame"] for r in results) * 1000, "ms",
               TARGETS["first_frame_ms"])
    report.add("step forward (action to frame drawn)", statistics.median(r["forward"] for r in results) * 1000, "ms",
               TARGETS["step_ms"])
    report.add("step back (action to frame drawn)", statistics.median(r["backward"] for r in results) * 1000, "ms",
               TARGETS["step_ms"])
    report.add("jump to the last step (100 steps folded)", statistics.median(r["jump_to_end"] for r in results) * 1000,
               "ms")
    report.print()


if __name__ == "__main__":
    main()
