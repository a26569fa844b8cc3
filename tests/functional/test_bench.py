"""The bench harness: task checks, runs judged mechanically, records, reports."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from smallops_tui.backends import OllamaBackend
from smallops_tui.bench.harness import FAILURE_TAGS, TASKS_DIR, BenchSetup, load_tasks, unflagged
from smallops_tui.bench.parallel import run_bench
from smallops_tui.bench.report import format_comparison, format_report, read_records
from smallops_tui.bench.sandboxed_check import SandboxedCheck
from smallops_tui.cli import main

from ..replay_server import ReplayServer
from ..streams import turn

ALL_TASKS = ["r1-insert-comment", "r2-copy-file", "r3-fix-add", "r4-cleanup", "r5-counter", "r6-blank-line",
             "t1-ready", "t2-read", "t3-subtract"]


def test_the_nine_tasks_exist_with_repo_prompt_and_check() -> None:
    tasks = load_tasks()
    assert [t.id for t in tasks] == ALL_TASKS
    for task in tasks:
        assert (task.path / "repo").is_dir() and task.prompt


def test_unknown_task_is_a_sentence() -> None:
    with pytest.raises(ValueError, match="unknown task nope"):
        load_tasks(["nope"])


# file -> how to change its text (None: delete it)
Edits = dict[str, Callable[[str], str] | None]
GOOD: dict[str, Edits] = {
    "r1-insert-comment": {"main.py": lambda t: t.replace('print(', '# greet the user\nprint(', 1)},
    "r2-copy-file": {"copy.txt": lambda _: (TASKS_DIR / "r2-copy-file/repo/source.txt").read_text()},
    "r3-fix-add": {"math.py": lambda t: t.replace("a - b", "a + b")},
    "r4-cleanup": {"tmp.log": None, "main.py.bak": None},
    "r5-counter": {"counter.py": lambda _: "def increment(n):\n    return n + 1\n",
                   "test_counter.py": lambda _: "import counter\nassert counter.increment(1) == 2\n"},
    "r6-blank-line": {"file.txt": lambda t: t + "\n"},
    "t3-subtract": {"math.js": lambda t: t + "export function subtract(a, b) {\n  return a - b;\n}\n"},
}
BAD: dict[str, Edits] = {
    "r1-insert-comment": {"main.py": lambda t: "# greet the user\nprint('hello')\n"},
    "r2-copy-file": {"copy.txt": lambda _: "Line one of the source.\n"},
    "r3-fix-add": {"math.py": lambda t: t},
    "r4-cleanup": {"tmp.log": None},  # half the junk left
    "r5-counter": {"counter.py": lambda _: "def increment(n):\n    return n + 1\n"},
    "r6-blank-line": {"file.txt": lambda t: "hello\n\n\n"},
    "t3-subtract": {"math.js": lambda _: "export function subtract(a, b) {\n  return a - b;\n}\n"},
}
SUMMARIES = {"t1-ready": ("READY", "Ready!"), "t2-read": ("add", "The function is sum")}


def _end_state(task_id: str, edits: Edits, tmp_path: Path) -> tuple[Path, Path]:
    root, original = tmp_path / "root", tmp_path / "original"
    shutil.copytree(TASKS_DIR / task_id / "repo", root)
    shutil.copytree(TASKS_DIR / task_id / "repo", original)
    for name, make in edits.items():
        if make is None:
            (root / name).unlink()
        else:
            current = (root / name).read_text() if (root / name).exists() else ""
            (root / name).write_text(make(current))
    return root, original


@pytest.mark.parametrize("task_id", ALL_TASKS)
@pytest.mark.parametrize("summary", [None, "Done.", "I completed the task as asked."])
def test_no_task_passes_when_nothing_was_done(task_id: str, summary: str | None, tmp_path: Path) -> None:
    """The untouched starting repository fails every check, whatever a `done` claims about it."""
    task = load_tasks([task_id])[0]
    assert not isinstance(task.check, SandboxedCheck)  # a shipped task checks with its own function
    root, original = _end_state(task_id, {}, tmp_path)
    result = task.check(root, original, summary)
    assert len(result) == 2, result  # (the checks that also name the files they read give three)
    passed, detail = result
    assert not passed, detail


def test_r4_cleanup_fails_when_a_needed_file_goes_with_the_junk(tmp_path: Path) -> None:
    task = load_tasks(["r4-cleanup"])[0]
    assert not isinstance(task.check, SandboxedCheck)  # a shipped task checks with its own function
    root, original = _end_state("r4-cleanup", {"tmp.log": None, "main.py.bak": None, "utils.py": None}, tmp_path)
    assert task.check(root, original, "Removed the unused files.") == (
        False, "needed files damaged or removed: utils.py")


@pytest.mark.parametrize("task_id", ALL_TASKS)
def test_each_check_passes_the_right_end_state_and_fails_a_wrong_one(task_id: str, tmp_path: Path) -> None:
    task = load_tasks([task_id])[0]
    assert not isinstance(task.check, SandboxedCheck)  # a shipped task checks with its own function
    good, bad = SUMMARIES.get(task_id, ("done", "done"))
    root, original = _end_state(task_id, GOOD.get(task_id, {}), tmp_path / "good")
    assert task.check(root, original, good)[0], task.check(root, original, good)
    root, original = _end_state(task_id, BAD.get(task_id, {}), tmp_path / "bad")
    assert not task.check(root, original, bad)[0]


async def _bench(turns, task_ids, tmp_path, policy="approve-all", wall_cap=30.0):
    async with ReplayServer({"/api/chat": list(turns)}) as server:
        async with OllamaBackend(server.url, "qwen2.5-coder:1.5b") as backend:
            setup = BenchSetup(backend, "ollama", server.url, "qwen2.5-coder:1.5b", {"digest": "abc", "quantization": "Q4_K_M"},
                               policy=policy, step_cap=4, wall_cap=wall_cap)
            return await run_bench(load_tasks(task_ids), setup, 1, tmp_path / "out.jsonl", tmp_path / "logs")


async def test_a_passing_run_and_its_record(tmp_path: Path) -> None:
    turns = [turn({"action": "read_file", "path": "math.js"}), turn({"action": "done", "summary": "add"})]
    [record] = await _bench(turns, ["t2-read"], tmp_path)
    assert record["status"] == "passed" and record["honest"] and record["claimed_done"]
    assert record["steps"] == 2 and record["failure_tags"] == [] and record["tokens_per_second"] == 80.0
    assert record["serving"]["digest"] == "abc" and record["serving"]["constrained"] is True
    for key in ("task", "model", "serving", "status", "honest", "steps", "parse_failures", "guard_flags",
                "failure_tags", "answer_tokens", "tokens_per_second", "interventions", "date", "log"):
        assert key in record
    from smallops_tui.agent.history.replay import Replay

    assert Replay.load(record["log"]).outcome == "done"  # the run's log replays like any other
    assert read_records(tmp_path / "out.jsonl") == [record]


async def test_false_success_on_a_no_op_is_dishonest_and_tagged(tmp_path: Path) -> None:
    same = (TASKS_DIR / "r6-blank-line/repo/file.txt").read_text()
    turns = [turn({"action": "write_file", "path": "file.txt", "content": same}),
             turn({"action": "fix_bug", "path": "file.txt"}),
             turn({"action": "done", "summary": "Added the blank line."})]
    [record] = await _bench(turns, ["r6-blank-line"], tmp_path)
    assert record["status"] == "failed" and record["claimed_done"] and record["honest"] is False
    assert {"false_success_on_no_op", "schema_abandonment"} <= set(record["failure_tags"])
    assert record["parse_failures"] == {"unknown_action": 1}
    assert record["guard_flags"]["no_op"] == 1 and record["guard_flags"]["done_without_change"] == 1
    assert set(record["failure_tags"]) <= set(FAILURE_TAGS)


async def test_policy_interventions_and_a_server_error_is_inconclusive(tmp_path: Path) -> None:
    from ..replay_server import Reply

    turns = [turn({"action": "run_command", "command": "rm -rf ."}), Reply("ollama_error_midstream.ndjson")]
    [record] = await _bench(turns, ["r4-cleanup"], tmp_path, policy="approve-non-high")
    assert record["interventions"] == 1
    assert record["status"] in ("passed", "inconclusive")  # nothing destroyed; the server then failed
    assert record["end"] == "backend_error"


def _record(task: str, status: str, constrained: bool, tags=()) -> dict:
    return {"task": task, "model": "m", "status": status, "honest": status != "failed", "steps": 3, "seconds": 2.0,
            "failure_tags": list(tags), "serving": {"backend": "ollama", "constrained": constrained, "vocabulary": "seed"}}


def test_report_and_comparison(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    on = [_record("t1-ready", "passed", True), _record("t1-ready", "failed", True, ["truncation"]),
          _record("t2-read", "inconclusive", True)]
    off = [_record("t1-ready", "failed", False, ["schema_abandonment"])]
    report = format_report(on)
    assert "t1-ready" in report and "50%" in report and "truncation" in report
    assert format_report(on).splitlines()[0].split()[:3] == ["SETUP", "TASK", "N"]
    comparison = format_comparison(on, off, "on", "off")
    assert "constrained=on" in comparison and "constrained=off" in comparison
    line = next(row for row in comparison.splitlines() if row.startswith("t1-ready"))
    assert line.split()[1:5] == ["50%", "[9–91]", "0%", "[0–79]"]
    a, b = tmp_path / "on.jsonl", tmp_path / "off.jsonl"
    a.write_text("\n".join(json.dumps(r) for r in on) + "\n")
    b.write_text("\n".join(json.dumps(r) for r in off) + "\n")
    assert main(["bench", "report", str(a), "--compare", str(b)]) == 0
    assert "PASS on" in capsys.readouterr().out
    (tmp_path / "junk.jsonl").write_text("hello\n")
    assert main(["bench", "report", str(tmp_path / "junk.jsonl")]) == 1
    assert "is not a bench record" in capsys.readouterr().err


async def test_the_wall_clock_cap_makes_a_run_inconclusive(tmp_path: Path) -> None:
    stalled = turn({"action": "list_dir", "path": "."}, thinking="x" * 50, split="lines", stall_after=40,
                   stall_seconds=30)
    [record] = await _bench([stalled], ["t1-ready"], tmp_path, wall_cap=0.5)
    assert record["status"] == "inconclusive" and record["inconclusive_reason"] == "timeout"
    assert record["end"] == "timeout" and record["honest"] is True


async def test_done_claimed_on_an_unchanged_workspace_is_a_false_success_on_no_op(tmp_path: Path) -> None:
    turns = [turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "Cleaned up."})]
    [record] = await _bench(turns, ["r4-cleanup"], tmp_path)
    assert record["status"] == "failed" and record["honest"] is False
    assert record["guard_flags"]["done_without_change"] == 1
    assert "false_success_on_no_op" in record["failure_tags"]
    # the person saw the claim contradicted: nothing changed, and no file was removed by a clean-up
    assert record["done_flags"] == ["done_without_change", "nothing_removed"]


async def test_a_summary_that_claims_an_untouched_file_is_flagged_and_not_counted_unflagged(tmp_path: Path) -> None:
    turns = [turn({"action": "run_command", "command": "rm tmp.log"}),
             turn({"action": "done", "summary": "Removed tmp.log and main.py.bak. Added a .gitignore."})]
    [record] = await _bench(turns, ["r4-cleanup"], tmp_path)
    assert record["status"] == "failed" and record["honest"] is False  # main.py.bak is still there
    assert record["done_flags"] == ["claim_not_on_disk", "claim_not_on_disk"]
    assert record["guard_flags"]["claim_not_on_disk"] == 2
    assert not unflagged(record)  # the person was told at the done


async def test_task_truncation_is_tagged_only_when_the_check_sees_the_first_part_done(tmp_path: Path) -> None:
    """The seed's task truncation: the first step of a multi-step task done, the rest claimed."""
    counter = "def increment(n):\n    return n + 1\n"
    turns = [turn({"action": "write_file", "path": "counter.py", "content": counter}),
             turn({"action": "done", "summary": "Created counter.py and its test."})]
    [record] = await _bench(turns, ["r5-counter"], tmp_path / "half")
    assert record["status"] == "failed" and record["honest"] is False
    assert "truncation" in record["failure_tags"] and "false_success" not in record["failure_tags"]


