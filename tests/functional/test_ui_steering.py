"""Steering through the app (Pilot, against the replaying server): `a` cycles the approval mode and
the status bar says which; `m` sends a message with the model's next turn; the command palette
switches the model. Each is in the log, and the replay and the export show it as the person saw it."""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandList, CommandPalette

import pytest

from smallops_tui.agent import read_log
from smallops_tui.transcript import export_html, export_markdown
from smallops_tui.agent.history.replay import Replay
from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.backends import OllamaBackend
from smallops_tui.backends.base import ModelInfo
from smallops_tui.ui.screens.dialogs import HelpScreen, MessageScreen
from smallops_tui.ui.widgets.status import StatusBar

from ..harness import run_app, toast_texts
from ..replay_server import ReplayServer, Reply
from ..streams import turn
from ..waiting import wait_for
from .test_live_equals_replay import RecordingScreen, assert_replay_shows_what_was_seen
from ..apps import live_app, replay_app
from smallops_tui.agent.log.events import ApprovalModeChanged, Decision, ModelLoading, ModelSwitched, PersonMessage
from ..typed import live_screen, of, panes_of, plain, proposal_text_of, replay_screen, screen_of, session_of

FIXED = "def add(a, b):\n    return a + b\n\n\nprint(add(2, 3))\n"
MEDIUM_WRITE = {"action": "write_file", "path": "main.py", "content": FIXED}


def status(app) -> str:
    return app.query_one(StatusBar).render().plain


async def test_a_cycles_the_mode_shown_in_the_status_bar_and_auto_approves_only_low(workspace, tmp_path) -> None:
    turns = [turn({"action": "list_dir", "path": "."}),           # waiting when `a` is pressed: approved by it
             turn({"action": "read_file", "path": "main.py"}),    # LOW under auto: never waits
             turn(MEDIUM_WRITE),                                   # MEDIUM: waits
             turn({"action": "run_command", "command": "rm -rf build"}),  # HIGH: waits
             turn({"action": "done", "summary": "fixed"})]         # done: waits
    async with run_app(turns, workspace, tmp_path, size=(80, 24)) as h:
        await h.proposal(1)
        assert status(h.app).startswith("manual approval")  # first: in view however narrow the terminal
        await h.pilot.press("a")
        await wait_for(h.pilot, lambda: h.events(Decision), "the waiting LOW proposal to be approved by the mode")
        assert status(h.app).startswith("AUTO-APPROVE LOW")
        await h.proposal(2)  # the next proposal on screen waiting is the MEDIUM one
        assert "MEDIUM" in proposal_text_of(h.app).plain and live_screen(h.app).awaiting_decision
        assert [(d.step, d.by) for d in h.events(Decision)] == [(1, "auto"), (2, "auto")]
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await wait_for(h.pilot, lambda: live_screen(h.app).rendered_proposals >= 3 and live_screen(h.app).awaiting_decision, "the HIGH one")
        assert "HIGH" in proposal_text_of(h.app).plain
        await h.pilot.press("a")  # back to manual
        assert status(h.app).startswith("manual approval")
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("n")
        await h.pilot.press("enter")
        await h.proposal(4)
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await h.ended()
        conversation = panes_of(h.app).conversation_texts()
        assert sum("✓ auto-approved (LOW)" in text for text in conversation) == 2
        assert [(d.step, d.by) for d in h.events(Decision)] == [(1, "auto"), (2, "auto"), (3, "human"),
                                                                  (4, "human"), (5, "human")]
    log = read_log(tmp_path / "log.jsonl")
    assert log.header.approval_mode == "manual"
    assert [(e.step, e.mode) for e in of(log.events, ApprovalModeChanged)] == [(1, "auto-low"), (4, "manual")]
    replay = Replay.load(tmp_path / "log.jsonl")
    for export in (export_markdown(replay), export_html(replay)):
        assert export.count("auto-approved (LOW)") == 2 and export.count("approval mode: auto-approve LOW") == 1
    app = replay_app(replay)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        replay_screen(app).goto(2)
        assert any("auto-approved (LOW)" in text for text in panes_of(app).conversation_texts())
        assert "auto-approved (LOW)" in proposal_text_of(app).plain
        assert status(app).startswith("AUTO-APPROVE LOW")
        replay_screen(app).goto(5)
        assert status(app).startswith("manual approval")


