"""A command that changes files changes the workspace as an edit does: a read made before it is
stale. `fresh` told the model that a file a `sed -i` had just changed "has not changed since it was
read", answered the read itself, and the model never saw its own change (a bench run through the
replay server speaking Ollama)."""

from __future__ import annotations

from pathlib import Path

from smallops_tui.agent import read_log
from smallops_tui.agent.log.events import Executed, FeedbackSent, Notice

from ..replay_server import ReplayServer
from ..streams import turn
from ..typed import of

CHECK = '''
def check(root, original, summary):
    return (root / "a.py").read_text() == "x = 2\\n", "a.py"
'''


async def _events(tmp_path: Path, command: str) -> list:
    from smallops_tui.backends import OllamaBackend
    from smallops_tui.bench.harness import BenchSetup, load_tasks
    from smallops_tui.bench.parallel import run_bench

    task = tmp_path / "tasks" / "set-x"
    (task / "repo").mkdir(parents=True)
    (task / "repo" / "a.py").write_text("x = 1\n")
    (task / "prompt.txt").write_text("Set x to 2 in a.py.")
    (task / "check.py").write_text(CHECK)
    turns = [turn({"action": "read_file", "path": "a.py"}),
             turn({"action": "run_command", "command": command}),
             turn({"action": "read_file", "path": "a.py"}),
             turn({"action": "done", "summary": "x is 2."})]
    async with ReplayServer({"/api/chat": turns}) as server:
        async with OllamaBackend(server.url, "m") as backend:
            setup = BenchSetup(backend, "ollama", server.url, "m", {}, policy="approve-all", step_cap=4, wall_cap=60,
                               levers=("fresh",), options={"temperature": 0.0, "seed": 0})
            [record] = await run_bench(load_tasks(None, task.parent), setup, 1, tmp_path / "out.jsonl",
                                       tmp_path / "logs")
    return read_log(record["log"]).events


async def test_a_read_after_a_command_changed_the_file_is_made(tmp_path: Path) -> None:
    events = await _events(tmp_path, "sed -i s/1/2/ a.py")
    assert [e.step for e in of(events, Executed) if e.action == "read_file"] == [1, 3]
    assert "x = 2" in [e.text for e in of(events, FeedbackSent) if e.step == 3][0]
    assert not [e for e in of(events, Notice) if e.text.startswith("fresh:")]


async def test_a_read_after_a_command_that_changed_nothing_is_answered(tmp_path: Path) -> None:
    events = await _events(tmp_path, "grep -n x a.py")
    assert [e.step for e in of(events, Executed) if e.action == "read_file"] == [1]
    assert [e for e in of(events, Notice) if e.step == 3 and e.text.startswith("fresh: the model asked for a.py again")]
