"""Harness levers: what each one changes in what the model is sent, seen in the real requests a
server receives (the replay server keeps connections alive, like Ollama)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from smallops_tui.agent.reply.actions import vocabulary_schema
from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.backends import OllamaBackend
from smallops_tui.bench.harness import TASKS_DIR, BenchSetup, load_tasks
from smallops_tui.bench.lever_names import LEVERS, parse_levers
from smallops_tui.bench.levers import (
    CAP_CEILING, CAP_FLOOR, EXAMPLE, chat_options, file_tree, guidance, paths_schema, task_cap,
)
from smallops_tui.bench.parallel import run_bench

from ..replay_server import ReplayServer, SeenRequest
from ..streams import turn

MODEL = "qwen2.5-coder:1.5b"


def _alternative(schema: dict, action: str) -> dict | None:
    return next((a for a in schema["oneOf"] if a["properties"]["action"]["const"] == action), None)


def test_lever_names_parse_to_one_order_and_unknown_ones_are_a_sentence() -> None:
    assert parse_levers("cap,tree") == ("tree", "cap")
    assert parse_levers("all") == tuple(LEVERS) and parse_levers("none") == () and parse_levers("") == ()
    with pytest.raises(ValueError, match="unknown lever magic"):
        parse_levers("tree,magic")


def test_the_file_tree_is_bounded(tmp_path: Path) -> None:
    for i in range(45):
        (tmp_path / f"f{i:02}.txt").write_text("x")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD").write_text("ref")
    tree = file_tree(Workspace(tmp_path), limit=40)
    assert tree.startswith("Files in the project (45):\n- f00.txt\n")
    assert "- f39.txt\n- … and 5 more files" in tree and "f40.txt" not in tree and ".git" not in tree


def test_the_per_turn_schema_names_what_exists(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.py").write_text("x")
    (tmp_path / "README.md").write_text("x")
    schema = paths_schema("seed", Workspace(tmp_path))
    assert _alternative(schema, "read_file")["properties"]["path"] == {"type": "string", "enum": ["README.md", "src/app.py"]}
    assert _alternative(schema, "list_dir")["properties"]["path"] == {"type": "string", "enum": [".", "src"]}
    existing, new = _alternative(schema, "write_file")["properties"]["path"]["anyOf"]
    assert existing["enum"] == ["README.md", "src/app.py"]
    for path, allowed in [("copy.txt", True), ("src/new.py", True), ("lib/new.py", False), ("../x.py", False),
                          ("src/", False), ("/etc/passwd", False)]:
        assert bool(re.fullmatch(new["pattern"].strip("^$"), path)) is allowed, path
    assert _alternative(schema, "run_command") == _alternative(vocabulary_schema("seed"), "run_command")
    extended = paths_schema("extended", Workspace(tmp_path))
    assert _alternative(extended, "replace_lines")["properties"]["path"]["enum"] == ["README.md", "src/app.py"]


def test_reads_already_done_are_left_out_and_an_action_with_nothing_left_goes(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x")
    (tmp_path / "b.py").write_text("x")
    schema = paths_schema("seed", Workspace(tmp_path), narrow=False, fresh=True, done_reads=frozenset({"a.py"}),
                          done_lists=frozenset({"."}))
    assert _alternative(schema, "read_file")["properties"]["path"]["enum"] == ["b.py"]
    assert _alternative(schema, "list_dir") is None
    assert _alternative(schema, "write_file")["properties"]["path"] == {"type": "string"}  # not narrowed


def test_the_cap_is_sized_to_the_largest_file_and_bounded(tmp_path: Path) -> None:
    (tmp_path / "small.txt").write_text("x" * 30)
    assert task_cap(Workspace(tmp_path)) == CAP_FLOOR
    (tmp_path / "mid.py").write_text("x" * 900)
    assert task_cap(Workspace(tmp_path)) == 2 * 900 // 3 + 96
    (tmp_path / "big.py").write_text("x" * 100_000)
    assert task_cap(Workspace(tmp_path)) == CAP_CEILING
    assert chat_options(("cap",), Workspace(tmp_path), {"temperature": 0.0}) == {"temperature": 0.0,
                                                                                  "num_predict": CAP_CEILING}
    assert chat_options((), Workspace(tmp_path), {"temperature": 0.0}) == {"temperature": 0.0}


def test_guidance_names_what_exists(tmp_path: Path) -> None:
    from smallops_tui.agent.session.guards import GuardFlag

    (tmp_path / "math.js").write_text("x")
    text = guidance([GuardFlag("repeat", "the same action was tried at step 1 and failed", step=1)], Workspace(tmp_path))
    assert "already done at step 1" in text and text.endswith("The files that exist: math.js.")
    assert guidance([], Workspace(tmp_path)) == ""


async def _requests(levers: tuple[str, ...], turns: list, task: str, tmp_path: Path) -> tuple[list[SeenRequest], dict]:
    async with ReplayServer({"/api/chat": list(turns)}) as server:
        async with OllamaBackend(server.url, MODEL) as backend:
            setup = BenchSetup(backend, "ollama", server.url, MODEL, {}, policy="approve-all", step_cap=len(turns),
                               wall_cap=30, levers=levers, options={"temperature": 0.0, "seed": 0})
            [record] = await run_bench(load_tasks([task]), setup, 1, tmp_path / "out.jsonl", tmp_path / "logs")
    return [r for r in server.requests if r.path == "/api/chat"], record


async def test_without_levers_the_requests_are_a_plain_sessions(tmp_path: Path) -> None:
    turns = [turn({"action": "read_file", "path": "math.js"}), turn({"action": "done", "summary": "add"})]
    requests, record = await _requests((), turns, "t2-read", tmp_path)
    first = requests[0].json()
    assert first["format"] == vocabulary_schema("seed")
    assert "Files in the project" not in first["messages"][1]["content"]
    assert EXAMPLE.strip() not in first["messages"][0]["content"]
    assert "num_predict" not in first["options"] and record["serving"]["levers"] == []


async def test_each_lever_shows_in_the_requests(tmp_path: Path) -> None:
    turns = [turn({"action": "list_dir", "path": "nowhere"}), turn({"action": "read_file", "path": "math.js"}),
             turn({"action": "read_file", "path": "math.js"}), turn({"action": "done", "summary": "add"})]
    requests, record = await _requests(tuple(LEVERS), turns, "t2-read", tmp_path)
    bodies = [r.json() for r in requests]
    system, task = bodies[0]["messages"][0]["content"], bodies[0]["messages"][1]["content"]
    assert system.endswith(EXAMPLE) and task.endswith("Files in the project (1):\n- math.js")  # example, tree
    assert _alternative(bodies[0]["format"], "read_file")["properties"]["path"]["enum"] == ["math.js"]  # paths
    size = (TASKS_DIR / "t2-read" / "repo" / "math.js").stat().st_size
    assert all(b["options"]["num_predict"] == max(CAP_FLOOR, 2 * size // 3 + 96) for b in bodies)  # cap
    assert record["serving"]["options"]["num_predict"] == bodies[0]["options"]["num_predict"]
    # guidance: the missing path at step 1 is answered with what exists, with the result
    assert "Note: nowhere does not exist" in bodies[1]["messages"][-1]["content"]
    assert "The files that exist: math.js." in bodies[1]["messages"][-1]["content"]
    # fresh: once math.js is read (and nothing changed), the next turn cannot ask for it again
    assert _alternative(bodies[2]["format"], "read_file") is None
    # The third turn read it anyway (a server need not obey): guidance says it is a repeat.
    assert "already done at step 2" in bodies[3]["messages"][-1]["content"]
    assert record["status"] == "passed" and record["serving"]["levers"] == list(LEVERS)


async def test_fresh_gives_a_read_back_once_the_workspace_changes(tmp_path: Path) -> None:
    turns = [turn({"action": "read_file", "path": "file.txt"}),
             turn({"action": "write_file", "path": "file.txt", "content": "hello\n\n"}),
             turn({"action": "done", "summary": "added"})]
    requests, _ = await _requests(("fresh",), turns, "r6-blank-line", tmp_path)
    schemas = [r.json()["format"] for r in requests]
    assert _alternative(schemas[0], "read_file")["properties"]["path"]["enum"] == ["file.txt"]
    assert _alternative(schemas[1], "read_file") is None
    assert _alternative(schemas[2], "read_file")["properties"]["path"]["enum"] == ["file.txt"]
