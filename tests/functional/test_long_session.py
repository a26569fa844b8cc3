"""A long session stays light (issue 33): what the screen keeps is what it shows. Counted, not
timed: benchmarks/bench_long_session.py measures the memory and the latency."""

from __future__ import annotations

import gc

import pytest
from textual.widgets._footer import FooterKey
from textual.widgets._toast import Toast, ToastRack

from smallops_tui.agent import Workspace
from smallops_tui.agent.history.replay import Replay
from smallops_tui.agent.session.fold import StepView
from smallops_tui.ui.app import MAX_TOASTS
from smallops_tui.ui.screens.live import LiveScreen
from smallops_tui.ui.screens.replay import ReplayScreen
from smallops_tui.ui.widgets.earlier_steps import KEEP_WHOLE
from smallops_tui.ui.widgets.footer import FittingFooter
from smallops_tui.ui.widgets.status import StatusBar
from smallops_tui.ui.widgets.turn_view import TurnView

from ..apps import replay_app
from ..conftest import SESSIONS
from ..harness import run_app
from ..streams import turn
from ..waiting import wait_for


async def test_the_footer_lets_go_of_the_keys_it_no_longer_shows() -> None:
    """The footer is composed again each time the usable keys change (several times a step);
    the keys it dropped must not stay alive (Textual's data_bind kept each one: 26 a step)."""
    app = replay_app(Replay.load(SESSIONS / "fix-add-clean.jsonl"))
    async with app.run_test(size=(120, 40)) as pilot:
        footer = app.screen.query_one(FittingFooter)
        for _ in range(20):
            await footer.recompose()
            await pilot.pause()
        shown = len(footer.query(FooterKey))
        gc.collect()
        alive = sum(isinstance(thing, FooterKey) for thing in gc.get_objects())
    assert shown > 5 and alive <= 2 * shown


async def test_old_steps_fold_into_one_line_each_and_open_from_the_log(tmp_path) -> None:
    """Past KEEP_WHOLE steps, each older step is a line of one widget (not a turn's widgets), the
    live fold lets go of it, and a click on its line reads it back whole from the log."""
    root = tmp_path / "ws"
    root.mkdir()
    reads = KEEP_WHOLE + 10
    for n in range(1, reads + 1):
        (root / f"n{n:03d}.txt").write_text(f"the text of note {n}\n")
    turns = [turn({"action": "read_file", "path": f"n{n:03d}.txt"}, thinking=f"I read note {n} next")
             for n in range(1, reads + 1)] + [turn({"action": "done", "summary": "read them all"})]
    async with run_app(turns, Workspace(root), tmp_path, approval_mode="auto-low",
                       config_options={"step_cap": 100}) as h:
        live = h.app.main
        assert isinstance(live, LiveScreen)
        await wait_for(h.pilot, lambda: live.awaiting_decision, "the done, which waits", seconds=240)
        assert live.panes is not None and live.state.fold is not None
        panes = live.panes
        earlier = panes.earlier
        assert earlier is not None and len(earlier.entries) == reads + 1 - KEEP_WHOLE
        # O(1) widgets per folded step: the turns shown whole, their lines, the preamble and one more.
        assert len(live.query(TurnView)) == KEEP_WHOLE == len(panes.step_widgets)
        mounted = len(panes.preamble_widgets) + 1 + sum(len(widgets) for widgets in panes.step_widgets)
        assert len(panes.conversation.children) == mounted
        assert [step.number for step in live.state.fold.steps] == list(range(reads + 2 - KEEP_WHOLE, reads + 2))
        first = earlier.texts()[0]
        assert first.startswith("▸ step 1 · LOW read_file n001.txt") and "auto-approved" in first
        assert earlier.rows()[1][2] == 1  # the line a click on row 1 opens
        earlier.toggle(1)
        await wait_for(h.pilot, lambda: isinstance(earlier.opened.get(1), StepView), "step 1 read back from the log")
        assert "I read note 1 next" in earlier.text and "the text of note 1" in earlier.text
        earlier.toggle(1)
        assert "I read note 1 next" not in earlier.text
        folded_live = earlier.texts()
    # The replay folds the same steps into the same lines, and unfolds them going back.
    replay = replay_app(Replay.load(tmp_path / "log.jsonl"))
    async with replay.run_test(size=(120, 40)) as pilot:
        screen = replay.main
        assert isinstance(screen, ReplayScreen) and screen.panes is not None
        screen.goto(reads + 1)
        await pilot.pause()
        assert screen.panes.earlier is not None and screen.panes.earlier.texts() == folded_live
        assert len(screen.query(TurnView)) == KEEP_WHOLE
        screen.goto(3)
        await pilot.pause()
        assert screen.panes.earlier.texts() == [] and len(screen.query(TurnView)) == 3
        screen.goto(KEEP_WHOLE + 2)
        await pilot.pause()
        assert screen.panes.earlier.texts() == folded_live[:2]
        assert [step.number for step in screen.panes.shown_steps] == list(range(3, KEEP_WHOLE + 3))


LONG_TASK = "fix the bug. " + "Here is some background the person pasted. " * 150  # ~1,700 tokens


@pytest.mark.parametrize("size", [(120, 40), (80, 40)])
async def test_an_alarm_is_said_once_and_no_notification_covers_the_proposal_or_the_keys(size, tmp_path) -> None:
    """Every request past the window is cut: the status bar says so at each step, the
    conversation and a toast once. However many notifications come, they stack over the
    conversation pane, never over the proposal (its risk badge), the approval bar, the status bar
    or the footer, at a wide and a narrow width."""
    root = tmp_path / "ws"
    root.mkdir()
    for n in range(1, 6):
        (root / f"n{n}.txt").write_text(f"note {n}\n")
    turns = [turn({"action": "read_file", "path": f"n{n}.txt"}, prompt_eval_count=1000) for n in range(1, 6)]
    turns.append(turn({"action": "run_command", "command": "rm -rf build"}, prompt_eval_count=1000))
    async with run_app(turns, Workspace(root), tmp_path, size=size, task=LONG_TASK, approval_mode="auto-low",
                       notifications=True,
                       config_options={"context_window": 1024, "context_source": "test"}) as h:
        live = h.app.main
        assert isinstance(live, LiveScreen)
        await wait_for(h.pilot, lambda: live.awaiting_decision, "the command, which waits")
        for n in range(6):
            h.app.notify(f"something else happened ({n})")
        await h.pilot.pause()
        rack = live.get_child_by_type(ToastRack)
        await wait_for(h.pilot, lambda: len(list(rack.walk_children(Toast))) == len(list(h.app._notifications)),
                       "the toasts")
        await h.pilot.pause()
        toasts = [live.find_widget(toast).visible_region for toast in rack.walk_children(Toast)]  # as drawn
        said = "\n".join(live.panes.conversation_texts()) if live.panes is not None else ""
        status = str(live.query_one(StatusBar).render())
        covered = {name: live.query_one(selector).region for name, selector in (
            ("proposal", "#proposal-pane"), ("approval bar", "#approval"), ("status bar", "StatusBar"),
            ("footer", "FittingFooter"))}
    assert said.count("did not see the whole conversation") == 1  # one line, when it began
    assert "TRUNCATED" in status
    assert 1 <= len(toasts) <= MAX_TOASTS and any(region.area for region in toasts)
    for region in toasts:
        for name, under in covered.items():
            assert not region.overlaps(under), f"a toast at {region} covers the {name} at {under}"
