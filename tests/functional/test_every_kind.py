"""Every registered action kind through every front end but ACP (tests/acceptance/test_acp_kinds.py):
the app (proposed, shown, approved, run, and its replay the screen the person saw), the export
(Markdown and HTML), and the bench. Parametrized from the registry: a new kind is covered here
by its `example` alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from smallops_tui.agent import ScriptedPolicy, Session, SessionConfig
from smallops_tui.agent.history.replay import Replay
from smallops_tui.agent.log.events import Executed
from smallops_tui.agent.reply.kinds import ActionKind, Done
from smallops_tui.backends import OllamaBackend
from smallops_tui.bench.harness import BenchSetup
from smallops_tui.bench.parallel import run_bench
from smallops_tui.bench.tasks import load_tasks
from smallops_tui.transcript import export_html, export_markdown

from ..every_kind import KIND_PARAMS, example_workspace, replies_of, vocabulary_of
from ..harness import run_app
from ..replay_server import ReplayServer
from ..streams import turn
from .test_live_equals_replay import RecordingScreen, assert_replay_shows_what_was_seen


def turns_of(kind: type[ActionKind]) -> list:
    return [turn(reply) for reply in replies_of(kind)]


def assert_ran(replay: Replay, kind: type[ActionKind]) -> None:
    """The kind was proposed at step 1 and, approved, ran (or, for `done`, ended the session done)."""
    first = replay.steps[0]
    assert first.action == kind.NAME
    if kind is Done:
        assert first.outcome == "done"
    else:
        executed = first.of(Executed)
        assert [(e.action, e.ok) for e in executed] == [(kind.NAME, True)], executed
    assert replay.outcome == "done"


@pytest.mark.parametrize("kind", KIND_PARAMS)
async def test_in_the_app_every_kind_is_shown_run_and_replayed_as_seen(kind: type[ActionKind], tmp_path: Path) -> None:
    workspace = example_workspace(tmp_path / "ws")
    async with run_app(turns_of(kind), workspace, tmp_path, vocabulary=vocabulary_of(kind),
                       screen_class=RecordingScreen) as h:
        for n in range(1, len(replies_of(kind)) + 1):
            await h.approve(n)
            await h.confirm_if_high()
        await h.ended()
        live = h.app.live
    assert isinstance(live, RecordingScreen)
    assert f"· {kind.NAME}" in live.at_step_end[1].proposal
    replay = Replay.load(tmp_path / "log.jsonl")
    assert_ran(replay, kind)
    await assert_replay_shows_what_was_seen(replay, live)


@pytest.mark.parametrize("kind", KIND_PARAMS)
async def test_the_export_tells_every_kind(kind: type[ActionKind], tmp_path: Path) -> None:
    log = tmp_path / "session.jsonl"
    async with ReplayServer({"/api/chat": turns_of(kind)}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, example_workspace(tmp_path / "ws"), SessionConfig(task="follow the example",
                              vocabulary=vocabulary_of(kind)), ScriptedPolicy("approve-all"), log)
            await session.run()
    replay = Replay.load(log)
    assert_ran(replay, kind)
    markdown, html = export_markdown(replay), export_html(replay)
    assert f"`{kind.NAME}`" in markdown and f"<code>{kind.NAME}</code>" in html
    outcome = next((e.summary for e in replay.steps[0].of(Executed)), None)
    if outcome is not None:  # what it did is told too
        assert outcome in markdown


@pytest.mark.parametrize("kind", KIND_PARAMS)
async def test_the_bench_runs_every_kind(kind: type[ActionKind], tmp_path: Path) -> None:
    task = tmp_path / "tasks" / "follow-the-example"
    example_workspace(task / "repo")
    (task / "prompt.txt").write_text("Follow the example.\n")
    (task / "check.py").write_text(
        "def check(root, original, summary):\n"
        "    return summary is not None, 'claimed done'\n")
    async with ReplayServer({"/api/chat": turns_of(kind)}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            setup = BenchSetup(backend, "ollama", server.url, "test", {}, policy="approve-all", step_cap=4,
                               wall_cap=60.0, vocabulary=vocabulary_of(kind), tasks_dir=str(tmp_path / "tasks"))
            [record] = await run_bench(load_tasks(directory=tmp_path / "tasks"), setup, 1, tmp_path / "out.jsonl",
                                       tmp_path / "logs")
    assert record["status"] == "passed", json.dumps(record)
    assert record["steps"] == len(replies_of(kind)) and record["parse_failures"] == {}
    assert record["serving"]["vocabulary"] == vocabulary_of(kind)
    assert_ran(Replay.load(record["log"]), kind)
