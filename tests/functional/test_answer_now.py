"""`w` cuts the reasoning at any moment while it streams: the stream is closed (the server sees
the client leave), the cut is logged as the person's, and the next request carries the nudge. The
key is in the footer only while reasoning streams. Through Pilot against the replay server."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets._footer import FooterKey

from smallops_tui.agent import Workspace

from ..harness import run_app
from ..streams import token_turn, turn
from ..waiting import wait_for
from ..apps import replay_app
from smallops_tui.agent.log.events import AnswerText, ReasoningCut
from ..typed import live_screen, panes_of, replay_screen, session_of

DONE = {"action": "done", "summary": "nothing to do"}
WIDE = (180, 40)


def footer_keys(app) -> list[str]:
    return [key.description for key in app.screen.query(FooterKey)]


async def test_w_cuts_the_reasoning_while_it_streams_and_the_next_request_nudges(tmp_path: Path) -> None:
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "a.txt").write_text("x\n")
    ws = Workspace(tmp_path / "ws")
    slow_thinker = token_turn(DONE, thinking="hmm " * 5000, delay=0.01)  # 5,000 tokens, about a minute
    async with run_app([slow_thinker, turn(DONE)], ws, tmp_path) as h:
        await wait_for(h.pilot, lambda: live_screen(h.app).session is not None and session_of(h.app).reasoning_tokens >= 20,
                       "reasoning to stream")
        await wait_for(h.pilot, lambda: "answer now" in footer_keys(h.app), "w in the footer")
        await h.pilot.press("w")
        await h.proposal(1)
        cuts = h.events(ReasoningCut)
        assert len(cuts) == 1 and cuts[0].by == "person"
        assert 20 <= cuts[0].tokens < 5000
        await wait_for(h.pilot, lambda: h.server.client_closed_early >= 1, "the server to see the stream closed")
        chats = [r.json() for r in h.server.requests if r.path == "/api/chat"]
        assert len(chats) == 2
        nudge = chats[1]["messages"][-1]["content"]
        assert "the person asked for your answer now" in nudge
        assert "hmm hmm" in nudge
        assert chats[1]["think"] is False
        assert "answer now" not in footer_keys(h.app)  # nothing streams now: the key is gone
        said = "\n".join(panes_of(h.app).conversation_texts())
        assert f"✂ reasoning cut by you at {cuts[0].tokens:,} tokens (answer now)" in said


async def test_w_is_not_offered_when_no_reasoning_streams(tmp_path: Path) -> None:
    (tmp_path / "ws").mkdir()
    ws = Workspace(tmp_path / "ws")
    answer_only = token_turn(DONE, delay=0.05)
    async with run_app([answer_only], ws, tmp_path) as h:
        await wait_for(h.pilot, lambda: h.events(AnswerText)
                       or live_screen(h.app).awaiting_decision, "the answer to stream")
        assert "answer now" not in footer_keys(h.app)
        await h.pilot.press("w")  # does nothing
        await h.proposal(1)
        assert h.events(ReasoningCut) == []


async def test_the_cut_the_nudge_and_the_context_warning_replay_as_they_were_seen(tmp_path: Path) -> None:
    """Live and replay are folds of the same events: the step with a cut, a nudge and the 80%
    warning reads the same in both, and the status bar's meter and gauge say the same."""
    from smallops_tui.agent.history.replay import Replay
    from smallops_tui.ui.widgets.status import StatusBar

    from .test_live_equals_replay import read_screen

    (tmp_path / "ws").mkdir()
    ws = Workspace(tmp_path / "ws")
    thinker = token_turn(DONE, thinking="hmm " * 300)
    answer = turn(DONE, prompt_eval_count=900)
    # Wide enough for the whole line at the end, where the meter gives way before the model and the
    # step (it outlasts them while reasoning streams: test_the_meter_stays_while_reasoning_streams).
    async with run_app([thinker, answer], ws, tmp_path, size=WIDE,
                       config_options={"think_budget": 40, "context_window": 1000, "context_source": "test"}) as h:
        await h.proposal(1)
        await h.approve(1)
        await h.ended()
        await h.pilot.pause()
        live = read_screen(h.app)
        live_status = str(h.app.query_one(StatusBar).render())
    assert "reasoning 0/40 tok" in live_status and "⚠ ctx 900/1,000 (90%)" in live_status
    replay = Replay.load(tmp_path / "log.jsonl")
    app = replay_app(replay)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        replay_screen(app).goto(len(replay.steps))
        replayed = read_screen(app)
        replay_status = str(app.query_one(StatusBar).render())
    assert replayed.conversation == live.conversation
    assert any("✂ reasoning cut at 40 tokens" in item for item in live.conversation)
    assert any("⚠ the prompt fills 90%" in item for item in live.conversation)
    assert "reasoning 0/40 tok" in replay_status and "⚠ ctx 900/1,000 (90%)" in replay_status


@pytest.mark.parametrize("size", [(120, 40), (100, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_meter_stays_while_reasoning_streams(size, tmp_path: Path) -> None:
    """Under a thinking budget the meter is how far the cut is: while reasoning streams it stays
    in the status bar when the model's name and the step give way; once the turn has its answer
    it gives way before them again. (At 80 columns the approval mode and the sandbox fill the line.)"""
    from smallops_tui.ui.widgets.status import StatusBar

    (tmp_path / "ws").mkdir()
    ws = Workspace(tmp_path / "ws")
    slow_thinker = token_turn(DONE, thinking="hmm " * 5000, delay=0.01)
    async with run_app([slow_thinker, turn(DONE)], ws, tmp_path, size=size,
                       config_options={"think_budget": 4000, "context_window": 1000, "context_source": "test"}) as h:
        bar = h.app.query_one(StatusBar)
        await wait_for(h.pilot, lambda: "/4,000 tok" in bar.full_texts.get("reasoning", "")
                       and session_of(h.app).controls.can_answer_now, "reasoning to stream")
        await wait_for(h.pilot, lambda: bar.full_texts["reasoning"] in bar.text, "the meter in the status bar")
        assert bar.text.startswith("manual approval") and "ollama · test-model" not in bar.text, bar.text
        await h.pilot.press("w")
        await h.proposal(1)
        await wait_for(h.pilot, lambda: not session_of(h.app).controls.can_answer_now, "the reasoning to end")
        await wait_for(h.pilot, lambda: "reasoning" not in bar.text or "ollama · test-model" in bar.text,
                       "the meter to give way first again")
