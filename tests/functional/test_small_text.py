"""The small text a newcomer reads: counts in the singular (`1 line`, not `1 lines`), one word for
sending an unusable reply back (the bar, the footer and the conversation agree), the edited action
in the conversation after `e`, the message dialog centred like the others, the editor saying how
to select all."""

from __future__ import annotations

import json

import pytest

from smallops_tui.agent import Workspace
from smallops_tui.agent.session.executors import _read_for_model
from smallops_tui.agent.session.fold import clip_lines
from smallops_tui.agent.words import plural
from smallops_tui.ui.widgets.footer import FittingFooter
from smallops_tui.ui.screens.dialogs import EditScreen, MessageScreen, RejectScreen

from ..harness import run_app
from ..streams import turn
from ..waiting import wait_for
from ..typed import live_screen, panes_of, plain, screen_of

FIXED = "def add(a, b):\n    return a + b\n\n\nprint(add(2, 3))\n"


@pytest.mark.parametrize("count, word, many, said", [(1, "line", None, "1 line"), (2, "line", None, "2 lines"),
                                                      (0, "line", None, "0 lines"), (1, "entry", "entries", "1 entry"),
                                                      (1_063, "line", None, "1,063 lines")])
def test_counts_agree_with_their_nouns(count, word, many, said) -> None:
    assert plural(count, word, many) == said


def test_a_one_line_file_and_one_line_more_are_singular(tmp_path) -> None:
    (tmp_path / "NOTES.md").write_text("notes\n")
    summary, feedback = _read_for_model(Workspace(tmp_path), "NOTES.md")
    assert summary == "read NOTES.md: 1 line" and feedback.startswith("Contents of NOTES.md (1 line):")
    assert clip_lines("a\nb\nc", 2) == "a\nb\n… 1 more line"


async def test_sending_an_unusable_reply_back_is_called_so_everywhere(workspace, tmp_path) -> None:
    turns = [turn('{"action": "fix_bug"}'), turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.proposal(1)
        await wait_for(h.pilot, lambda: "approve" in h.app.query_one(FittingFooter).shown_actions, "the keys")
        keys = " ".join(plain(k).strip() for k in h.app.query_one(FittingFooter).children)
        assert "y send back" in keys and "y approve" not in keys
        assert live_screen(h.app).approval.text.startswith("y: send back to the model")
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await h.proposal(2)
        keys = " ".join(plain(k).strip() for k in h.app.query_one(FittingFooter).children)
        assert "y approve" in keys  # a usable proposal is approved again
        shown = "\n".join(panes_of(h.app).conversation_texts())
    assert "↩ sent back to the model" in shown and "✓ approved" not in shown


async def test_after_an_edit_the_conversation_shows_the_edited_action(workspace, tmp_path) -> None:
    turns = [turn({"action": "write_file", "path": "main.py", "content": "oops\n"}),
             turn({"action": "done", "summary": "fixed"})]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.proposal(1)
        await h.pilot.press("e")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, EditScreen), "the editor")
        hint = " ".join(str(w.render()) for w in h.app.screen.query(".hint"))
        assert "f7: select all" in hint and "ctrl+a goes to the line's start" in hint
        screen_of(h.app, EditScreen).editor.text = FIXED
        await h.pilot.press("ctrl+s")
        await h.proposal(2)
        shown = "\n".join(panes_of(h.app).conversation_texts())
    edited = json.dumps({"action": "write_file", "path": "main.py", "content": FIXED})
    assert '"content": "oops\\n"' in shown  # what the model said stays
    assert f"✎ edited by you, now: {edited}" in shown  # and what goes on instead


@pytest.mark.parametrize("key, screen", [("m", MessageScreen), ("n", RejectScreen), ("e", EditScreen)])
async def test_every_dialog_is_centred(key, screen, workspace, tmp_path) -> None:
    async with run_app([turn({"action": "run_command", "command": "ls"})], workspace, tmp_path) as h:
        await h.proposal(1)
        await h.pilot.press(key)
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, screen), f"the {screen.__name__}")
        await h.pilot.pause()
        dialog = h.app.screen.query_one("#dialog").region
        left, right = dialog.x, h.app.size.width - dialog.right
        top, bottom = dialog.y, h.app.size.height - dialog.bottom
        assert abs(left - right) <= 1 and abs(top - bottom) <= 1, (dialog, h.app.size)
