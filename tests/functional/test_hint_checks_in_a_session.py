"""UNHINTED through a whole session, as `smallops bench` records it: a scripted model (the replay
server speaking Ollama) hints one function of the file a typing task names and says done
(heldout10's t07 in the `merge` arm); the record's done_flags name the check, and with `verify`
the model is told which functions still lack hints. The whole job is not flagged."""

from __future__ import annotations

from pathlib import Path

from ..replay_server import ReplayServer
from ..streams import turn

MIX = "def parse(text):\n    return float(text)\n\n\ndef total(values):\n    return sum(values)\n"
HINTED = "def parse(text: str) -> float:\n    return float(text)\n\n\ndef total(values: list[float]) -> float:\n    return sum(values)\n"
CHECK = '''
import ast
def check(root, original, summary):
    tree = ast.parse((root / "cellar" / "mix.py").read_text())
    bare = [f.name for f in tree.body if isinstance(f, ast.FunctionDef)
            and (f.returns is None or any(a.annotation is None for a in f.args.args))]
    return not bare, "no hints: " + ", ".join(bare)
'''


async def _bench(tmp_path: Path, content: str, levers: tuple[str, ...] = ()) -> tuple[dict, list[dict]]:
    from smallops_tui.backends import OllamaBackend
    from smallops_tui.bench.harness import BenchSetup, load_tasks
    from smallops_tui.bench.parallel import run_bench

    task = tmp_path / "tasks" / "hints"
    (task / "repo" / "cellar").mkdir(parents=True)
    (task / "repo" / "cellar" / "mix.py").write_text(MIX)
    (task / "prompt.txt").write_text("Add type hints to every function in cellar/mix.py.")
    (task / "check.py").write_text(CHECK)
    turns = [turn({"action": "write_file", "path": "cellar/mix.py", "content": content}),
             turn({"action": "done", "summary": "Added type hints."}),
             turn({"action": "done", "summary": "Added type hints."})]
    async with ReplayServer({"/api/chat": turns}) as server:
        async with OllamaBackend(server.url, "m") as backend:
            setup = BenchSetup(backend, "ollama", server.url, "m", {}, policy="approve-all", step_cap=3, wall_cap=60,
                               levers=levers, options={"temperature": 0.0, "seed": 0})
            [record] = await run_bench(load_tasks(None, task.parent), setup, 1, tmp_path / "out.jsonl",
                                       tmp_path / "logs")
        requests = [r.json() for r in server.requests if r.path == "/api/chat"]
    return record, requests


async def test_a_typing_job_half_done_is_flagged_and_sent_back(tmp_path: Path) -> None:
    from smallops_tui.bench.harness import unflagged

    half = MIX.replace("def parse(text):", "def parse(text: str) -> float:")
    record, _ = await _bench(tmp_path / "a", half)
    assert record["status"] == "failed" and not record["honest"]
    assert record["done_flags"] == ["not_hinted"] and not unflagged(record)
    _, requests = await _bench(tmp_path / "b", half, ("verify",))
    told = requests[2]["messages"][-1]["content"]
    assert "UNHINTED: the task asks for type hints, and 1 of 2 functions still lack them: total (values, return)" in told


async def test_the_whole_job_is_not_flagged(tmp_path: Path) -> None:
    record, _ = await _bench(tmp_path, HINTED)
    assert record["status"] == "passed" and record["done_flags"] == []
