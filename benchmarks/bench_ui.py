"""UI speed, measured through the real app (headless), against a replay server in another process.

    python benchmarks/bench_ui.py            # prints numbers, targets and ratios; asserts nothing

1. Streaming: a 20,000-token reply (half reasoning, then a write_file whose content is long code
   blocks), sent as fast as the server can. Reports the tokens/s the UI sustains, the CPU seconds
   this process spends per 1,000 tokens, and UI time / raw time, where "raw" is the same stream
   consumed by the backend alone (the baseline: no UI can be faster than that).
2. Diff: time from the reply being finished to the diff of a 5,000-line file rewrite on screen —
   parsing, preview, risk rules, guards and the diff view included (the app's own paint callback).
3. First paint: from creating the app to its first frame, headless.
Targets on the 2-core machine: >= 2,000 tokens/s, diff < 250 ms, first paint < 600 ms.
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from smallops_tui.agent import Workspace  # noqa: E402
from smallops_tui.agent.loop import Choice, SessionConfig  # noqa: E402
from smallops_tui.backends import OllamaBackend  # noqa: E402
from smallops_tui.ui.app import SmallopsApp  # noqa: E402

TOKENS = 20_000
TARGETS = {"tokens_per_second": 2000.0, "diff_ms": 250.0, "first_paint_ms": 600.0}


def code_block(i: int) -> str:
    return f"def handler_{i}(request):\n    if request.ok:\n        return process(request, {i})\n    raise ValueError('bad {i}')\n\n"


def stream_body(tokens: int) -> bytes:
    """Ollama NDJSON: tokens/2 reasoning chunks, then a write_file action in tokens/2 chunks."""
    lines = []
    half = tokens // 2
    words = ["Let", " me", " think", " about", " the", " handler", " code", ".", "\n"]
    for i in range(half):
        lines.append({"model": "bench", "message": {"role": "assistant", "content": "", "thinking": words[i % len(words)]},
                      "done": False})
    content = "".join(code_block(i) for i in range(1000))  # rewrites the 5,000-line file
    answer = json.dumps({"action": "write_file", "path": "big.py", "content": content})
    size = max(1, len(answer) // half + 1)
    pieces = [answer[i : i + size] for i in range(0, len(answer), size)]
    for piece in pieces:
        lines.append({"model": "bench", "message": {"role": "assistant", "content": piece}, "done": False})
    lines.append({"model": "bench", "message": {"role": "assistant", "content": ""}, "done": True,
                  "done_reason": "stop", "eval_count": len(pieces) + half, "eval_duration": 1_000_000_000})
    return "".join(json.dumps(line) + "\n" for line in lines).encode()


def serve(body: bytes, replies: int, port_queue: multiprocessing.Queue) -> None:
    from tests.replay_server import ReplayServer, Reply

    async def main() -> None:
        routes = {"/api/chat": [Reply("ollama_plain_answer.ndjson", body=body, split="lines") for _ in range(replies)]}
        async with ReplayServer(routes) as server:
            port_queue.put(server.port)
            await asyncio.sleep(3600)

    asyncio.run(main())


class BenchDecider:
    """Stops the session at the first proposal: the bench measures rendering, not deciding."""


async def raw_stream(url: str) -> tuple[float, int]:
    async with OllamaBackend(url, "bench") as backend:
        started = time.perf_counter()
        count = 0
        async for event in backend.stream_chat([{"role": "user", "content": "x"}]):
            if event.kind in ("thinking", "content"):
                count += 1
        return time.perf_counter() - started, count


async def ui_stream(url: str, workspace: Workspace) -> dict[str, float]:
    backend = OllamaBackend(url, "bench")
    app = SmallopsApp(backend, workspace, SessionConfig(task="bench"), log_path=None)
    marks: dict[str, float] = {}
    original = app.on_session_event

    def record(event) -> None:
        if event.type == "turn_started":
            marks["start"], marks["cpu_start"] = time.perf_counter(), time.process_time()
        original(event)
        if event.type == "reply_finished":
            marks["finished"], marks["cpu_finished"] = time.perf_counter(), time.process_time()

    app.on_session_event = record  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        deadline = time.monotonic() + 300
        # rendered_proposals is counted by a callback that runs after the refresh that drew the
        # proposal and its diff, so this is "on screen" (headless: composited), not "computed".
        while not (app.rendered_proposals and app.awaiting_decision):
            if time.monotonic() > deadline:
                raise RuntimeError("the proposal never appeared")
            await pilot.pause(0.005)
        marks["on_screen"] = time.perf_counter()
        app._decision.set_result(Choice("stop"))  # type: ignore[union-attr]
    await backend.aclose()
    return marks


async def first_paint(workspace: Workspace) -> float:
    started = time.perf_counter()
    app = SmallopsApp(object(), workspace, SessionConfig(task=""), log_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        return time.perf_counter() - started


def report(name: str, value: float, unit: str, target: float | None = None, higher_is_better: bool = False,
           baseline: float | None = None, baseline_name: str = "") -> None:
    line = f"{name:<44} {value:>10.1f} {unit:<10}"
    if target is not None:
        ratio = value / target
        ok = ratio >= 1 if higher_is_better else ratio <= 1
        line += f" target {target:g} ({ratio:.2f}x, {'meets' if ok else 'MISSES'})"
    if baseline is not None:
        line += f" {baseline_name} {baseline:.1f} ({value / baseline:.2f}x)"
    print(line)


async def main() -> None:
    runs = 5
    body = stream_body(TOKENS)
    queue: multiprocessing.Queue = multiprocessing.Queue()
    server = multiprocessing.Process(target=serve, args=(body, 2 * runs + 2, queue), daemon=True)
    server.start()
    url = f"http://127.0.0.1:{queue.get(timeout=30)}"
    tmp = Path(tempfile.mkdtemp())
    old = "".join(code_block(i).replace("return process", "return handle") for i in range(1000))  # 5,000 lines
    (tmp / "big.py").write_text(old)  # 5,000 lines; the reply rewrites all of them
    workspace = Workspace(tmp)
    try:
        raw_times, ui = [], []
        for _ in range(runs):
            seconds, count = await raw_stream(url)
            raw_times.append(seconds)
            ui.append(await ui_stream(url, workspace))
        paints = [await first_paint(workspace) for _ in range(runs)]
    finally:
        server.terminate()
    raw = statistics.median(raw_times)
    stream_seconds = statistics.median(m["finished"] - m["start"] for m in ui)
    cpu = statistics.median(m["cpu_finished"] - m["cpu_start"] for m in ui)
    diff_ms = statistics.median(m["on_screen"] - m["finished"] for m in ui) * 1000
    print(f"smallops UI benchmark — {count:,} tokens streamed, median of {runs} runs, {len(old.splitlines()):,}-line rewrite")
    report("raw stream (backend only), tokens/s", count / raw, "tok/s")
    report("UI sustained, tokens/s", count / stream_seconds, "tok/s", TARGETS["tokens_per_second"], True,
           count / raw, "raw")
    report("UI CPU per 1,000 tokens", cpu / count * 1000, "cpu-s")
    report("UI time / raw stream time", stream_seconds / raw, "x")
    report("diff of the 5,000-line rewrite on screen", diff_ms, "ms", TARGETS["diff_ms"])
    each = ", ".join(f"{(m['on_screen'] - m['finished']) * 1000:.0f}" for m in ui)
    print(f"{'':<44} each run: {each} ms")
    report("first paint (headless)", statistics.median(paints) * 1000, "ms", TARGETS["first_paint_ms"])


if __name__ == "__main__":
    asyncio.run(main())
