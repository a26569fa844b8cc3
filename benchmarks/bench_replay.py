"""Replay speed on a 100,000-event log: time to the first frame, time per step forward and back.

    python benchmarks/bench_replay.py         # prints numbers and ratios to the targets; asserts nothing

Targets (issue #5): first frame < 1 s, a step < 50 ms.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from smallops_tui.agent.events import (  # noqa: E402
    ActionProposed, ContentDelta, Decision, EventLog, Executed, FeedbackSent, ReplyFinished, SessionHeader,
    ThinkingDelta, TurnStarted, VerdictInfo,
)
from smallops_tui.agent.replay import Replay  # noqa: E402
from smallops_tui.ui.replay_app import ReplayApp  # noqa: E402

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


async def measure(path: Path) -> dict[str, float]:
    started = time.perf_counter()
    replay = Replay.load(path)
    app = ReplayApp(replay)
    result: dict[str, float] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        result["first_frame"] = time.perf_counter() - started
        forward, backward, baseline = [], [], []
        for _ in range(20):
            # The harness's own cost: pressing a key nothing is bound to, and settling.
            t = time.perf_counter()
            await pilot.press("x")
            await pilot.pause()
            baseline.append(time.perf_counter() - t)
        for _ in range(20):
            t = time.perf_counter()
            await pilot.press("right")
            await pilot.pause()
            forward.append(time.perf_counter() - t)
        for _ in range(20):
            t = time.perf_counter()
            await pilot.press("left")
            await pilot.pause()
            backward.append(time.perf_counter() - t)
        t = time.perf_counter()
        await pilot.press("end")
        await pilot.pause()
        result["jump_to_end"] = time.perf_counter() - t
        result["forward"] = statistics.median(forward)
        result["backward"] = statistics.median(backward)
        result["baseline"] = statistics.median(baseline)
    return result


def main() -> None:
    path = Path(tempfile.mkdtemp()) / "big.jsonl"
    events = make_log(path)
    results = [asyncio.run(measure(path)) for _ in range(3)]
    first = statistics.median(r["first_frame"] for r in results) * 1000
    forward = statistics.median(r["forward"] for r in results) * 1000
    backward = statistics.median(r["backward"] for r in results) * 1000
    jump = statistics.median(r["jump_to_end"] for r in results) * 1000
    base = statistics.median(r["baseline"] for r in results) * 1000
    print(f"smallops replay benchmark — {events:,} events, {STEPS} steps, {path.stat().st_size / 1e6:.1f} MB, median of 3")
    print(f"(a keypress through Pilot, to a key nothing is bound to, costs {base:.0f} ms by itself; "
          "steps are shown raw and above that)")
    for name, value, target in (("first frame", first, TARGETS["first_frame_ms"]),
                                ("step forward, raw press+settle", forward, None),
                                ("step forward, above the keypress baseline", forward - base, TARGETS["step_ms"]),
                                ("step back, raw press+settle", backward, None),
                                ("step back, above the keypress baseline", backward - base, TARGETS["step_ms"]),
                                ("jump to the last step (100 steps folded)", jump, None)):
        line = f"{name:<44} {value:>8.1f} ms"
        if target:
            line += f"   target {target:g} ms ({value / target:.2f}x, {'meets' if value <= target else 'MISSES'})"
        print(line)


if __name__ == "__main__":
    main()