async def test_a_session_started_in_auto_low_says_so_and_still_asks_for_medium(workspace, tmp_path) -> None:
    turns = [turn({"action": "list_dir", "path": "."}), turn(MEDIUM_WRITE)]
    async with run_app(turns, workspace, tmp_path, approval_mode="auto-low") as h:
        await h.proposal(1)
        assert "MEDIUM" in proposal_text_of(h.app).plain and status(h.app).startswith("AUTO-APPROVE LOW")
        assert [d.by for d in h.events(Decision)] == ["auto"]
        assert any("approval mode: auto-approve LOW (the session started so)" in text
                   for text in panes_of(h.app).conversation_texts())
    assert read_log(tmp_path / "log.jsonl").header.approval_mode == "auto-low"


async def test_m_sends_a_message_with_the_next_request(workspace, tmp_path) -> None:
    turns = [turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.proposal(1)
        await h.pilot.press("m")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, MessageScreen), "the message input")
        assert "with the feedback of this step" in str(h.app.screen.query("Static").first().render())
        await h.pilot.press(*"the tests are in tests/, not test/")
        await h.pilot.press("enter")
        await wait_for(h.pilot, lambda: h.events(PersonMessage), "the message to be logged")
        assert live_screen(h.app).awaiting_decision and not h.events(Decision)  # nothing was rejected or approved
        assert any("✉ you, to the model (sent with its next turn): the tests are in tests/, not test/" in text
                   for text in panes_of(h.app).conversation_texts())
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await h.proposal(2)
        sent = h.request(1)["messages"]
        assert sent[-1]["content"].endswith("Message from the person supervising you: the tests are in tests/, not test/")
        assert "tests/, not test/" not in str(h.request(0)["messages"])
    replay = Replay.load(tmp_path / "log.jsonl")
    assert "✉ you, to the model" in export_markdown(replay)


async def test_escape_in_the_message_input_sends_nothing(workspace, tmp_path) -> None:
    async with run_app([turn({"action": "list_dir", "path": "."})], workspace, tmp_path) as h:
        await h.proposal(1)
        await h.pilot.press("m")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, MessageScreen), "the message input")
        await h.pilot.press(*"never mind", "escape")
        await wait_for(h.pilot, lambda: not isinstance(h.app.screen, MessageScreen), "the input to close")
        assert not h.events(PersonMessage) and session_of(h.app).controls.messages_waiting == 0


async def test_the_palette_lists_the_servers_models_and_switches(workspace, tmp_path) -> None:
    turns = [turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "x"})]
    ps = Reply("ollama_version.json", body=b'{"models": [{"name": "test-model"}]}')  # only the old model in memory
    async with run_app(turns, workspace, tmp_path, routes={"/api/tags": [Reply("ollama_tags.json")], "/api/ps": [ps]}) as h:
        await h.proposal(1)
        await h.pilot.press("ctrl+p")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, CommandPalette), "the command palette")
        await h.pilot.press(*"Switch model")
        await wait_for(h.pilot, lambda: _options(h.app) and _options(h.app)[0].startswith("Switch model"),
                       "the palette entry")
        await h.pilot.press("enter")
        await wait_for(h.pilot, lambda: any("llama3.2:1b" in o for o in _options(h.app)), "the server's models")
        listed = _options(h.app)
        assert any(o.startswith("qwen3:1.7b") for o in listed) and any(o.startswith("llama3.2:1b") for o in listed)
        assert any("1.2B · Q8_0 · llama" in o for o in listed)  # what the server said of each
        await h.pilot.press(*"llama3.2")
        await wait_for(h.pilot, lambda: _options(h.app) and _options(h.app)[0].startswith("llama3.2:1b"), "the match")
        await h.pilot.press("enter")
        await wait_for(h.pilot, lambda: h.events(ModelSwitched), "the switch")
        assert "ollama · llama3.2:1b" in status(h.app)
        assert any("model switched: test-model → llama3.2:1b" in text for text in panes_of(h.app).conversation_texts())
        assert any(s.path == "/api/tags" for s in h.server.requests)
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await h.proposal(2)
        chats = [s.json() for s in h.server.requests if s.path == "/api/chat"]
        assert [c["model"] for c in chats] == ["test-model", "llama3.2:1b"]
        # Not in memory (/api/ps): the next turn says Ollama is loading it, as at the start of a session.
        assert [e.text for e in h.events(ModelLoading)] == [
            "Ollama is loading llama3.2:1b into memory (the first answer waits for it)…"]
    switched = of(read_log(tmp_path / "log.jsonl").events, ModelSwitched)
    assert [(e.previous, e.model) for e in switched] == [("test-model", "llama3.2:1b")]
    replay = Replay.load(tmp_path / "log.jsonl")
    assert replay.settings_at(0)[1] == "test-model" and replay.settings_at(2)[1] == "llama3.2:1b"


