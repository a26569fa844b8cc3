"""The context alarm: the prompt against the model's window, a warning at 80%, and a plain
sentence when the server counted fewer prompt tokens than were sent because it cut the prompt —
but not when a cached prefix makes the server report only the new tokens. Against the replay
server, whose `prompt_eval_count` the test scripts."""

from __future__ import annotations

import json
import re
from pathlib import Path

from smallops_tui.agent import Workspace
from smallops_tui.agent.session import prompts
from smallops_tui.agent.session.context import estimate_tokens
from smallops_tui.transcript import export_markdown
from smallops_tui.agent.history.replay import Replay
from smallops_tui.ui.widgets.status import StatusBar

from ..harness import run_app
from ..streams import turn
from ..waiting import wait_for
from smallops_tui.agent.log.events import ContextChecked, ContextDropped
from ..typed import panes_of

DONE = {"action": "done", "summary": "nothing to do"}
LONG_TASK = "fix the bug. " + "Here is some background the person pasted. " * 150  # ~6,600 characters


def workspace(tmp_path: Path) -> Workspace:
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "a.txt").write_text("x\n")
    return Workspace(tmp_path / "ws")


def first_prompt_estimate(task: str) -> int:
    return estimate_tokens([{"role": "system", "content": prompts.system_prompt("seed")},
                            {"role": "user", "content": prompts.task_message(task)}])


async def run_with_task(task: str, turns, ws: Workspace, tmp_path: Path, **config):
    from smallops_tui.agent.session.loop import ScriptedPolicy, Session, SessionConfig
    from smallops_tui.backends import OllamaBackend

    from ..harness import CHAT, Recorder
    from ..replay_server import ReplayServer

    async with ReplayServer({CHAT: list(turns)}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, ws, SessionConfig(task=task, **config), ScriptedPolicy("approve-all"),
                              tmp_path / "s.jsonl")
            recorder = Recorder(session)
            await session.run()
    return recorder


async def test_the_alarm_fires_when_the_server_counted_fewer_prompt_tokens_than_were_sent(tmp_path: Path) -> None:
    sent = first_prompt_estimate(LONG_TASK)
    window = 1024
    assert sent > 1.5 * window  # the prompt cannot have fit
    # Ollama cuts a prompt to num_ctx and reports what it kept: at most the window.
    rec = await run_with_task(LONG_TASK, [turn(DONE, prompt_eval_count=1020)], workspace(tmp_path), tmp_path,
                              context_window=window, context_source="--context")
    estimated, checked = rec.of(ContextChecked)  # as the request went out, and when the server counted
    assert (estimated.reported, estimated.used, estimated.truncated, estimated.crossed) == (None, sent, False, True)
    assert checked.truncated and checked.warning and not checked.crossed
    assert (checked.sent_estimate, checked.reported, checked.window) == (sent, 1020, window)
    replay = Replay.load(tmp_path / "s.jsonl")
    said = [line.text for t in replay.fold().steps[0].turns for line in t.lines]
    alarm = next(text for text in said if text.startswith("✖"))
    assert alarm == (f"✖ the model did not see the whole conversation: about {sent:,} tokens were sent, the server "
                     "counted 1,020, and the context window is 1,024 (--context); the server cut off the oldest part")
    assert alarm in export_markdown(replay)


async def test_a_cache_hit_is_not_a_truncation(tmp_path: Path) -> None:
    """Older Ollama builds and llama.cpp's `timings.prompt_n` count only the tokens evaluated anew:
    a second turn over a cached prefix reports a handful. The prompt fits the window, so no alarm."""
    ws = workspace(tmp_path)
    read = {"action": "read_file", "path": "a.txt"}
    rec = await run_with_task("fix the bug", [turn(read, prompt_eval_count=700), turn(DONE, prompt_eval_count=12)],
                              ws, tmp_path, context_window=8192, context_source="test")
    checks = [c for c in rec.of(ContextChecked) if c.reported is not None]  # each also checked as it went out
    assert len(checks) == 2 and len(rec.of(ContextChecked)) == 4
    assert checks[1].reported == 12 and checks[1].sent_estimate > 12 * 10  # far fewer reported than sent...
    assert not any(c.truncated for c in checks)  # ... and no false alarm
    assert not any(c.warning for c in checks)


async def test_a_request_that_fails_is_checked_on_its_estimate(tmp_path: Path) -> None:
    """The status bar showed 634 of 8,192 while the server refused a prompt of 9,138 tokens: a
    request that failed was never checked, so the gauge kept the last prompt that fitted."""
    from ..replay_server import Reply

    sent = first_prompt_estimate(LONG_TASK)
    window = 1024
    refused = Reply("ollama_server_error.json", split="whole")
    rec = await run_with_task(LONG_TASK, [refused, refused, refused], workspace(tmp_path), tmp_path,
                              context_window=window, context_source="--context")
    checks = rec.of(ContextChecked)
    assert checks, "no check for a failed request"
    assert all(c.reported is None and c.used >= sent and c.warning and not c.truncated for c in checks)


async def test_no_window_no_check(tmp_path: Path) -> None:
    """Without a known window (an unknown server, no --context) nothing is claimed either way."""
    rec = await run_with_task(LONG_TASK, [turn(DONE, prompt_eval_count=10)], workspace(tmp_path), tmp_path)
    assert rec.of(ContextChecked) == []


def status_text(app) -> str:
    return str(app.query_one(StatusBar).render())


