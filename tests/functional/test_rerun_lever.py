"""The `rerun` lever through a bench run (the replay server speaking Ollama): the same test command
proposed again with no file changed since it ran is answered with what it printed, not run, and
the next turn cannot run a command; once a file has changed, the command runs again. Without the
lever every proposal runs."""

from __future__ import annotations

import json
from pathlib import Path

from smallops_tui.agent import read_log
from smallops_tui.agent.log.events import Executed, FeedbackSent, Notice

from ..replay_server import ReplayServer
from ..streams import turn
from ..typed import of

TEST = "python3 -m unittest discover -s tests"
BROKEN = "def double(n):\n    return n + n + 1\n"
FIXED = "def double(n):\n    return n + n\n"
CHECK = '''
def check(root, original, summary):
    return (root / "calc.py").read_text() == "def double(n):\\n    return n + n\\n", "calc.py"
'''


def _tasks(root: Path) -> Path:
    task = root / "tasks" / "fix-double"
    (task / "repo" / "tests").mkdir(parents=True)
    (task / "repo" / "calc.py").write_text(BROKEN)
    (task / "repo" / "tests" / "test_calc.py").write_text(
        "import unittest\n\nfrom calc import double\n\n\nclass T(unittest.TestCase):\n"
        "    def test_double(self):\n        self.assertEqual(double(2), 4)\n")
    (task / "prompt.txt").write_text("The test in tests/test_calc.py fails: fix calc.py.")
    (task / "check.py").write_text(CHECK)
    return task.parent


async def _bench(tmp_path: Path, levers: tuple[str, ...]) -> tuple[dict, list, list[dict]]:
    from smallops_tui.backends import OllamaBackend
    from smallops_tui.bench.harness import BenchSetup, load_tasks
    from smallops_tui.bench.parallel import run_bench

    turns = [turn({"action": "run_command", "command": TEST}),
             turn({"action": "run_command", "command": TEST + " "}),  # the same, a space at its end
             turn({"action": "write_file", "path": "calc.py", "content": FIXED}),
             turn({"action": "run_command", "command": TEST}),
             turn({"action": "done", "summary": "Fixed double()."})]
    async with ReplayServer({"/api/chat": turns}) as server:
        async with OllamaBackend(server.url, "m") as backend:
            setup = BenchSetup(backend, "ollama", server.url, "m", {}, policy="approve-all", step_cap=5, wall_cap=60,
                               levers=levers, options={"temperature": 0.0, "seed": 0})
            [record] = await run_bench(load_tasks(None, _tasks(tmp_path)), setup, 1, tmp_path / "out.jsonl",
                                       tmp_path / "logs")
        bodies = [r.json() for r in server.requests if r.path == "/api/chat"]
    return record, read_log(record["log"]).events, bodies


def _offers_commands(body: dict) -> bool:
    return "run_command" in json.dumps(body.get("format"))


async def test_the_same_command_with_nothing_changed_is_answered_with_its_output(tmp_path: Path) -> None:
    record, events, bodies = await _bench(tmp_path, ("paths", "rerun"))
    ran = [e for e in of(events, Executed) if e.action == "run_command"]
    assert [(e.step, e.ok) for e in ran] == [(1, False), (4, True)]
    [notice] = [e for e in of(events, Notice) if e.text.startswith("rerun:")]
    assert notice.step == 2 and "no file has changed since it ran at step 1" in notice.text
    [told] = [e.text for e in of(events, FeedbackSent) if e.step == 2]
    assert "exited with code 1" in told and "AssertionError: 5 != 4" in told
    # The turn after the answer cannot run a command; the one after the edit can again.
    assert [_offers_commands(b) for b in bodies[:4]] == [True, True, False, True]
    assert record["status"] == "passed"


async def test_without_the_lever_every_proposal_runs(tmp_path: Path) -> None:
    _, events, _ = await _bench(tmp_path, ("paths",))
    assert [e.step for e in of(events, Executed) if e.action == "run_command"] == [1, 2, 4]