def _options(app) -> list[str]:
    if not isinstance(app.screen, CommandPalette):
        return []
    commands = app.screen.query_one(CommandList)
    return [str(plain(prompt) if hasattr(prompt := commands.get_option_at_index(i).prompt, "plain") else prompt)
            for i in range(commands.option_count)]


async def test_a_backend_that_cannot_switch_says_so(workspace, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with run_app([turn({"action": "list_dir", "path": "."})], workspace, tmp_path) as h:
        await h.proposal(1)
        monkeypatch.setattr(live_screen(h.app).backend, "model_switch_refusal",
                            lambda: "this server cannot switch (a test's stand-in)")
        live_screen(h.app).steering.choose_model()
        await wait_for(h.pilot, lambda: any("cannot switch" in t for t in toast_texts(h.app)), "the refusal")
        assert not isinstance(h.app.screen, CommandPalette) and not h.events(ModelSwitched)


async def test_the_new_keys_are_in_the_help_and_the_footer(workspace, tmp_path) -> None:
    async with run_app([turn({"action": "list_dir", "path": "."})], workspace, tmp_path) as h:
        await h.proposal(1)
        rows = dict((meaning, keys) for keys, meaning in live_screen(h.app).help_rows())
        assert any(keys == "a" and "auto-approve LOW" in meaning for meaning, keys in rows.items())
        assert any(keys == "m" and "next turn" in meaning for meaning, keys in rows.items())
        await h.pilot.press("question_mark")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, HelpScreen), "the help")
        assert "Switch model" in screen_of(h.app, HelpScreen).footnote
        titles = {c.title for c in h.app.get_system_commands(h.app.screen)}
        assert {"Approval", "Message", "Switch model"} <= titles


async def test_live_and_replay_show_the_same_steering_at_every_step(tmp_path: Path) -> None:
    """As test_live_equals_replay, for a session steered with `a`, `m` and a model switch."""
    root = tmp_path / "ws"
    root.mkdir()
    (root / "main.py").write_text("def add(a, b):\n    return a - b\n\n\nprint(add(2, 3))\n")
    replies = [turn({"action": "list_dir", "path": "."}, thinking="look around"),
               turn({"action": "read_file", "path": "main.py"}),
               turn(MEDIUM_WRITE, thinking="a - b should be a + b"),
               turn({"action": "done", "summary": "fixed"})]
    log = tmp_path / "steered.jsonl"
    async with ReplayServer({"/api/chat": replies}) as server:
        async with OllamaBackend(server.url, "first-model") as backend:
            from smallops_tui.agent.session.loop import SessionConfig

            app = live_app(backend, Workspace(root), SessionConfig(task="fix it"), backend_label="ollama",
                           log_path=log, screen_class=RecordingScreen)
            live = app.live
            assert isinstance(live, RecordingScreen)
            async with app.run_test(size=(120, 40)) as pilot:
                await wait_for(pilot, lambda: live.rendered_proposals >= 1 and live.armed, "proposal 1")
                await pilot.press("m", *"look at main.py", "enter")
                await wait_for(pilot, lambda: not isinstance(app.screen, MessageScreen), "the message sent")
                await pilot.press("a")  # approves the waiting list_dir; read_file goes by itself
                await wait_for(pilot, lambda: live.rendered_proposals >= 2 and live.armed, "the MEDIUM write")
                live.steering.switch_model_to(ModelInfo("second-model"))
                await pilot.press("a", "y")
                await wait_for(pilot, lambda: live.rendered_proposals >= 3 and live.armed, "done")
                await pilot.press("y")
                await wait_for(pilot, lambda: live.outcome is not None, "the end")
    replay = Replay.load(log)
    kinds = [e.type for step in replay.steps for e in step.events]
    assert {"person_message", "approval_mode_changed", "model_switched"} <= set(kinds)
    await assert_replay_shows_what_was_seen(replay, live)
    joined = "\n".join(live.at_step_end[2].conversation)
    assert "✓ auto-approved (LOW)" in joined and "look at main.py" in joined