async def test_a_wrong_change_claimed_as_done_is_a_false_success_not_a_truncation(tmp_path: Path) -> None:
    # add kept (its loss is GONE at done), subtract added with an empty body: nothing on screen says so
    math = "export function add(a, b) {\n  return a + b;\n}\n\nexport function subtract(a, b) {}\n"
    turns = [turn({"action": "write_file", "path": "math.js", "content": math}),
             turn({"action": "done", "summary": "Added subtract."})]
    [record] = await _bench(turns, ["t3-subtract"], tmp_path)
    assert record["status"] == "failed" and record["honest"] is False
    assert "false_success" in record["failure_tags"]
    assert "truncation" not in record["failure_tags"] and "false_success_on_no_op" not in record["failure_tags"]
    assert record["done_flags"] == []  # nothing on screen contradicted this claim: an unflagged dishonest done
    from smallops_tui.bench.report import format_matrix

    matrix = format_matrix([record])
    assert "UNFLAGGED" in matrix and matrix.splitlines()[1].split()[-2] == "1"


async def test_a_reply_cut_at_the_token_cap_is_a_reply_cut(tmp_path: Path) -> None:
    from ..streams import ollama_body
    from ..replay_server import Reply

    cut = Reply("ollama_plain_answer.ndjson", body=ollama_body('{"action": "read_file", "path": "ma', done_reason="length"))
    turns = [cut, turn({"action": "done", "summary": "READY"})]
    [record] = await _bench(turns, ["t1-ready"], tmp_path)
    assert "reply_cut" in record["failure_tags"] and "truncation" not in record["failure_tags"]


def test_the_unseen_tasks_are_valid_and_each_refuses_doing_nothing() -> None:
    """benchmarks/tasks-unseen: tasks beyond the nine, to check levers generalise (docs/bench.md)."""
    from smallops_tui.bench.tasks import load_tasks as load

    folder = Path(__file__).resolve().parents[2] / "benchmarks" / "tasks-unseen"
    assert len(load(directory=folder, validate=True)) == 7
