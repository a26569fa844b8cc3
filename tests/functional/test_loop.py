"""The supervised loop against the replaying server, with scripted deciders."""

from __future__ import annotations

import asyncio

import pytest

from smallops_tui.agent import WriteFile, read_log
from smallops_tui.agent.session.loop import Choice, Proposal, ScriptedPolicy, Session, SessionConfig
from smallops_tui.backends import OllamaBackend

from ..harness import Recorder, run_session
from ..replay_server import ReplayServer
from ..streams import turn
from smallops_tui.agent.log.events import ActionProposed, BackendError, Decision, Executed, ParseFailed, ReasoningText, SessionEnded, Undone
from ..typed import last, of

CHAT = "/api/chat"


FIXED = "def add(a, b):\n    return a + b\n\n\nprint(add(2, 3))\n"


async def test_read_write_done(workspace, tmp_path) -> None:
    turns = [turn({"action": "read_file", "path": "main.py"}, thinking="look first"),
             turn({"action": "write_file", "path": "main.py", "content": FIXED}),
             turn({"action": "done", "summary": "fixed add"})]
    outcome, rec, server = await run_session(turns, workspace, tmp_path=tmp_path)
    assert outcome.status == "done" and outcome.modified == ("main.py",) and outcome.flags == []
    assert "modified: main.py" in outcome.net_diff and "+    return a + b" in outcome.net_diff
    assert (workspace.root / "main.py").read_text() == FIXED
    assert rec.types().count("executed") == 2 and rec.types()[-1] == "session_ended"
    # The real outcome went back: the file content after the read, the applied diff after the write.
    second, third = server.requests[1].json()["messages"], server.requests[2].json()["messages"]
    assert "return a - b" in second[-1]["content"] and second[-2]["role"] == "assistant"
    assert "+    return a + b" in third[-1]["content"]
    assert server.requests[0].json()["format"]["oneOf"]  # constrained by default
    log = read_log(tmp_path / "s.jsonl")
    assert [e.type for e in of(log.events, Executed)] == ["executed", "executed"]
    assert not log.torn
    assert last(log.events, SessionEnded).diff == outcome.net_diff  # the log keeps the net change too


async def test_high_risk_rejected_by_policy_and_reason_reaches_the_model(workspace) -> None:
    turns = [turn({"action": "run_command", "command": "rm -rf build"}),
             turn({"action": "done", "summary": "gave up"})]
    outcome, rec, server = await run_session(turns, workspace, ScriptedPolicy("approve-non-high"))
    assert (workspace.root / "build").exists()
    decision = rec.of(Decision)[0]
    assert decision.decision == "reject" and decision.by == "policy"
    assert "rejected your run_command" in server.requests[1].json()["messages"][-1]["content"]
    assert outcome.flags and outcome.flags[0].kind == "done_without_change"


async def test_parse_failure_is_fed_back_with_the_valid_actions(workspace) -> None:
    turns = [turn('{"action": "fix_bug", "path": "main.py"}'), turn({"action": "done", "summary": "x"})]
    _, rec, server = await run_session(turns, workspace)
    failed = rec.of(ParseFailed)[0]
    assert failed.kind == "unknown_action" and failed.raw == '{"action": "fix_bug", "path": "main.py"}'
    feedback = server.requests[1].json()["messages"][-1]["content"]
    assert "closest valid action is \"write_file\"" in feedback and '{"action": "list_dir"' in feedback


async def test_a_reply_cut_at_its_token_limit_is_said_to_be_cut_not_blamed_on_a_quote(workspace) -> None:
    """A long write cut at the answer limit, its content holding a raw quote (the embedded grammar
    lets an action's last string keep them): the parser meets the quote first. In a clone of this
    repository the model was told 'expected , or } but found f at character 910' four times over."""
    from ..replay_server import Reply
    from ..streams import ollama_body

    cut = '{"action": "write_file", "path": "NOTES.md", "content": "run smallops "fix the test" and then'
    turns = [Reply("ollama_plain_answer.ndjson", body=ollama_body(cut, done_reason="length")),
             turn({"action": "done", "summary": "x"})]
    _, rec, server = await run_session(turns, workspace)
    failed = rec.of(ParseFailed)[0]
    assert "cut off at the answer limit" in failed.message and "nothing was done" in failed.message, failed.message
    feedback = server.requests[1].json()["messages"][-1]["content"]
    assert "cut off at the answer limit" in feedback and "shorter action" in feedback


