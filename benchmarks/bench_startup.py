"""The first frame: how much CPU `smallops run TASK` spends before the person sees the app.

    python benchmarks/bench_startup.py [--runs 7] [--json]
    python benchmarks/compare.py bench_startup.py /path/to/baseline/checkout   # before / after

The installed `smallops` (or, with SMALLOPS_BENCH_TREE, that tree's `python -m smallops_tui`)
starts in a 120x40 pseudo-terminal against a keep-alive fake Ollama (the tests' replay server, on
127.0.0.1 port 0) whose chat reply never comes, so no token is drawn. The pty's bytes are read as
a terminal reads them and rendered (pyte); the moment the screen first shows the panes, the
task (the conversation's first line) and the status bar, the CPU of the process tree is read from /proc: the terminal guard (the process the
terminal started, which parses the flags, loads the settings and asks the server before it forks
the app) and the app it forked. Issue 33's target: the first frame within 0.5 CPU-s.

One more run with PYTHONPROFILEIMPORTTIME=1 (`-X importtime`; its lines reach the pty's stderr)
says where the import time goes: the self time of every module imported before the first frame,
summed by package, in both processes. It is slower than a plain start: its numbers are for
comparing packages with each other, not with the CPU seconds above. Asserts nothing.
"""

from __future__ import annotations

import re
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

from _common import Report, flag, machine_load, replay_server_module  # noqa: E402
from _terminal import COLS, MODEL, ROWS, app_env, discovery, needs_proc, own_cpu, smallops_argv, tree_cpu  # noqa: E402

TARGET_CPU = 0.5
IMPORT_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def first_frame(argv: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float, float, bytes]:
    """Start the app in a pty; at its first frame: (CPU of the guard, CPU of the app, wall seconds,
    the bytes written so far). Under the import profiler, whose lines scroll the screen, the first
    frame is the first output that draws the task."""
    profiled = "PYTHONPROFILEIMPORTTIME" in env
    import pexpect
    import pyte

    screen = pyte.Screen(COLS, ROWS)
    stream = pyte.ByteStream(screen)
    raw = bytearray()
    started = time.perf_counter()
    child = pexpect.spawn(argv[0], argv[1:], env=env, cwd=str(cwd), dimensions=(ROWS, COLS), encoding=None)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                data = child.read_nonblocking(1 << 16, timeout=1)
            except pexpect.TIMEOUT:
                continue
            raw += data
            stream.feed(data)
            shown = "\n".join(screen.display)
            if (b"Task: " in raw) if profiled else \
                    ("─ conversation " in shown and "Task: " in shown and "approval" in screen.display[-2]):
                total, guard = tree_cpu(child.pid), own_cpu(child.pid)
                return guard, total - guard, time.perf_counter() - started, bytes(raw)
        raise RuntimeError("no first frame after 120 s:\n" + "\n".join(screen.display))
    finally:
        child.terminate(force=True)


def imports_by_package(raw: bytes) -> tuple[Counter[str], int]:
    """Self time (µs) of each module's import, summed by package (smallops_tui by its rooms)."""
    by_package: Counter[str] = Counter()
    count = 0
    for self_us, _, _, name in IMPORT_LINE.findall(raw.decode("utf-8", "replace")):
        parts = name.split(".")
        key = ".".join(parts[:2]) if parts[0] == "smallops_tui" else parts[0]
        by_package[key] += int(self_us)
        count += 1
    return by_package, count


def main() -> None:
    runs = int(flag("--runs", 7))
    module = replay_server_module()
    stall = module.Reply("ollama_plain_answer.ndjson", stall_after=0, stall_seconds=3600)
    load_before = machine_load()
    work = Path(tempfile.mkdtemp(prefix="smallops-startup-"))
    (work / "ws").mkdir()
    (work / "ws" / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    guards, apps, walls = [], [], []
    with module.ThreadedReplayServer({**discovery(module.Reply), "/api/chat": [stall] * (runs + 1)}) as server:
        argv = smallops_argv("run", "fix add in calc.py", "--workspace", str(work / "ws"), "--backend", "ollama",
                             "--url", server.url, "--model", MODEL)
        for run in range(runs):
            guard, app, wall, _ = first_frame(argv, app_env(work, str(run)), work / "ws")
            guards.append(guard)
            apps.append(app)
            walls.append(wall)
        profiled = dict(app_env(work, "-imports"), PYTHONPROFILEIMPORTTIME="1")
        *_, raw = first_frame(argv, profiled, work / "ws")
    totals = [g + a for g, a in zip(guards, apps, strict=True)]
    report = Report(f"smallops run TASK: the first frame in a {COLS}x{ROWS} pty ({runs} runs)")
    report.add("CPU to the first frame (median, guard + app)", statistics.median(totals), "CPU-s", TARGET_CPU)
    report.add("CPU to the first frame (best)", min(totals), "CPU-s")
    report.add("  of which the terminal guard (median)", statistics.median(guards), "CPU-s")
    report.add("  of which the app it forked (median)", statistics.median(apps), "CPU-s")
    report.add("wall seconds to the first frame (median)", statistics.median(walls), "s")
    by_package, count = imports_by_package(raw)
    report.note(f"imports before the first frame (-X importtime, self time by package, {count} modules, "
                f"{sum(by_package.values()) / 1e6:.2f} s in all under the profiler):")
    for name, micros in by_package.most_common(15):
        report.note(f"  {name:<32} {micros / 1000:8.1f} ms")
    report.note(f"each run (CPU-s): {', '.join(f'{t:.2f}' for t in totals)}")
    report.note(f"before: {load_before}; after: {machine_load()}")
    report.print()


if __name__ == "__main__":
    needs_proc()
    main()
