"""The person's keys (Pilot, against the replaying server; and the check that runs before the app
starts): every binding has an id; `[keymap]` moves a binding to other keys, which then work while
the old ones do nothing; the footer, the help, the palette and the approval bar say the new keys;
a conflict, a key kept for scrolling or the palette, a key that is no key, an unknown name, and a
deciding key on Enter or space are each refused with one sentence."""

from __future__ import annotations

import pytest

from smallops_tui.agent.history.replay import Replay
from smallops_tui.ui.widgets.approval import Approval
from smallops_tui.ui.keymap import SAFETY_IDS, binding_groups, keymap_refusal
from smallops_tui.ui.screens.dialogs import HelpScreen

from ..harness import run_app
from ..streams import turn
from ..waiting import wait_for
from .test_widths import footer_text
from ..apps import replay_app
from smallops_tui.agent.log.events import Decision
from ..typed import live_screen, replay_screen

LIST = {"action": "list_dir", "path": "."}
DONE = {"action": "done", "summary": "looked"}
KEYMAP = {"approve": "ctrl+y", "reject": "x", "help": "f1"}


def test_every_binding_has_an_id() -> None:
    for where, bindings in binding_groups().items():
        assert all(binding.id for binding in bindings), where


async def test_a_remapped_key_works_and_every_place_says_it(workspace, tmp_path) -> None:
    async with run_app([turn(LIST), turn(DONE)], workspace, tmp_path, keymap=KEYMAP) as h:
        await h.proposal(1)
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await wait_for(h.pilot, lambda: "^y approve" in footer_text(h.app), "the footer with the person's key")
        footer = footer_text(h.app)
        assert "x reject" in footer and "f1 help" in footer and "y approve" not in footer.replace("^y", "")
        assert h.app.query_one(Approval).text.startswith("ctrl+y: approve   x: reject   e: edit   s: stop")
        await h.pilot.press("y", "n")  # the old keys: nothing
        assert live_screen(h.app).awaiting_decision and not h.events(Decision)
        rows = {meaning: keys for keys, meaning in live_screen(h.app).help_rows()}
        assert rows[next(m for m in rows if m.startswith("approve"))] == "^y"
        assert rows["this help"] == "f1"
        palette = {c.title: c.help for c in h.app.get_system_commands(h.app.screen)}
        assert palette["Approve"].endswith("— key ^y") and palette["Reject"].endswith("— key x")
        await h.pilot.press("question_mark")
        assert not isinstance(h.app.screen, HelpScreen)
        await h.pilot.press("f1")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, HelpScreen), "the help, on f1")
        await h.pilot.press("escape")
        await h.pilot.press("ctrl+y")
        await wait_for(h.pilot, lambda: h.events(Decision), "the approval, on ctrl+y")
        assert h.events(Decision)[0].decision == "approve"


async def test_a_replay_takes_the_same_keymap(tmp_path) -> None:
    from ..conftest import SESSIONS

    app = replay_app(Replay.load(SESSIONS / "fix-add-clean.jsonl"), keymap={"next-step": "j", "help": "f1"})
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: replay_screen(app).current == 1, "the first step")
        await pilot.press("j")
        await wait_for(pilot, lambda: replay_screen(app).current == 2, "the second step, on j")
        assert dict((meaning, keys) for keys, meaning in replay_screen(app).help_rows())["next step"] == "j"
        await pilot.press("right")  # the old keys: nothing
        assert replay_screen(app).current == 2


@pytest.mark.parametrize("name", SAFETY_IDS)
@pytest.mark.parametrize("keys", ["enter", "space", "f5,enter", "ctrl+m", "ctrl+j"])
def test_a_deciding_key_never_sits_on_enter_or_space(name, keys) -> None:
    refusal = keymap_refusal({name: keys})
    assert refusal is not None and refusal.startswith(f"keymap.{name} = {keys!r}: {name} never sits on ")
    assert refusal.endswith("a key pressed by accident; choose another key")


@pytest.mark.parametrize("keymap, sentence", [
    ({"approve": "r"}, "keymap.approve: 'r' would do two things in the live session (approve and retry); "
                       "give one of them another key"),
    ({"approve": "ctrl+y", "reject": "ctrl+y"}, "keymap.reject: 'ctrl+y' would do two things in the live session "
                                                "(approve and reject); give one of them another key"),
    ({"next-step": "f"}, "keymap.next-step: 'f' would do two things in the replay (next-step and fork); "
                         "give one of them another key"),
    ({"approve": "up"}, "keymap.approve: 'up' is kept for scrolling; choose another key"),
    ({"message": "ctrl+p"}, "keymap.message: 'ctrl+p' is kept for the command palette; choose another key"),
    ({"aprove": "y"}, "keymap: no key is called 'aprove'; the names are: approve, reject,"),
    ({"approve": "ctlr+y"}, "keymap.approve = 'ctlr+y': 'ctlr+y' is not a key"),
    ({"approve": ""}, "keymap.approve = '': give keys such as"),
    ({"approve": "ctrl y"}, "keymap.approve = 'ctrl y': give keys such as"),
], ids=["onto another key", "two onto one", "replay", "scrolling", "palette", "unknown name", "typo", "empty",
        "a space"])
def test_a_keymap_that_cannot_work_is_refused_in_one_sentence(keymap, sentence) -> None:
    refusal = keymap_refusal(keymap)
    assert refusal is not None and refusal.startswith(sentence), refusal
    assert "\n" not in refusal


def test_a_keymap_that_can_work_is_taken() -> None:
    assert keymap_refusal({}) is None
    assert keymap_refusal({"approve": "ctrl+y,f5", "reject": "x", "help": "f1", "play": "p", "next-step": "j"}) is None
    assert keymap_refusal({"approve": "n", "reject": "y"}) is None  # a swap: each key still does one thing
    assert keymap_refusal({"back": "ctrl+g"}) is None  # the dialogs' escape
