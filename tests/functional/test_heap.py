"""The apps keep their long-lived objects out of the garbage collector's way while they run (a full
collection used to land in the middle of drawing a large diff), and give them back when they end."""

from __future__ import annotations

import gc

import pytest

from smallops_tui.agent.history.replay import Replay

from ..conftest import SESSIONS
from ..harness import run_app
from ..streams import turn
from ..waiting import wait_for
from ..apps import replay_app


async def test_the_live_app_freezes_its_heap_after_the_first_frame_and_thaws_it_when_it_ends(workspace,
                                                                                            tmp_path) -> None:
    gc.unfreeze()
    async with run_app([turn({"action": "list_dir", "path": "."})], workspace, tmp_path) as h:
        await h.proposal(1)
        assert gc.get_freeze_count() > 10_000  # Textual's widgets, styles and rules, at least
    assert gc.get_freeze_count() == 0


async def test_the_replay_freezes_and_thaws_too() -> None:
    gc.unfreeze()
    app = replay_app(Replay.load(SESSIONS / "fix-add-clean.jsonl"))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: gc.get_freeze_count() > 10_000, "the heap frozen")
    assert gc.get_freeze_count() == 0


@pytest.mark.parametrize("argv, code", [(["config", "path"], 0), (["bench", "report", "/nonexistent.jsonl"], 1)],
                         ids=["config path", "bench report (read before the parser)"])
def test_a_command_that_starts_no_app_turns_the_collector_back_on(argv: list[str], code: int, monkeypatch) -> None:
    """`smallops` holds the collector off while its modules load (smallops_tui/start.py)."""
    from smallops_tui import start

    monkeypatch.setattr("sys.argv", ["smallops", *argv])
    try:
        assert start.main() == code
        assert gc.isenabled()
    finally:
        gc.enable()


async def test_the_app_turns_the_collector_back_on_after_its_first_frame(workspace, tmp_path) -> None:
    gc.disable()  # as `smallops run` starts it
    try:
        async with run_app([turn({"action": "list_dir", "path": "."})], workspace, tmp_path) as h:
            await h.proposal(1)
            await wait_for(h.pilot, gc.isenabled, "the collector back on")
    finally:
        gc.enable()
