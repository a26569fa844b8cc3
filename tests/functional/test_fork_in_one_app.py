"""A fork from replay starts its live session in the same app and the same process: `f`, the
fork's dialog, and the live screen comes in front of the replay, its session forked from the
step shown, talking to the server chosen in the dialog (a real local server, port 0)."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Input

from smallops_tui.agent.history.replay import Replay
from smallops_tui.ui.screens.fork_dialog import ForkScreen
from smallops_tui.ui.screens.live import LiveScreen
from smallops_tui.ui.screens.replay import ReplayScreen

from ..acceptance.conftest import MODEL, ollama_routes
from ..apps import replay_app
from ..conftest import SESSIONS
from ..replay_server import ReplayServer
from ..streams import turn
from ..waiting import wait_for
from ..typed import panes_of


async def test_f_in_replay_forks_into_a_live_session_in_the_same_app(tmp_path: Path) -> None:
    lines = (SESSIONS / "fix-add-clean.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    header["workspace"] = str(tmp_path / "orig")  # gone: the log alone rebuilds it
    log = tmp_path / "fix-add-clean.jsonl"
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    async with ReplayServer(ollama_routes([turn({"action": "run_command", "command": "python3 main.py"})],
                                          loaded=True)) as server:
        app = replay_app(Replay.load(log))
        async with app.run_test(size=(120, 40)) as pilot:
            replay = app.main
            assert isinstance(replay, ReplayScreen)
            replay.goto(2)
            await pilot.press("f")
            await wait_for(pilot, lambda: isinstance(app.screen, ForkScreen), "the fork's dialog")
            app.screen.query_one("#backend", Input).value = "ollama"
            app.screen.query_one("#url", Input).value = server.url
            app.screen.query_one("#model", Input).value = MODEL
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.main, LiveScreen) and app.main.rendered_proposals >= 1,
                           "the fork's first proposal", seconds=120)
            live = app.main
            # The same app, still running, with the replay still below the live screen.
            assert isinstance(live, LiveScreen) and app.live is live and app.is_running and replay in app.screen_stack
            assert live.state.start.forked_from is not None and live.state.start.forked_from["step"] == 2
            assert live.workspace.root == tmp_path / "data" / "forks" / "orig-fork-step2"
            assert "return a + b" in (live.workspace.root / "main.py").read_text()  # step 2's fix
            assert live.session is not None and live.session.step == 3
            assert any("forked from" in text for text in panes_of(live).conversation_texts())
        chats = [request.json() for request in server.requests if request.path == "/api/chat"]
    assert len(chats) == 1 and chats[0]["model"] == MODEL and len(chats[0]["messages"]) == 6
