"""`smallops bench --parallel N`: N runs at once against one server that keeps connections alive,
each with its own fresh workspace, record and log; wall caps that exclude waiting for a slot; and
an interrupted bench that resumes from its results file."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from smallops_tui.agent.history.replay import Replay
from smallops_tui.backends import OllamaBackend
from smallops_tui.bench.harness import BenchSetup, load_tasks
from smallops_tui.lever_names import BENCH_LEVERS, LEVERS, parse_levers
from smallops_tui.bench.parallel import run_bench
from smallops_tui.bench.report import read_records
from smallops_tui.cli import main

from ..replay_server import ReplayServer
from ..streams import turn

MODEL = "qwen2.5-coder:1.5b"
READY = {"action": "done", "summary": "READY"}


def _setup(backend: OllamaBackend, url: str, wall_cap: float = 30.0, model: str = MODEL) -> BenchSetup:
    return BenchSetup(backend, "ollama", url, model, {"digest": "abc"}, policy="approve-all", step_cap=3,
                      wall_cap=wall_cap, options={"temperature": 0.0, "seed": 0})


async def test_n_runs_stream_at_once_each_in_its_own_workspace_with_its_own_log(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    async with ReplayServer({"/api/chat": [turn(READY)]}, hold_until=3) as server:
        async with OllamaBackend(server.url, MODEL) as backend:
            records = await run_bench(load_tasks(["t1-ready"]), _setup(backend, server.url), 6, out, tmp_path / "logs",
                                      parallel=3)
    assert server.most_in_flight == 3  # three streams at once, never more than asked for
    assert server.connections_opened >= 3
    assert sorted(r["run"] for r in records) == [1, 2, 3, 4, 5, 6]
    assert all(r["status"] == "passed" for r in records), [r["check"] for r in records]
    assert read_records(out) == records  # one whole line per run, none interleaved
    logs = [Path(r["log"]) for r in records]
    assert len(set(logs)) == 6
    workspaces = {Replay.load(log).header.workspace for log in logs}
    assert len(workspaces) == 6  # a fresh copy of the repository each


async def test_a_runs_wall_cap_excludes_the_time_it_waited_for_a_slot(tmp_path: Path) -> None:
    # Each run streams for at least 0.6 s (4 pieces, 0.15 s apart), two at a time: the last runs
    # wait over 2.4 s for a slot, longer than the 2.5 s cap minus their own time.
    slow = turn(READY, delay=0.15, split="lines")
    async with ReplayServer({"/api/chat": [slow]}) as server:
        async with OllamaBackend(server.url, MODEL) as backend:
            records = await run_bench(load_tasks(["t1-ready"]), _setup(backend, server.url, wall_cap=2.5), 10,
                                      tmp_path / "out.jsonl", tmp_path / "logs", parallel=2)
    assert sum(r["seconds"] for r in records) / 2 > 2.5  # the bench as a whole outlasted one cap
    assert [r["status"] for r in records] == ["passed"] * 10, [r["inconclusive_reason"] for r in records]


async def test_an_interrupted_bench_resumes_and_skips_what_is_recorded(tmp_path: Path) -> None:
    out, tasks = tmp_path / "out.jsonl", load_tasks(["t1-ready"])
    # First attempt: run 1 finishes, run 2's reply stalls, and the bench is interrupted.
    stall = turn(READY, split="lines", stall_after=10)
    async with ReplayServer({"/api/chat": [turn(READY), stall]}) as server:
        async with OllamaBackend(server.url, MODEL) as backend:
            bench = asyncio.ensure_future(run_bench(tasks, _setup(backend, server.url), 3, out, tmp_path / "logs"))
            for _ in range(500):
                if out.exists() and out.read_text().count("\n") == 1 and len(server.requests) == 2:
                    break
                await asyncio.sleep(0.02)
            bench.cancel()
            with pytest.raises(asyncio.CancelledError):
                await bench
    assert [r["run"] for r in read_records(out)] == [1]  # the run in flight left no record
    # Rerun: runs 2 and 3 are made, run 1 is not.
    async with ReplayServer({"/api/chat": [turn(READY)]}) as server:
        async with OllamaBackend(server.url, MODEL) as backend:
            made = await run_bench(tasks, _setup(backend, server.url), 3, out, tmp_path / "logs")
            assert sorted(r["run"] for r in made) == [2, 3] and len(server.requests) == 2
            again = await run_bench(tasks, _setup(backend, server.url), 3, out, tmp_path / "logs")
            assert again == [] and len(server.requests) == 2
            # Another setup in the same file is not the same run.
            other = await run_bench(tasks, _setup(backend, server.url, model="other:1b"), 1, out, tmp_path / "logs")
            assert len(other) == 1
    assert sorted((r["model"], r["run"]) for r in read_records(out)) == \
        [("other:1b", 1), (MODEL, 1), (MODEL, 2), (MODEL, 3)]


def test_parallel_through_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from ..replay_server import Reply, ThreadedReplayServer

    monkeypatch.setenv("SMALLOPS_DATA_DIR", str(tmp_path / "data"))
    routes = {"/api/version": [Reply("ollama_version.json")], "/api/tags": [Reply("ollama_tags.json")],
              "/api/show": [Reply("ollama_show_llama.json")], "/api/ps": [Reply("ollama_version.json")],
              "/api/chat": [turn(READY)]}
    out = tmp_path / "out.jsonl"
    with ThreadedReplayServer(routes) as server:
        args = ["bench", "--backend", "ollama", "--url", server.url, "--tasks", "t1-ready", "--runs", "4",
                "--parallel", "2", "--policy", "approve-all", "--out", str(out)]
        assert main(args) == 0
        assert len(read_records(out)) == 4
        assert main(args) == 0
        assert "nothing to run: every run asked for is already in" in capsys.readouterr().out
    for record in read_records(out):  # the defaults: temperature 0, seed 0, the default levers, the cap sized to the task
        assert record["serving"]["options"] == {"temperature": 0.0, "seed": 0, "num_predict": 160}
        assert record["serving"]["levers"] == list(parse_levers(BENCH_LEVERS))
        assert "plan" not in record["serving"]["levers_in_force"]  # Ollama's grammar cannot allow it


@pytest.mark.parametrize(("args", "code", "sentence"), [
    (["--parallel", "0"], 2, "--parallel must be at least 1, not 0"),
    (["--seed", "x"], 2, "--seed takes a whole number or none, not 'x'"),
    (["--levers", "tree,magic"], 2, f"unknown lever magic; levers: {', '.join(LEVERS)}, default, all, none"),
    (["--parallel", "2", "--backend", "embedded"], 1, "the embedded model generates one reply at a time"),
])
def test_bad_bench_options_are_one_sentence(args: list[str], code: int, sentence: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--out", str(tmp_path / "out.jsonl"), *args]) == code
    err = capsys.readouterr().err
    assert sentence in err and "Traceback" not in err


def test_an_out_file_that_is_not_bench_results_is_refused_before_anything_runs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "notes.jsonl"
    junk.write_text("my notes\n")
    assert main(["bench", "--backend", "ollama", "--url", "http://127.0.0.1:9", "--out", str(junk)]) == 2
    assert "line 1 is not a bench record" in capsys.readouterr().err
    assert junk.read_text() == "my notes\n"


def test_records_are_whole_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps({"task": "t1-ready", "status": "passed"}) + "\n")
    assert read_records(path)[0]["task"] == "t1-ready"
