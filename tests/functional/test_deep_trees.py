"""Issue 20, major 12: a directory tree 1,100 levels deep, made by an approved command, ended the
session in RecursionError (Python 3.11's os.walk recurses once per level), and every later
session in that workspace ended the same way at its start. Walking and removing trees keep their
own stack (agent/files/tree.py): both sessions run to their end, and the tree is recorded."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from smallops_tui.agent import ScriptedPolicy, Session, SessionConfig, Workspace
from smallops_tui.agent.files.tree import remove_tree, walk_tree
from smallops_tui.agent.history.replay import Replay
from smallops_tui.agent.log.events import FilesChanged
from smallops_tui.agent.sandbox import confine
from smallops_tui.backends import OllamaBackend

from ..harness import CHAT
from ..replay_server import ReplayServer
from ..streams import turn

DEPTH = 1_100
MAKE_DEEP = f"for i in $(seq {DEPTH}); do mkdir d && cd d; done; echo bottom > f.txt"


async def _session(workspace: Workspace, log: Path, replies: list) -> str:
    async with ReplayServer({CHAT: replies}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            outcome = await Session(backend, workspace, SessionConfig(task="t", sandbox="off"),
                                    ScriptedPolicy("approve-all"), log).run()
    return outcome.status


async def test_a_very_deep_tree_ends_no_session(workspace: Workspace, tmp_path: Path) -> None:
    first = await _session(workspace, tmp_path / "one.jsonl",
                           [turn({"action": "run_command", "command": MAKE_DEEP}), turn({"action": "done", "summary": "x"})])
    deepest = workspace.root.joinpath(*["d"] * DEPTH)
    assert first == "done" and (deepest / "f.txt").read_text() == "bottom\n"
    # The command's change is recorded, its file 1,100 levels down included.
    changed = [r.path for e in Replay.load(tmp_path / "one.jsonl").steps[0].of(FilesChanged) for r in e.files]
    assert "/".join(["d"] * DEPTH + ["f.txt"]) in changed
    # And the next session in that workspace starts, and ends, as any other.
    second = await _session(workspace, tmp_path / "two.jsonl",
                            [turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "y"})])
    assert second == "done"
    remove_tree(workspace.root / "d")  # pytest's own clean-up of old temp dirs recurses too


def test_walking_and_removing_a_very_deep_tree(tmp_path: Path) -> None:
    subprocess.run(["sh", "-c", MAKE_DEEP], cwd=tmp_path, check=True)
    levels = [path for path, _, _ in walk_tree(tmp_path)]
    assert len(levels) == DEPTH + 1 and any("f.txt" in files for _, _, files in walk_tree(tmp_path))
    remove_tree(tmp_path / "d")
    assert list(tmp_path.iterdir()) == []


def test_a_deep_tree_left_in_a_dead_app_s_temp_dir_is_removed_at_the_next_start(tmp_path: Path) -> None:
    orphan = tmp_path / f"{confine.TEMP_PREFIX}{2 ** 22 + 12345}-x"  # a pid no process has
    orphan.mkdir()
    subprocess.run(["sh", "-c", MAKE_DEEP], cwd=orphan, check=True)
    assert confine.remove_orphaned_temp_dirs(tmp_path) == [orphan] and not orphan.exists()


def test_walk_tree_is_os_walk(tmp_path: Path) -> None:
    for rel in ("a/b/c.txt", "a/d.txt", "e/f/g/h.txt", "i.txt"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x")
    (tmp_path / "link").symlink_to(tmp_path / "a")  # listed, not entered
    assert sorted((d, sorted(n), sorted(f)) for d, n, f in walk_tree(tmp_path)) == \
        sorted((d, sorted(n), sorted(f)) for d, n, f in os.walk(tmp_path))
