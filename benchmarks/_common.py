"""What the UI benchmarks share: which source tree they measure, and how they print.

`SMALLOPS_BENCH_TREE=/path/to/another/checkout python benchmarks/bench_stream.py` measures that
checkout's code with this benchmark (so a baseline and a branch are measured by the same
script, on the same machine, in the same conditions); `--json` prints one JSON object instead
of the table, for `benchmarks/compare.py`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREE = Path(os.environ.get("SMALLOPS_BENCH_TREE") or HERE.parent).resolve()
sys.path.insert(0, str(TREE))


def checkout_module(relative: str, name: str):  # noqa: ANN201 — a module
    """A file of this checkout loaded as a module, whichever tree is measured (what it imports of
    smallops_tui comes from that tree): the same helper measures a baseline and a branch alike."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, HERE.parent / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def replay_server_module():  # noqa: ANN201 — a module
    """This checkout's tests/replay_server.py, whichever tree is measured: both trees are served
    by the same server, so its speed is not part of the comparison."""
    return checkout_module("tests/replay_server.py", "bench_replay_server")


def flag(name: str, default: float) -> float:
    """The number after `name` on the command line (`--runs 5`), else `default`."""
    return float(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def tree_label() -> str:
    try:
        head = subprocess.run(["git", "-C", str(TREE), "describe", "--always", "--dirty"], capture_output=True,
                              text=True, timeout=10).stdout.strip()
    except OSError:
        head = ""
    return f"{TREE}" + (f" ({head})" if head else "")


def machine_load() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


class Report:
    """Rows of (name, value, unit, target, higher_is_better), printed as a table or as JSON."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.rows: list[dict[str, object]] = []
        self.notes: list[str] = []

    def add(self, name: str, value: float, unit: str, target: float | None = None,
            higher_is_better: bool = False) -> None:
        self.rows.append({"name": name, "value": value, "unit": unit, "target": target,
                          "higher_is_better": higher_is_better})

    def note(self, text: str) -> None:
        self.notes.append(text)

    def print(self) -> None:
        if "--json" in sys.argv:
            print(json.dumps({"title": self.title, "tree": str(TREE), "load": machine_load(), "rows": self.rows,
                              "notes": self.notes}))
            return
        print(f"{self.title}\ntree: {tree_label()}\n{machine_load()}")
        for row in self.rows:
            print(format_row(row))
        for note in self.notes:
            print(note)


def format_row(row: dict[str, object], baseline: float | None = None) -> str:
    value, target = float(row["value"]), row["target"]  # type: ignore[arg-type]
    line = f"{row['name']:<52} {value:>10.2f} {row['unit']!s:<9}"
    if target is not None:
        target = float(target)  # type: ignore[arg-type]
        ratio = value / target
        ok = ratio >= 1 if row["higher_is_better"] else ratio <= 1
        line += f" target {target:g} ({ratio:.2f}x, {'meets' if ok else 'MISSES'})"
    if baseline is not None and baseline:
        line += f"   baseline {baseline:.2f} ({value / baseline:.2f}x)"
    return line
