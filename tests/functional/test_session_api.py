"""The core as a library a second front end can use: the names it imports, the session's events
as an async stream, listeners that cannot kill the session, and controls (undo, cancel, stop)
that follow the session's own rules."""

from __future__ import annotations

import asyncio

import pytest

from smallops_tui.agent import (
    Choice, Decider, NotNow, Proposal, ScriptedPolicy, Session, SessionConfig, read_log,
)
from smallops_tui.backends import BackendInfo, DiscoveryError, OllamaBackend, make_backend

from ..replay_server import ReplayServer
from ..streams import turn
from smallops_tui.agent.log.events import Decision, Notice
from ..typed import of

CHAT = "/api/chat"
FIXED = "def add(a, b):\n    return a + b\n\n\nprint(add(2, 3))\n"


def test_the_core_is_importable_from_its_packages() -> None:
    assert all((Session, SessionConfig, Decider, Choice, Proposal, ScriptedPolicy, DiscoveryError))
    backend = make_backend("ollama", "http://127.0.0.1:1", "qwen3:1.7b")
    assert backend.info() == BackendInfo("ollama", "http://127.0.0.1:1", "qwen3:1.7b", False)
    with pytest.raises(DiscoveryError, match="no model 'nope'"):
        make_backend("embedded", None, "nope")


async def test_events_as_an_async_stream_end_with_the_session(workspace) -> None:
    turns = [turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "looked"})]
    async with ReplayServer({CHAT: turns}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="t"), ScriptedPolicy("approve-all"))
            stream = session.events()
            seen: list[str] = []

            async def consume() -> None:
                async for event in stream:
                    seen.append(event.type)

            consumer = asyncio.create_task(consume())
            await asyncio.sleep(0)  # the consumer subscribes before the session starts
            outcome = await session.run()
            await asyncio.wait_for(consumer, 5)
    assert outcome.status == "done" and seen[:2] == ["workspace_recorded", "turn_started"] and seen[-1] == "session_ended"
    assert seen.count("action_proposed") == 2 and not session.listeners  # the stream unsubscribed


async def test_a_listener_that_raises_does_not_end_the_session_or_its_log(workspace, tmp_path) -> None:
    turns = [turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "looked"})]

    def broken(event) -> None:
        if event.type == "action_proposed":
            raise KeyError("a view's bug")

    async with ReplayServer({CHAT: turns}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="t"), ScriptedPolicy("approve-all"),
                              tmp_path / "s.jsonl")
            session.listeners.append(broken)
            outcome = await session.run()
    assert outcome.status == "done"
    events = read_log(tmp_path / "s.jsonl").events
    notices = [e.text for e in of(events, Notice)]
    assert len(notices) == 1 and "a view of the session failed (KeyError" in notices[0]  # said once
    assert events[-1].type == "session_ended"


class WaitingDecider:
    """Decides only when the test says so; counts what it was asked."""

    def __init__(self) -> None:
        self.asked: list[Proposal] = []
        self.answer: asyncio.Future[Choice] | None = None
        self.cancelled = 0

    async def decide(self, proposal: Proposal) -> Choice:
        self.asked.append(proposal)
        self.answer = asyncio.get_running_loop().create_future()
        try:
            return await self.answer
        except asyncio.CancelledError:
            self.cancelled += 1
            raise

    async def after_backend_error(self, kind: str, message: str):
        return "stop"


async def until(condition, what: str) -> None:
    for _ in range(1000):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


async def test_undo_is_the_sessions_rule_and_re_proposes_what_depended_on_the_file(workspace, tmp_path) -> None:
    (workspace.root / "conf.py").write_text("a = 1\nb = 2\n")
    turns = [turn({"action": "write_file", "path": "main.py", "content": FIXED}),
             turn({"action": "write_file", "path": "conf.py", "content": "a = 1\nb = 3\n"}),
             turn({"action": "done", "summary": "x"})]
    decider = WaitingDecider()
    async with ReplayServer({CHAT: turns}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="t"), decider, tmp_path / "s.jsonl")
            with pytest.raises(NotNow, match="waits for you"):
                session.controls.undo()  # before the session runs: nothing waits on the person
            run = asyncio.create_task(session.run())
            await until(lambda: decider.answer is not None, "the first proposal")
            assert session.controls.can_undo is False  # nothing applied yet
            assert decider.answer is not None  # (waited for above)
            decider.answer.set_result(Choice("approve"))
            await until(lambda: len(decider.asked) == 2 and session.state == "deciding", "the second proposal")
            assert session.controls.can_undo and session.controls.undo() == "main.py"  # the first write is undone
            # conf.py's proposal did not depend on main.py... but every edit's diff is re-checked
            await until(lambda: len(decider.asked) == 3, "the proposal shown again")
            assert decider.cancelled == 1 and "an undo" in decider.asked[2].note
            assert decider.answer is not None  # (waited for above)
            decider.answer.set_result(Choice("approve"))
            await until(lambda: len(decider.asked) == 4, "done")
            session.controls.request_stop("enough")  # a pending decision ends with stop, logged
            outcome = await asyncio.wait_for(run, 10)
    assert outcome.status == "stopped" and outcome.summary == "enough"
    assert (workspace.root / "main.py").read_text() != FIXED and (workspace.root / "conf.py").read_text().endswith("3\n")
    decisions = [(e.decision, e.reason) for e in of(read_log(tmp_path / "s.jsonl").events, Decision)]
    assert decisions == [("approve", ""), ("approve", ""), ("stop", "enough")]


async def test_cancel_applies_only_to_what_is_in_flight(workspace) -> None:
    slow = turn({"action": "list_dir", "path": "."}, thinking="x" * 400, split="bytes", delay=0.01)
    decider = WaitingDecider()
    async with ReplayServer({CHAT: [slow]}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="t"), decider)
            assert not session.controls.can_cancel and session.controls.cancel() is None
            run = asyncio.create_task(session.run())
            await until(lambda: session.state == "streaming" and session.controls.can_cancel, "the stream")
            assert session.controls.cancel() == "generation"
            outcome = await asyncio.wait_for(run, 10)
    assert outcome.status == "backend_error"  # the decider said stop after the cancel
