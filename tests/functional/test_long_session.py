"""A long session stays light (issue 33): what the screen keeps is what it shows. Counted, not
timed: benchmarks/bench_long_session.py measures the memory and the latency."""

from __future__ import annotations

import gc

from textual.widgets._footer import FooterKey

from smallops_tui.agent.history.replay import Replay
from smallops_tui.ui.widgets.footer import FittingFooter

from ..apps import replay_app
from ..conftest import SESSIONS


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
