"""The thinking budget: a reasoning stream is cut at N tokens (one token per chunk, as Ollama and
llama.cpp stream), the stream is closed so the server stops, and the next request carries the
nudge — the reasoning so far and the instruction to answer now, with reasoning off. Against the
replay server; what the server received is checked, not what the client meant to send."""

from __future__ import annotations

from pathlib import Path

from smallops_tui.agent import ScriptedPolicy, Workspace
from smallops_tui.transcript import export_markdown
from smallops_tui.agent.history.replay import Replay

from ..harness import run_session
from ..streams import token_turn, turn
from smallops_tui.agent.log.events import BackendError, NudgeSent, ReasoningCut, ReasoningText
from ..typed import of

THINKING_TOKENS = 20_000
DONE = {"action": "done", "summary": "nothing to do"}


def workspace(tmp_path: Path) -> Workspace:
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "a.txt").write_text("x\n")
    return Workspace(tmp_path / "ws")


def reasoning_of(tokens: int) -> str:
    """`tokens` chunks of four characters each (ollama_token_body cuts at four)."""
    return "".join(f"t{i % 1000:03d}" for i in range(tokens))


async def test_the_budget_cuts_a_20k_token_reasoning_stream_at_n_and_the_next_request_nudges(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    long_think = token_turn(DONE, thinking=reasoning_of(THINKING_TOKENS))
    outcome, rec, server = await run_session([long_think, turn(DONE)], ws, tmp_path=tmp_path, think=True,
                                             think_budget=500)
    assert outcome.status == "done"
    cuts = rec.of(ReasoningCut)
    assert [(c.by, c.tokens, c.budget) for c in cuts] == [("budget", 500, 500)]
    # Exactly N reasoning tokens reached the session and the log, and the server saw the client hang up.
    thinking = [e for e in of(rec.events, ReasoningText) if e.step == 1]
    assert len(thinking) == 500
    assert server.client_closed_early >= 1
    chats = [r for r in server.requests if r.path == "/api/chat"]
    assert len(chats) == 2
    first, second = chats[0].json(), chats[1].json()
    assert first["think"] is True
    assert second["think"] is False  # reasoning off for the nudge
    assert "format" in second  # and the output constrained to the action schema
    nudge = second["messages"][-1]
    assert nudge["role"] == "user"
    assert "Reply now with exactly one JSON action" in nudge["content"]
    assert reasoning_of(500) in nudge["content"]  # the reasoning so far, whole
    assert reasoning_of(501) not in nudge["content"]  # and nothing past the cut
    [sent] = rec.of(NudgeSent)
    assert sent.text == nudge["content"]
    # The order the log tells: the cut, the nudge, then the second attempt.
    types = rec.types()
    assert types.index("reasoning_cut") < types.index("nudge_sent") < [i for i, t in enumerate(types)
                                                                         if t == "turn_started"][1]


async def test_the_cut_and_the_nudge_are_in_the_replay_and_the_export(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    await run_session([token_turn(DONE, thinking=reasoning_of(200)), turn(DONE)], ws, tmp_path=tmp_path,
                      think=True, think_budget=50)
    replay = Replay.load(tmp_path / "s.jsonl")
    assert replay.header.options["think_budget"] == 50
    step = replay.fold().steps[0]
    said = [line.text for turn_ in step.turns for line in turn_.lines]
    assert "✂ reasoning cut at 50 tokens: the thinking budget (50) was reached" in said
    assert "→ asked to answer now (reasoning off):" in said
    assert replay.steps[0].reasoning_tokens == 0  # the meter at the step's end: the nudged attempt did not reason
    markdown = export_markdown(replay)
    assert "✂ reasoning cut at 50 tokens" in markdown
    assert "Reply now with exactly one JSON action" in markdown


async def test_a_model_that_keeps_reasoning_after_the_nudge_ends_the_attempt_as_an_error(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    stubborn = token_turn(DONE, thinking=reasoning_of(100))
    outcome, rec, server = await run_session([stubborn], ws, ScriptedPolicy("approve-all", retries=0),
                                             tmp_path=tmp_path, think=True, think_budget=10)
    assert [c.tokens for c in rec.of(ReasoningCut)] == [10, 10]
    [error] = rec.of(BackendError)
    assert error.kind == "think_budget"
    assert outcome.status == "backend_error"  # the policy, with no retries left, stops


async def test_a_fork_after_a_nudged_step_carries_the_nudge_as_the_model_saw_it(tmp_path: Path) -> None:
    """The conversation a fork carries is the one the next request really sent, nudge included."""
    from smallops_tui.agent.history.fork import conversation_at

    ws = workspace(tmp_path)
    listing = {"action": "list_dir", "path": "."}
    _, _, server = await run_session([token_turn(listing, thinking=reasoning_of(200)), turn(listing), turn(DONE)],
                                     ws, tmp_path=tmp_path, think=True, think_budget=50)
    chats = [r.json() for r in server.requests if r.path == "/api/chat"]
    assert len(chats) == 3  # cut, nudged answer, then the turn after step 1
    carried, _ = conversation_at(Replay.load(tmp_path / "s.jsonl"), 1)
    assert carried == [{"role": m["role"], "content": m["content"]} for m in chats[2]["messages"]]