async def test_the_status_bar_warns_at_80_percent(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    sent = first_prompt_estimate("fix the bug")
    window = int(sent / 0.85)  # the first prompt fills 85% of it
    async with run_app([turn(DONE, prompt_eval_count=sent)], ws, tmp_path,
                       config_options={"context_window": window, "context_source": "test"}) as h:
        await h.proposal(1)
        await wait_for(h.pilot, lambda: "⚠ ctx" in status_text(h.app), "the 80% warning in the status bar")
        assert f"⚠ ctx {sent:,}/{window:,} (85%)" in status_text(h.app)
        assert "TRUNCATED" not in status_text(h.app)
        said = "\n".join(panes_of(h.app).conversation_texts())
        assert "⚠ the prompt fills 85% of the context window" in said


async def test_the_gauge_shows_the_prompt_as_it_goes_out_not_after_the_reply(tmp_path: Path) -> None:
    """A new user saw `ctx 760/8,192` for the whole of a turn whose prompt held 3,101 tokens: the
    gauge was set only after each reply. The reply here stalls until the gauge shows this request."""
    import asyncio

    from ..streams import ollama_body
    from ..replay_server import Reply

    ws = workspace(tmp_path)
    sent = first_prompt_estimate(LONG_TASK)
    window = 8192
    release = asyncio.Event()
    body = ollama_body(json.dumps(DONE), prompt_eval_count=sent)
    stalled = Reply("ollama_plain_answer.ndjson", body=body, split="lines", stall_after=1, release=release,
                    stall_seconds=60)
    async with run_app([stalled], ws, tmp_path, task=LONG_TASK,
                       config_options={"context_window": window, "context_source": "test"}) as h:
        # While it streams, a narrow bar shows the share alone ("ctx 23%"); before any check, "ctx ?".
        await wait_for(h.pilot, lambda: re.search(r"ctx (?:[\d,]+/[\d,]+ \()?\d+%", status_text(h.app)),
                       "the gauge set from the request as it went out")
        shown = re.search(r"ctx (?:[\d,]+/[\d,]+ \()?(\d+)%", status_text(h.app))
        assert shown is not None and int(shown.group(1)) >= int(100 * sent / window)  # this request's prompt
        release.set()
        await h.proposal(1)


async def test_the_status_bar_says_truncated_plainly(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    async with run_app([turn(DONE, prompt_eval_count=1000)], ws, tmp_path, task=LONG_TASK,
                       config_options={"context_window": 1024, "context_source": "test"}) as h:
        await h.proposal(1)
        await wait_for(h.pilot, lambda: "TRUNCATED" in status_text(h.app), "the truncation alarm")
        # The bar keeps the mark and the counts (with the model's name and the step beside them);
        # the sentence is the conversation's, where the cut began.
        assert "✖ TRUNCATED ctx " in status_text(h.app) and "test-model" in status_text(h.app)
        said = "\n".join(panes_of(h.app).conversation_texts())
        assert "✖ the model did not see the whole conversation" in said


async def test_below_80_percent_the_gauge_is_quiet(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    sent = first_prompt_estimate("fix the bug")
    async with run_app([turn(DONE, prompt_eval_count=sent)], ws, tmp_path,
                       config_options={"context_window": sent * 4, "context_source": "test"}) as h:
        await h.proposal(1)
        await wait_for(h.pilot, lambda: f"ctx {sent:,}/{sent * 4:,} (25%)" in status_text(h.app), "the gauge")
        assert "⚠" not in status_text(h.app)


async def test_drop_oldest_takes_the_oldest_turns_out_of_the_request_and_logs_what(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    (tmp_path / "ws" / "big.txt").write_text("line of text in a big file\n" * 150)  # ~4,000 characters
    read = {"action": "read_file", "path": "big.txt"}
    first = first_prompt_estimate("fix the bug")
    window = first + 2600  # room for about two reads (~1,000 tokens each with the reply)
    turns = [turn(read, prompt_eval_count=10)] * 4 + [turn(DONE, prompt_eval_count=10)]
    from smallops_tui.agent.session.loop import ScriptedPolicy, Session, SessionConfig
    from smallops_tui.backends import OllamaBackend

    from ..harness import Recorder
    from ..replay_server import ReplayServer

    async with ReplayServer({"/api/chat": list(turns)}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, ws, SessionConfig(task="fix the bug", context_window=window,
                                                         context_source="test", context_rule="drop-oldest",
                                                         keep_turns=1),
                              ScriptedPolicy("approve-all"), tmp_path / "s.jsonl")
            rec = Recorder(session)
            await session.run()
    drops = rec.of(ContextDropped)
    assert drops, "the rule never acted"
    sent = [r.json()["messages"] for r in server.requests]
    for messages in sent:
        assert messages[0]["role"] == "system" and messages[1]["content"].startswith("Task: fix the bug")
        assert estimate_tokens(messages) <= 0.9 * window  # every request fit under the rule's mark
    # The log says exactly what left: each description names a message of the previous request.
    drop = drops[0]
    step_before = [m for m in sent[drop.step - 2]]
    described = [f"{m['role']}, {len(m['content']):,} chars" for m in step_before]
    assert all(any(d.startswith(prefix) for prefix in described) for d in drop.dropped)
    assert drop.estimate_after <= 0.9 * drop.window < drop.estimate_before
    replay = Replay.load(tmp_path / "s.jsonl")
    said = [line.shown for step in replay.fold().steps for t in step.turns for line in t.lines]
    assert any(text.startswith("✂ context rule drop-oldest: dropped the 2 oldest messages") for text in said)
