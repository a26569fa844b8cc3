"""A running command in the TUI: esc cancels it, s stops the session, nothing it started
survives, the pane never offers `y` while it runs, and the status bar names the sandbox."""

from __future__ import annotations

import asyncio

from smallops_tui.agent.session.loop import SessionConfig
from smallops_tui.agent.sandbox.confine import resolve_sandbox
from smallops_tui.backends import OllamaBackend
from smallops_tui.ui.widgets.conversation import Conversation
from smallops_tui.ui.widgets.status import StatusBar
from textual.widgets import Static

from ..processes import gone, wait_for_pids
from ..replay_server import ReplayServer
from ..streams import turn
from ..harness import CHAT, run_app
from ..waiting import wait_for
from ..apps import live_app
from smallops_tui.agent.log.events import Executed, FeedbackSent
from ..typed import live_screen, outcome_of, proposal_of, proposal_text_of, session_of

SLOW = "echo started; sleep 300 & echo $! > bg.pid; echo $$ > shell.pid; sleep 300"  # MEDIUM: one y


async def test_esc_cancels_a_running_command_and_the_model_hears_why(workspace, tmp_path) -> None:
    turns = [turn({"action": "run_command", "command": SLOW}), turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.approve(1)
        pids = await asyncio.to_thread(wait_for_pids, workspace.root, "shell.pid", "bg.pid")
        await wait_for(h.pilot, lambda: session_of(h.app).controls.command_running, "the command to run")
        shown = proposal_text_of(h.app).plain
        assert "running" in shown and "esc: cancel the command" in live_screen(h.app).approval.text
        assert "y: approve" not in shown + live_screen(h.app).approval.text
        assert not h.app.main.check_action("approve", ()) and h.app.main.check_action("cancel_generation", ())
        await h.pilot.press("escape")
        # (what the model is sent follows the command's end once the workspace is stamped again)
        await wait_for(h.pilot, lambda: h.events(FeedbackSent), "the command to end and the model to hear of it")
        for pid in pids:
            gone(pid)
        executed = h.events(Executed)[0]
        assert not executed.ok and "cancelled by the person" in executed.summary
        assert "cancelled by the person" in h.events(FeedbackSent)[0].text
        assert "started" in h.events(FeedbackSent)[0].text  # the output so far reaches the model
        await h.proposal(2)  # the session goes on


async def test_s_during_a_running_command_stops_the_session_at_once(workspace, tmp_path) -> None:
    async with run_app([turn({"action": "run_command", "command": SLOW})], workspace, tmp_path) as h:
        await h.approve(1)
        pids = await asyncio.to_thread(wait_for_pids, workspace.root, "shell.pid", "bg.pid")
        await wait_for(h.pilot, lambda: session_of(h.app).controls.command_running, "the command to run")
        await h.pilot.press("s")
        await h.ended()
        assert outcome_of(h.app).status == "stopped" and len(h.server.requests) == 1
        for pid in pids:
            gone(pid)


async def test_the_status_bar_names_the_sandbox_in_force(workspace, tmp_path) -> None:
    async with run_app([turn({"action": "list_dir", "path": "."})], workspace, tmp_path) as h:
        await h.proposal(1)
        shown = str(h.app.query_one(StatusBar).render())  # its bounds may give way at 120 columns
        assert resolve_sandbox("auto").label(bounds=False) in shown
        assert h.app.query_one(StatusBar).fields["sandbox"][0] == resolve_sandbox("auto").label()


async def test_without_a_sandbox_the_app_says_so_and_commands_count_one_level_higher(workspace, tmp_path) -> None:
    async with ReplayServer({CHAT: [turn({"action": "run_command", "command": "ls"})]}) as server:
        backend = OllamaBackend(server.url, "test-model")
        app = live_app(backend, workspace, SessionConfig(task="look around", sandbox="off"), log_path=None)
        async with app.run_test(size=(160, 40)) as pilot:
            await wait_for(pilot, lambda: live_screen(app).rendered_proposals >= 1, "the proposal")
            assert "NO SANDBOX" in str(app.query_one(StatusBar).render())
            assert live_screen(app).proposal is not None and (verdict := proposal_of(app).verdict) is not None
            assert verdict.level == "MEDIUM" and verdict.rules[0] == "shell.no_sandbox"
            notes = " ".join(str(static.render()) for static in app.query_one(Conversation).query(Static))
            assert "commands run unconfined" in notes
        await backend.aclose()
