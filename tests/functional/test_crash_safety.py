"""Crash safety of the log with streamed deltas batched: `kill -9` in the middle of a reply leaves
a log that replays up to the last batch written, and batches reach the disk while the reply
streams (every DELTA_FLUSH_SECONDS, also when the stream pauses), not only at its end."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from smallops_tui.agent import read_log
from smallops_tui.agent.history.replay import Replay
from smallops_tui.agent.log.events import ReasoningText

from ..replay_server import ReplayServer, Reply
from ..streams import ollama_token_body
from ..conftest import REPO
from ..typed import of

ROOT = REPO
REASONING = "".join(f"thought {n:04d}. " for n in range(2000))  # 30,000 characters, one token per line


def thinking_on_disk(log: Path) -> str:
    try:
        events = read_log(log).events
    except Exception:  # noqa: BLE001 — not written yet
        return ""
    return "".join(e.text for e in of(events, ReasoningText))


async def poll(condition, what: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.02)


async def test_kill_9_mid_stream_replays_up_to_the_last_batch_written(tmp_path: Path) -> None:
    body = ollama_token_body('{"action": "list_dir", "path": "."}', thinking=REASONING)
    slow = Reply("ollama_plain_answer.ndjson", body=body, split="lines", delay=0.002)  # ~30 s of stream
    workspace = tmp_path / "ws"
    workspace.mkdir()
    log = tmp_path / "s.jsonl"
    async with ReplayServer({"/api/chat": [slow]}) as server:
        child = subprocess.Popen([sys.executable, "-m", "tests.headless_session", server.url, str(workspace), str(log)],
                                 cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            # Batches reach the disk while the reply streams: the text on disk keeps growing.
            await poll(lambda: len(thinking_on_disk(log)) > 300, "the first batches on disk")
            first = thinking_on_disk(log)
            await poll(lambda: len(thinking_on_disk(log)) > len(first) + 300, "more batches on disk")
            seen = thinking_on_disk(log)
            os.kill(child.pid, signal.SIGKILL)
            assert await asyncio.to_thread(child.wait, 10) == -signal.SIGKILL
        finally:
            if child.poll() is None:
                child.kill()
            child.communicate()
    assert len(seen) < len(REASONING)  # killed mid-stream
    replay = Replay.load(log)  # no damage: every batch is whole lines
    kept = "".join(e.text for e in replay.steps[0].of(ReasoningText))
    assert kept.startswith(seen) and REASONING.startswith(kept)  # nothing written was lost or garbled
    assert replay.outcome in ("unfinished", "cut off") and not replay.ended


async def test_a_pause_in_the_stream_still_puts_the_batch_on_disk(tmp_path: Path) -> None:
    from smallops_tui.agent import ScriptedPolicy, Session, SessionConfig, Workspace
    from smallops_tui.backends import OllamaBackend

    body = ollama_token_body('{"action": "list_dir", "path": "."}', thinking="a few words, then silence")
    stalled = Reply("ollama_plain_answer.ndjson", body=body, split="lines", stall_after=len(body) // 2,
                    stall_seconds=30)
    workspace = tmp_path / "ws"
    workspace.mkdir()
    log = tmp_path / "s.jsonl"
    async with ReplayServer({"/api/chat": [stalled]}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, Workspace(workspace), SessionConfig(task="t"), ScriptedPolicy(), log)
            run = asyncio.create_task(session.run())
            try:
                # The reasoning streams in well under DELTA_FLUSH_SECONDS, then nothing for 30 s:
                # no later delta will take the batch out, the session's timer must.
                await poll(lambda: thinking_on_disk(log) == "a few words, then silence",
                           "the batch written during the pause", seconds=10)
            finally:
                session.controls.request_stop()
                await asyncio.wait_for(run, 10)