async def test_no_op_write_is_flagged_and_reported_as_no_change(workspace) -> None:
    same = (workspace.root / "main.py").read_text()
    turns = [turn({"action": "write_file", "path": "main.py", "content": same}),
             turn({"action": "done", "summary": "added the blank line"})]
    outcome, rec, server = await run_session(turns, workspace)
    assert [f.kind for f in rec.of(ActionProposed)[0].flags] == ["no_op"]
    assert "No change" in server.requests[1].json()["messages"][-1]["content"]
    assert [f.kind for f in outcome.flags] == ["done_without_change"]


class EditingDecider(ScriptedPolicy):
    async def decide(self, proposal: Proposal) -> Choice:
        if proposal.source == "model" and isinstance(proposal.action, WriteFile):
            return Choice("edit", edited=WriteFile(path="main.py", content=FIXED))
        return await super().decide(proposal)


async def test_edit_is_reclassified_and_the_log_keeps_both(workspace) -> None:
    turns = [turn({"action": "write_file", "path": "main.py", "content": "oops\n"}),
             turn({"action": "done", "summary": "fixed"})]
    _, rec, _ = await run_session(turns, workspace, EditingDecider("approve-all"))
    proposed = rec.of(ActionProposed)
    assert [p.source for p in proposed[:2]] == ["model", "person"]
    assert proposed[0].verdict.level == "HIGH" and proposed[1].verdict.level == "MEDIUM"
    assert (workspace.root / "main.py").read_text() == FIXED


class UndoingDecider(ScriptedPolicy):
    session: Session

    async def decide(self, proposal: Proposal) -> Choice:
        if proposal.step == 2:
            assert self.session.controls.undo() == "main.py"
        return await super().decide(proposal)


async def test_undo_puts_the_file_back_and_tells_the_model(workspace) -> None:
    original = (workspace.root / "main.py").read_text()
    decider = UndoingDecider("approve-all")
    turns = [turn({"action": "write_file", "path": "main.py", "content": FIXED}),
             turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "x"})]
    async with ReplayServer({CHAT: turns}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="t"), decider)
            decider.session = session
            rec = Recorder(session)
            await session.run()
    assert (workspace.root / "main.py").read_text() == original
    assert rec.of(Undone)[0].path == "main.py" and (diff := rec.of(Undone)[0].diff) is not None \
        and "-    return a + b" in diff
    assert "undid the last change to main.py" in server.requests[2].json()["messages"][-1]["content"]


async def test_refused_path_is_never_executed(workspace, tmp_path) -> None:
    turns = [turn({"action": "write_file", "path": "../escape.txt", "content": "x"}),
             turn({"action": "done", "summary": "x"})]
    _, rec, server = await run_session(turns, workspace, ScriptedPolicy("approve-all"))
    assert not (workspace.root.parent / "escape.txt").exists()
    assert rec.of(ActionProposed)[0].verdict.refused
    assert "refused" in server.requests[1].json()["messages"][-1]["content"]


async def test_backend_error_is_retried_once_then_stops(workspace) -> None:
    from ..replay_server import Reply

    turns = [Reply("ollama_error_midstream.ndjson"), turn({"action": "done", "summary": "ok"})]
    outcome, rec, _ = await run_session(turns, workspace)
    assert rec.of(BackendError)[0].kind == "stream_error" and outcome.status == "done"
    outcome, rec, _ = await run_session([Reply("ollama_error_midstream.ndjson")], workspace)
    assert outcome.status == "backend_error" and len(rec.of(BackendError)) == 2


async def test_step_cap(workspace) -> None:
    outcome, _, _ = await run_session([turn({"action": "list_dir", "path": "."})], workspace, step_cap=3)
    assert outcome.status == "step_cap" and outcome.steps == 3


async def test_cancel_generation_mid_stream(workspace) -> None:
    class StopAfterError(ScriptedPolicy):
        async def after_backend_error(self, kind: str, message: str):
            self.kind = kind
            return "stop"

    decider = StopAfterError("approve-all")
    slow = turn({"action": "list_dir", "path": "."}, thinking="x" * 400, split="bytes", delay=0.01)
    async with ReplayServer({CHAT: [slow]}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="t"), decider)
            rec = Recorder(session)
            task = asyncio.create_task(session.run())
            while not rec.of(ReasoningText):
                await asyncio.sleep(0.01)
            assert session.controls.cancel_generation()
            outcome = await asyncio.wait_for(task, 10)
            await server.wait_for_early_close()
    assert outcome.status == "backend_error" and decider.kind == "cancelled"


def test_unknown_policy() -> None:
    with pytest.raises(ValueError, match="unknown policy"):
        ScriptedPolicy("yolo")
