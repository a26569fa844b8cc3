"""What the benchmarks that run `smallops` in a terminal share: the command (the installed console
script, or `python -m smallops_tui` on the tree SMALLOPS_BENCH_TREE names, so compare.py can
measure two trees the same way), a clean environment, the discovery a fake Ollama answers, and the
app's CPU and memory read from /proc.

`smallops` on a terminal forks the app from a small parent, the terminal guard (terminal_guard.py):
the process the terminal started is the guard, and the app is the deepest process below it.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _common import TREE

MODEL = "qwen3:1.7b"  # the first model of the recorded /api/tags
ROWS, COLS = 40, 120
TICKS = os.sysconf("SC_CLK_TCK")


def smallops_argv(*args: str) -> list[str]:
    """How a person starts it: the installed script; on another tree, that tree's module."""
    if os.environ.get("SMALLOPS_BENCH_TREE"):
        return [sys.executable, "-m", "smallops_tui", *args]
    found = Path(sys.executable).parent / "smallops"
    if not found.exists():
        raise SystemExit(f"no installed smallops beside {sys.executable}: pip install -e '.[test]' first")
    return [str(found), *args]


def app_env(work: Path, name: str = "") -> dict[str, str]:
    """A terminal's environment with a home, data and config of its own under `work` (`name`: for
    several runs in one folder); PYTHONPATH set when another tree is measured."""
    home = work / f"home{name}"
    home.mkdir(parents=True, exist_ok=True)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "TERM": "xterm-256color",
           "LANG": "C.UTF-8", "COLUMNS": str(COLS), "LINES": str(ROWS), "SMALLOPS_DATA_DIR": str(work / f"data{name}"),
           "SMALLOPS_CONFIG_DIR": str(work / f"config{name}")}
    if os.environ.get("SMALLOPS_BENCH_TREE"):
        env["PYTHONPATH"] = str(TREE)
    return env


def discovery(reply: Any) -> dict[str, list[Any]]:
    """Ollama's discovery as recorded (`reply`: the replay server's Reply class); the model loaded."""
    return {"/api/version": [reply("ollama_version.json")], "/api/tags": [reply("ollama_tags.json")],
            "/api/show": [reply("ollama_show_qwen3.json"), reply("ollama_show_llama.json")],
            "/api/ps": [reply("ollama_version.json", body=b'{"models": [{"name": "' + MODEL.encode() + b'"}]}')]}


def poll(read: Callable[[], str], seen: Callable[[str], bool], what: str, seconds: float, every: float = 0.05) -> str:
    """Read the screen until `seen` finds what it looks for: a benchmark's wait on a terminal it
    drives (a test waits on the app's events where it can)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        shown = read()
        if seen(shown):
            return shown
        time.sleep(every)
    raise RuntimeError(f"no {what} after {seconds:g} s:\n{read()}")


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found += [int(child) for child in task.read_text().split()]
        except OSError:
            pass
    return found


def own_cpu(pid: int) -> float:
    """User + system CPU seconds of one process, all its threads (fields 14 and 15 of its stat)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = stat[stat.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def tree_cpu(pid: int) -> float:
    """CPU seconds of a process and its descendants (the guard and the app it forked)."""
    return own_cpu(pid) + sum(tree_cpu(child) for child in children(pid))


def rss_mib(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def app_pid(guard_pid: int) -> int:
    """The app: the deepest process below the one the terminal started (no worker is started here)."""
    pid = guard_pid
    while (below := children(pid)):
        pid = below[0]
    return pid


def needs_proc() -> None:
    """These benchmarks read a process's CPU time and memory from /proc: Linux only."""
    if not Path("/proc/self/stat").exists():
        raise SystemExit("this benchmark reads a process's CPU time and memory from /proc (Linux)")
