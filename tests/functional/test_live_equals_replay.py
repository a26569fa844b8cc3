"""A replayed step is the screen the person saw: the three fixture sessions are run live through
the app (the scripts that made fixtures/sessions/), the screen is read at the end of every step,
and the replay of the log the run wrote must show the same at every step — the conversation, the
proposed-action pane (risk, rules, flags, decisions, outcomes, the end) and every row of the diff.

Both views fold the same events through the same renderer, so this holds by construction; the
test is what keeps it so."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from smallops_tui.agent.history.replay import Replay
from smallops_tui.ui.screens.live import LiveScreen

from ..make_session_fixtures import SESSIONS, record
from ..apps import replay_app
from ..typed import replay_screen


@dataclass(frozen=True)
class Screen:
    conversation: tuple[str, ...]
    proposal: str
    diff: tuple[str, ...]


def read_screen(app: Any) -> Screen:
    panes = app.main.panes
    return Screen(tuple(panes.conversation_texts()), panes.proposal_text.plain, tuple(panes.diff.plain_rows()))


class RecordingScreen(LiveScreen):
    """The live app, reading its own screen at the end of every step (just before the next starts)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.at_step_end: dict[int, Screen] = {}
        self._step = 0

    def on_session_event(self, event: Any) -> None:
        if event.type == "turn_started" and event.step != self._step:
            if self._step:
                self.at_step_end[self._step] = read_screen(self.app)
            self._step = event.step
        super().on_session_event(event)
        if event.type == "session_ended":
            self.at_step_end[event.step] = read_screen(self.app)


@pytest.mark.parametrize("name", sorted(SESSIONS))
async def test_every_step_of_the_replay_is_the_screen_the_person_saw(name: str, tmp_path: Path) -> None:
    task, script = SESSIONS[name]
    log = tmp_path / f"{name}.jsonl"
    live = await record(name, task, script, log, screen_class=RecordingScreen)
    assert isinstance(live, RecordingScreen)
    replay = Replay.load(log)
    assert sorted(live.at_step_end) == [step.number for step in replay.steps]
    await assert_replay_shows_what_was_seen(replay, live)
    # Not vacuous: the screens hold what the session was about.
    final = live.at_step_end[replay.steps[-1].number]
    assert "SESSION ENDED" in final.proposal and any("step 1" in item for item in final.conversation)
    assert any(screen.diff for screen in live.at_step_end.values())


async def assert_replay_shows_what_was_seen(replay: Replay, live: RecordingScreen) -> None:
    """Every step of `replay`, replayed, is the screen `live` recorded at that step's end."""
    app = replay_app(replay)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for index, step in enumerate(replay.steps, start=1):
            replay_screen(app).goto(index)
            replayed, seen = read_screen(app), live.at_step_end[step.number]
            assert replayed.proposal == seen.proposal, f"step {step.number}: the proposed-action pane differs"
            assert replayed.diff == seen.diff, f"step {step.number}: the diff differs"
            assert replayed.conversation == seen.conversation, f"step {step.number}: the conversation differs"
