"""The `importable` lever through a bench run (the replay server speaking Ollama): a test file run
directly (`python3 tests/test_calc.py`) imports the project's own module with the lever, and
fails with ModuleNotFoundError without it, the spiral five held-out runs fell into."""

from __future__ import annotations

import os
from pathlib import Path

from smallops_tui.agent import read_log
from smallops_tui.agent.log.events import Executed
from smallops_tui.agent.session.levers.importable import importable_env

from ..replay_server import ReplayServer
from ..streams import turn
from ..typed import of

CHECK = '''
def check(root, original, summary):
    return True, "the command's result is what is tested"
'''


def _tasks(root: Path) -> Path:
    task = root / "tasks" / "run-tests"
    (task / "repo" / "tests").mkdir(parents=True)
    (task / "repo" / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    (task / "repo" / "tests" / "test_calc.py").write_text("import calc\n\nassert calc.add(1, 2) == 3\nprint('calc ok')\n")
    (task / "prompt.txt").write_text("Run the tests in tests/test_calc.py.")
    (task / "check.py").write_text(CHECK)
    return task.parent


async def _command_run(tmp_path: Path, levers: tuple[str, ...]) -> Executed:
    from smallops_tui.backends import OllamaBackend
    from smallops_tui.bench.harness import BenchSetup, load_tasks
    from smallops_tui.bench.parallel import run_bench

    turns = [turn({"action": "run_command", "command": "python3 tests/test_calc.py"}),
             turn({"action": "done", "summary": "The tests pass."})]
    async with ReplayServer({"/api/chat": turns}) as server:
        async with OllamaBackend(server.url, "m") as backend:
            setup = BenchSetup(backend, "ollama", server.url, "m", {}, policy="approve-all", step_cap=2, wall_cap=60,
                               levers=levers, options={"temperature": 0.0, "seed": 0})
            [record] = await run_bench(load_tasks(None, _tasks(tmp_path)), setup, 1, tmp_path / "out.jsonl",
                                       tmp_path / "logs")
    [ran] = [e for e in of(read_log(record["log"]).events, Executed) if e.action == "run_command"]
    return ran


async def test_a_test_file_run_directly_imports_the_project(tmp_path: Path) -> None:
    ran = await _command_run(tmp_path, ("importable",))
    assert ran.ok and ran.output is not None and "calc ok" in ran.output, ran.output


async def test_without_the_lever_the_project_is_not_importable(tmp_path: Path) -> None:
    ran = await _command_run(tmp_path, ())
    assert not ran.ok and ran.output is not None and "ModuleNotFoundError: No module named 'calc'" in ran.output


def test_the_top_level_goes_first_and_the_persons_path_is_kept(tmp_path: Path) -> None:
    outer = os.pathsep.join(["/opt/lib", str(tmp_path), "", "/srv/py"])
    assert importable_env(tmp_path, {"PYTHONPATH": outer}) == {
        "PYTHONPATH": os.pathsep.join([str(tmp_path), "/opt/lib", "/srv/py"])}
    assert importable_env(tmp_path, {}) == {"PYTHONPATH": str(tmp_path)}
