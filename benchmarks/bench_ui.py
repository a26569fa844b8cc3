"""The screen's own costs, through the real app (headless), against a replay server in another process.

    python benchmarks/bench_ui.py [--runs N] [--json]     # prints numbers and ratios; asserts nothing

1. Diff: from the reply being finished (the backend's last event) to the diff of a 5,000-line
   file rewrite on screen — parsing, preview, risk rules, guards, the log and the diff view
   included (the moment the app counts the proposal as drawn, after the refresh that drew it).
2. First paint: from creating the app to its first frame, headless.
Targets (issue 13): diff < 150 ms, first paint < 400 ms. (Streaming: benchmarks/bench_stream.py.)
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import Report  # noqa: E402  (puts the measured tree on sys.path)

from smallops_tui.agent import Workspace  # noqa: E402
from smallops_tui.agent.session.loop import SessionConfig  # noqa: E402
from smallops_tui.backends import OllamaBackend  # noqa: E402
from smallops_tui.ui.app import LiveStart, SmallopsApp  # noqa: E402

from bench_stream import TimedBackend, code_block, serve  # noqa: E402

TARGETS = {"diff_ms": 150.0, "first_paint_ms": 400.0}
LINES = 5_000


def rewrite_body() -> bytes:
    """A reply that rewrites the whole 5,000-line file, sent in a few large chunks."""
    content = "".join(code_block(i) for i in range(LINES // 5))
    answer = json.dumps({"action": "write_file", "path": "big.py", "content": content})
    lines = [{"model": "bench", "message": {"role": "assistant", "content": answer[i : i + 65536]}, "done": False}
             for i in range(0, len(answer), 65536)]
    lines.append({"model": "bench", "message": {"role": "assistant", "content": ""}, "done": True, "done_reason": "stop",
                  "eval_count": 1000, "eval_duration": 1_000_000_000})
    return "".join(json.dumps(line) + "\n" for line in lines).encode()


async def diff_on_screen(url: str, workspace: Workspace) -> float:
    backend = TimedBackend(OllamaBackend(url, "bench"))
    app = SmallopsApp(LiveStart(backend, workspace, SessionConfig(task="bench"), backend_label="ollama", log_path=None))
    async with app.run_test(size=(120, 40)):
        for _ in range(100_000):  # counted, not timed: this VM's clock can jump while it is paused
            if app.main.rendered_proposals and app.main.awaiting_decision:
                on_screen = time.perf_counter()
                break
            await asyncio.sleep(0.002)  # not pilot.pause(): it waits on every widget, a cost in this process
        else:
            raise RuntimeError("the proposal never appeared")
    await backend.aclose()
    return on_screen - backend.marks["end"]


async def first_paint(workspace: Workspace) -> float:
    started = time.perf_counter()
    app = SmallopsApp(LiveStart(object(), workspace, SessionConfig(task=""), log_path=None))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        return time.perf_counter() - started


async def main(runs: int) -> None:
    queue: Any = multiprocessing.Queue()
    server = multiprocessing.Process(target=serve, args=([rewrite_body()] * (runs + 1), queue), daemon=True)
    server.start()
    url = f"http://127.0.0.1:{queue.get(timeout=60)}"
    tmp = Path(tempfile.mkdtemp())
    old = "".join(code_block(i).replace("return process", "return handle") for i in range(LINES // 5))
    (tmp / "big.py").write_text(old)  # the reply rewrites every handler's return line
    workspace = Workspace(tmp)
    try:
        await diff_on_screen(url, workspace)  # warm-up: imports, pygments, the first connection
        diffs = [await diff_on_screen(url, workspace) for _ in range(runs)]
        paints = [await first_paint(workspace) for _ in range(runs)]
    finally:
        server.terminate()
    report = Report(f"smallops UI benchmark — median of {runs} runs, {len(old.splitlines()):,}-line rewrite")
    report.add("diff of the 5,000-line rewrite on screen", statistics.median(diffs) * 1000, "ms", TARGETS["diff_ms"])
    report.note("each run: " + ", ".join(f"{d * 1000:.0f}" for d in diffs) + " ms")
    report.add("first paint (headless)", statistics.median(paints) * 1000, "ms", TARGETS["first_paint_ms"])
    report.print()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5))
