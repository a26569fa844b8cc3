"""One task run through `smallops bench`'s own harness against a scripted model (the replay server
speaking Ollama): the record it writes and the requests the model was sent. Shared by the tests
of the checks at done that need a whole session."""

from __future__ import annotations

import json
from pathlib import Path

from .replay_server import ReplayServer, Reply


async def bench_task(tmp_path: Path, files: dict[str, str], prompt: str, check: str, turns: list[Reply],
                     levers: tuple[str, ...] = ()) -> tuple[dict, list[dict]]:
    """Run the task (`files` its starting repo) with `turns` as the model's replies, under approve-all,
    one step a turn; (the bench record, the JSON bodies of the requests)."""
    from smallops_tui.backends import OllamaBackend
    from smallops_tui.bench.harness import BenchSetup, load_tasks
    from smallops_tui.bench.parallel import run_bench

    task = tmp_path / "tasks" / "job"
    for rel, text in files.items():
        (task / "repo" / rel).parent.mkdir(parents=True, exist_ok=True)
        (task / "repo" / rel).write_text(text)
    (task / "prompt.txt").write_text(prompt)
    (task / "check.py").write_text(check)
    async with ReplayServer({"/api/chat": turns}) as server:
        async with OllamaBackend(server.url, "m") as backend:
            setup = BenchSetup(backend, "ollama", server.url, "m", {}, policy="approve-all", step_cap=len(turns),
                               wall_cap=60, levers=levers, options={"temperature": 0.0, "seed": 0})
            [record] = await run_bench(load_tasks(None, task.parent), setup, 1, tmp_path / "out.jsonl",
                                       tmp_path / "logs")
        requests = [json.loads(seen.body) for seen in server.requests]
    return record, requests
