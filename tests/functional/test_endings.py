"""How a session ends is recorded as what it was: stopped by the person, quit, or cut short by
the app closing — never as a backend error or an unfinished log. Also: what the screen says
while it waits for the model, and that each app's help lists its own keys."""

from __future__ import annotations

import asyncio
from pathlib import Path

from smallops_tui.agent import read_log
from smallops_tui.agent.session.loop import ScriptedPolicy, Session, SessionConfig
from smallops_tui.agent.history.replay import Replay
from smallops_tui.backends import OllamaBackend
from smallops_tui.ui.screens.dialogs import HelpScreen, QuitScreen

from ..replay_server import ReplayServer, Reply
from ..streams import ollama_body, turn
from ..harness import run_app
from ..waiting import wait_for
from ..conftest import SESSIONS
from ..apps import replay_app
from smallops_tui.agent.log.events import ReasoningText, SessionEnded
from ..typed import live_screen, of, outcome_of, plain, proposal_text_of, screen_of

CHAT = "/api/chat"


def slow_turn(answer: str = '{"action": "list_dir", "path": "."}') -> Reply:
    """A reply that streams a byte at a time, slowly: there is time to press a key mid-stream."""
    return Reply("ollama_plain_answer.ndjson", body=ollama_body(answer, thinking="x" * 400), split="bytes", delay=0.02)


def last_end(log_path: Path):
    events = read_log(log_path).events
    ends = of(events, SessionEnded)
    assert len(ends) == 1, [e.type for e in events]
    assert events[-1].type == "session_ended"
    return ends[0]


# -- the core ------------------------------------------------------------------------------------

class streaming_session:
    """async with streaming_session(workspace, log) as (session, run): a session whose model is
    mid-reply (reasoning streaming slowly), its run a task."""

    def __init__(self, workspace, log: Path) -> None:
        self.workspace, self.log = workspace, log

    async def __aenter__(self):
        self.server = await ReplayServer({CHAT: [slow_turn()]}).__aenter__()
        self.backend = OllamaBackend(self.server.url, "m")
        session = Session(self.backend, self.workspace, SessionConfig(task="t"), ScriptedPolicy("approve-all"),
                          self.log)
        streaming = asyncio.Event()
        session.listeners.append(lambda e: streaming.set() if e.type == "thinking_delta" else None)
        run = asyncio.create_task(session.run())
        await asyncio.wait_for(streaming.wait(), 10)
        return session, run

    async def __aexit__(self, *exc) -> None:
        await self.backend.aclose()
        await self.server.__aexit__(*exc)


async def test_request_stop_while_streaming_ends_the_session_as_stopped(workspace, tmp_path) -> None:
    async with streaming_session(workspace, tmp_path / "s.jsonl") as (session, run):
        session.controls.request_stop()
        outcome = await asyncio.wait_for(run, 10)
    assert outcome.status == "stopped" and outcome.summary == "stopped by the person"
    assert last_end(tmp_path / "s.jsonl").reason == "stopped"


async def test_a_session_cancelled_by_the_app_closing_still_logs_its_end(workspace, tmp_path) -> None:
    async with streaming_session(workspace, tmp_path / "s.jsonl") as (session, run):
        run.cancel()
        try:
            await run
        except asyncio.CancelledError:
            pass
    end = last_end(tmp_path / "s.jsonl")
    assert end.reason == "stopped" and "closed" in end.summary


# -- through the app -----------------------------------------------------------------------------

async def test_s_while_the_model_streams_ends_as_stopped_not_as_a_backend_error(workspace, tmp_path) -> None:
    async with run_app([slow_turn()], workspace, tmp_path) as h:
        await wait_for(h.pilot, lambda: h.events(ReasoningText), "the model to start streaming")
        await h.pilot.press("s")
        await h.ended()
        assert outcome_of(h.app).status == "stopped"
        assert "SESSION ENDED · stopped" in proposal_text_of(h.app).plain
    assert last_end(tmp_path / "log.jsonl").reason == "stopped"


async def test_q_during_a_session_asks_once_then_logs_the_end(workspace, tmp_path) -> None:
    turns = [turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.proposal(1)
        await h.pilot.press("q")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, QuitScreen), "the quit question")
        await h.pilot.press("n")  # stay
        await wait_for(h.pilot, lambda: not isinstance(h.app.screen, QuitScreen), "the question to close")
        assert live_screen(h.app).awaiting_decision and h.app.is_running
        await h.pilot.press("q")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, QuitScreen), "the quit question again")
        await h.pilot.press("q")  # q twice: quit
        await wait_for(h.pilot, lambda: not h.app.is_running, "the app to exit")
    end = last_end(tmp_path / "log.jsonl")
    assert end.reason == "stopped" and end.summary == "quit by the person"


async def test_q_after_the_session_ended_quits_at_once(workspace, tmp_path) -> None:
    async with run_app([turn({"action": "done", "summary": "nothing"})], workspace, tmp_path) as h:
        await h.proposal(1)
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await h.ended()
        await h.pilot.press("q")
        await wait_for(h.pilot, lambda: not h.app.is_running, "the app to exit without asking")


async def test_a_cold_load_is_shown_with_progress_before_any_token(workspace, tmp_path) -> None:
    cold = turn({"action": "list_dir", "path": "."}, head_delay=1.5)  # Ollama answers once loaded
    # needs_load: as discovery sets it when /api/ps does not list the model
    async with run_app([cold], workspace, tmp_path, backend_state={"needs_load": True}) as h:
        await wait_for(h.pilot, lambda: "Ollama is loading test-model" in proposal_text_of(h.app).plain,
                       "the loading line")
        first = proposal_text_of(h.app).plain
        assert first[0] in "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏" and first.split("  ")[1].endswith(" s")
        await wait_for(h.pilot, lambda: proposal_text_of(h.app).plain != first, "the indicator to move")
        assert "loading the model" in plain(h.app.query_one("#status"))
        await h.proposal(1)
    events = read_log(tmp_path / "log.jsonl").events
    assert [e.type for e in events if e.type != "workspace_recorded"][:2] == ["turn_started", "model_loading"]


async def test_before_the_first_token_the_screen_says_waiting_not_answering(workspace, tmp_path) -> None:
    slow_start = turn({"action": "list_dir", "path": "."}, head_delay=1.0)
    async with run_app([slow_start], workspace, tmp_path) as h:
        await wait_for(h.pilot, lambda: "waiting for the model" in proposal_text_of(h.app).plain, "the waiting line")
        assert "answering" not in proposal_text_of(h.app).plain
        await h.proposal(1)


async def test_the_live_help_lists_the_live_keys(workspace, tmp_path) -> None:
    async with run_app([turn({"action": "list_dir", "path": "."})], workspace, tmp_path) as h:
        await h.proposal(1)
        await h.pilot.press("question_mark")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, HelpScreen), "the help")
        meanings = [meaning for _, meaning in screen_of(h.app, HelpScreen).rows]
        assert any(m.startswith("approve") for m in meanings) and "next step" not in meanings


async def test_the_replay_help_lists_the_replay_keys() -> None:
    app = replay_app(Replay.load(SESSIONS / "fix-add-clean.jsonl"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        rows = dict((meaning, keys) for keys, meaning in screen_of(app, HelpScreen).rows)
        assert "next step" in rows and "l" in rows["next step"]
        assert not any(m.startswith("approve") for m in rows)
        assert rows["play faster (up to 16×)"] == "+ ="  # each key drawn, not the binding's "plus,equals_sign"
        assert "smallops replay" in screen_of(app, HelpScreen).title_text
