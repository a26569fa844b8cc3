"""`smallops bench --host`: a task laid over a real project's tree, the task's own files winning, and
the run measured like any other (the first request lists the host's tree; the check judges the
task)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from smallops_tui.backends import OllamaBackend
from smallops_tui.bench.harness import BenchSetup, load_tasks
from smallops_tui.bench.hosting import HostError, lay_out, resolve_host, shipped_hosts
from smallops_tui.bench.parallel import run_bench
from smallops_tui.bench.report import setup_name

from ..replay_server import ReplayServer
from ..streams import turn


def test_the_tasks_files_win_over_the_hosts_and_links_stay_links(tmp_path: Path) -> None:
    host, task, dest = tmp_path / "host", tmp_path / "task", tmp_path / "dest"
    for rel, text in {"README.md": "host readme\n", "src/app.py": "host\n", "calc.py/inner.txt": "a folder\n",
                      ".git/HEAD": "ref\n", "pkg/__pycache__/x.pyc": "b"}.items():
        (host / rel).parent.mkdir(parents=True, exist_ok=True)
        (host / rel).write_text(text)
    (host / "outside").symlink_to("/etc/hostname")
    for rel, text in {"README.md": "task readme\n", "calc.py": "def add(a, b):\n    return a - b\n",
                      "src/new.py": "new\n"}.items():
        (task / rel).parent.mkdir(parents=True, exist_ok=True)
        (task / rel).write_text(text)
    lay_out(task, dest, host)
    assert (dest / "README.md").read_text() == "task readme\n"  # the task's own file wins
    assert (dest / "calc.py").is_file()  # the host's folder of that name made room for the task's file
    assert (dest / "src" / "app.py").read_text() == "host\n" and (dest / "src" / "new.py").read_text() == "new\n"
    assert not (dest / ".git").exists() and not (dest / "pkg" / "__pycache__").exists()
    assert (dest / "outside").is_symlink() and os.readlink(dest / "outside") == "/etc/hostname"
    bare = tmp_path / "bare"
    lay_out(task, bare)
    assert sorted(p.name for p in bare.iterdir()) == ["README.md", "calc.py", "src"]


def test_the_shipped_host_is_a_real_project_with_dot_folders() -> None:
    host = shipped_hosts()["pluggy-1.5.0"]
    assert resolve_host("pluggy-1.5.0") == host
    for rel in (".github/workflows/main.yml", ".vscode/settings.json", "docs/index.rst", "testing/test_hookcaller.py",
                "src/pluggy/_hooks.py", "LICENSE", ".gitignore"):
        assert (host / rel).is_file(), rel
    assert "MIT" in (host / "LICENSE").read_text()


def test_a_host_that_is_not_a_folder_is_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(HostError, match="not a folder, nor a shipped host .shipped: pluggy-1.5.0"):
        resolve_host(str(tmp_path / "nowhere"))
    done = subprocess.run([sys.executable, "-m", "smallops_tui", "bench", "--host", str(tmp_path / "nowhere"),
                           "--tasks", "t2-read"], capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "not a folder, nor a shipped host" in done.stderr
    assert "Traceback" not in done.stderr


async def test_a_hosted_run_sees_the_hosts_tree_and_is_judged_on_the_task(tmp_path: Path) -> None:
    turns = [turn({"action": "read_file", "path": "math.js"}),
             turn({"action": "done", "summary": "add returns the sum of a and b"})]
    async with ReplayServer({"/api/chat": list(turns)}) as server:
        async with OllamaBackend(server.url, "m") as backend:
            setup = BenchSetup(backend, "ollama", server.url, "m", {}, policy="approve-all", step_cap=4, wall_cap=30,
                               levers=("tree", "paths"), options={"temperature": 0.0, "seed": 0},
                               host=str(resolve_host("pluggy-1.5.0")))
            [record] = await run_bench(load_tasks(["t2-read"]), setup, 1, tmp_path / "out.jsonl", tmp_path / "logs")
    first = server.requests[0].json()
    listing = first["messages"][1]["content"]
    assert "- math.js" in listing and "- .github/workflows/main.yml" in listing and "testing/" in listing
    assert "src/pluggy.egg-info/" in listing  # said to be left out, as generated
    read = next(a for a in first["format"]["oneOf"] if a["properties"]["action"]["const"] == "read_file")
    assert ".vscode/settings.json" in read["properties"]["path"]["enum"]  # the grammar names the host's dot-folders
    assert record["status"] == "passed" and record["serving"]["host"].endswith("pluggy-1.5.0")
    assert setup_name(record).endswith("host=pluggy-1.5.0")
