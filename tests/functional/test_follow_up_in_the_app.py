"""The next task in the app (Pilot, against the replaying server): once a task has ended the
bar offers `c: next task`; the task typed there goes on in the same session (the model is sent
the conversation so far), the screen says where it began, and a task the person leaves (escape)
leaves the session ended, ready to quit."""

from __future__ import annotations

import json
from typing import cast

from smallops_tui.agent import read_log
from smallops_tui.agent.log.events import TaskStarted
from smallops_tui.ui.screens.live import LiveScreen
from smallops_tui.ui.screens.dialogs import TaskScreen

from ..harness import run_app
from ..streams import turn
from ..waiting import wait_for

FIXED = "def add(a, b):\n    return a + b\n\n\nprint(add(2, 3))\n"


async def test_after_done_the_next_task_goes_on_with_the_conversation(workspace, tmp_path) -> None:
    turns = [turn({"action": "write_file", "path": "main.py", "content": FIXED}),
             turn({"action": "done", "summary": "fixed add"}),
             turn({"action": "done", "summary": "nothing else to do"})]
    async with run_app(turns, workspace, tmp_path) as h:
        live = cast(LiveScreen, h.app.main)
        await h.approve(1)
        await h.confirm_if_high()
        await h.approve(2)
        await h.ended()
        assert "next task" in live.approval.text and not isinstance(h.app.screen, TaskScreen)
        await h.pilot.press("c")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, TaskScreen), "the task input")
        await h.pilot.press(*"now check it")
        await h.pilot.press("enter")
        await wait_for(h.pilot, lambda: live.rendered_proposals >= 3 and live.awaiting_decision, "the third proposal")
        assert h.app.outcome is None  # the session is under way again
        texts = live.panes.conversation_texts() if live.panes is not None else []
        assert any("Task 2: now check it" in text for text in texts)
        await wait_for(h.pilot, lambda: live.armed, "arming")
        await h.pilot.press("y")
        await h.ended()
        sent = [m["content"] for m in h.request(2)["messages"]]
    assert FIXED in json.loads(sent[2])["content"] and json.loads(sent[4])["summary"] == "fixed add"
    assert sent[-1].startswith("New task: now check it")
    events = read_log(tmp_path / "log.jsonl").events
    assert [(e.step, e.task) for e in events if isinstance(e, TaskStarted)] == [(3, "now check it")]
    assert [e.type for e in events].count("session_ended") == 2


async def test_escape_leaves_the_ended_session_as_it_was(workspace, tmp_path) -> None:
    async with run_app([turn({"action": "done", "summary": "nothing to do"})], workspace, tmp_path) as h:
        live = cast(LiveScreen, h.app.main)
        await h.approve(1)
        await h.ended()
        await h.pilot.press("c")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, TaskScreen), "the task input")
        await h.pilot.press("escape")
        await wait_for(h.pilot, lambda: not isinstance(h.app.screen, TaskScreen), "the input gone")
        assert h.app.outcome is not None and live.check_action("next_task", ())
        assert len(h.server.requests) == 1
