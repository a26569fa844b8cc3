"""A conversation, not a one-shot: after a task ends (done, a stop, the step cap) the same session
goes on with a follow-up task. The model is sent everything so far (seen in the requests the server
received), the workspace's history and undo stay, the log goes on after a `task_started` line, and
a logged session is taken up again by another session object (as `run --continue` and ACP's
session/load do) in the same log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from smallops_tui.agent import Choice, Proposal, ScriptedPolicy, Session, SessionConfig, read_log
from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.history.continuing import continuation_of
from smallops_tui.agent.history.fork import conversation_at, rebuild_workspace
from smallops_tui.agent.history.replay import Replay
from smallops_tui.agent.log.events import Decision, FilesChanged, Notice, SessionEnded, TaskStarted
from smallops_tui.agent.session.context import drop_oldest, estimate_tokens
from smallops_tui.agent.session.fold import Line
from smallops_tui.backends import OllamaBackend

from ..replay_server import ReplayServer
from ..streams import turn

CHAT = "/api/chat"
FIXED = "def add(a, b):\n    return a + b\n\n\nprint(add(2, 3))\n"


def chats(server: ReplayServer) -> list[dict]:
    return [r.json() for r in server.requests if r.path == CHAT]


def contents(request: dict) -> list[str]:
    return [m["content"] for m in request["messages"]]


async def test_a_follow_up_task_goes_on_with_the_whole_conversation_in_the_same_log(workspace, tmp_path) -> None:
    turns = [turn({"action": "write_file", "path": "main.py", "content": FIXED}),
             turn({"action": "done", "summary": "fixed add"}),
             turn({"action": "write_file", "path": "notes.txt", "content": "tested\n"}),
             turn({"action": "done", "summary": "noted"})]
    log = tmp_path / "s.jsonl"
    async with ReplayServer({CHAT: turns}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="fix add in main.py"),
                              ScriptedPolicy("approve-all"), log)
            first = await session.run()
            second = await session.follow_up("now write 'tested' to notes.txt")
        requests = chats(server)

    assert (first.status, second.status) == ("done", "done")
    # The follow-up's first request carries the first task's whole conversation, then the new task.
    sent = contents(requests[2])
    assert sent[1].startswith("Task: fix add in main.py") and FIXED in json.loads(sent[2])["content"]
    assert sent[3].startswith("Applied to main.py") and json.loads(sent[4]) == {"action": "done", "summary": "fixed add"}
    assert sent[5].startswith("New task: now write 'tested' to notes.txt") and len(sent) == 6
    # The workspace's history stays: both edits can be undone, the last first.
    assert [c.path for c in workspace.checkpoints] == ["main.py", "notes.txt"]
    # One log: one header, the second task where it began, an end for each task.
    contents_ = read_log(log)
    types = [e.type for e in contents_.events]
    assert types.count("session_ended") == 2 and types.count("task_started") == 1
    started = next(e for e in contents_.events if isinstance(e, TaskStarted))
    assert (started.step, started.task, started.number) == (3, "now write 'tested' to notes.txt", 2)
    assert started.text == sent[5]
    ends = [e for e in contents_.events if isinstance(e, SessionEnded)]
    assert [e.step for e in ends] == [2, 4] and ends[1].modified == ["notes.txt"]  # this task's own change
    replay = Replay.load(log)
    assert replay.tasks == [(1, "fix add in main.py"), (3, "now write 'tested' to notes.txt")]
    assert replay.ended is not None and replay.ended.step == 4
    view = replay.fold().steps[2]
    assert view.number == 3 and view.items[0] == Line("Task 2: now write 'tested' to notes.txt", "outcome")
    # A fork inside the second task carries the whole conversation, as the model saw it.
    messages, _ = conversation_at(replay, 3)
    assert [m["content"] for m in messages][:6] == sent


async def test_what_changed_between_tasks_is_recorded_and_the_net_change_counts_from_the_task(workspace,
                                                                                            tmp_path) -> None:
    turns = [turn({"action": "write_file", "path": "main.py", "content": FIXED}),
             turn({"action": "done", "summary": "fixed"}),
             turn({"action": "done", "summary": "nothing more"})]
    log = tmp_path / "s.jsonl"
    async with ReplayServer({CHAT: turns}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="fix add"), ScriptedPolicy("approve-all"), log)
            await session.run()
            (workspace.root / "by-hand.txt").write_text("the person wrote this\n")  # between the tasks
            second = await session.follow_up("anything else?")

    assert second.created == () and second.modified == ()  # not the person's file, not the first task's edit
    assert second.net_diff.startswith("net change since this task started:") and "by-hand" not in second.net_diff
    outside = [e for e in read_log(log).events if isinstance(e, FilesChanged) and e.by == "outside"]
    assert [(e.step, [f.path for f in e.files]) for e in outside] == [(3, ["by-hand.txt"])]
    # A fork after the follow-up's first step has the person's file too.
    rebuilt = rebuild_workspace(Replay.load(log), 3, tmp_path / "fork")
    assert (rebuilt.root / "by-hand.txt").read_text() == "the person wrote this\n"
    assert (rebuilt.root / "main.py").read_text() == FIXED


class StopFirst:
    async def decide(self, proposal: Proposal) -> Choice:
        return Choice("stop", reason="not that")

    async def after_backend_error(self, kind: str, message: str):
        return "stop"


async def test_after_a_stop_the_next_task_says_the_last_proposal_did_not_run(workspace, tmp_path) -> None:
    turns = [turn({"action": "run_command", "command": "rm -rf build"}), turn({"action": "done", "summary": "ok"})]
    async with ReplayServer({CHAT: turns}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="clean"), StopFirst(), tmp_path / "s.jsonl")
            assert (await session.run()).status == "stopped"
            session.decider = ScriptedPolicy("approve-all")
            assert (await session.follow_up("just say done")).status == "done"
        last = contents(chats(server)[1])[-1]
    assert last.startswith("The person stopped the last task; your last proposal did not run.\nNew task: just say")
    assert (workspace.root / "build").exists()


async def test_each_task_has_the_step_cap_and_a_mode_switched_between_tasks_holds_and_is_logged(workspace,
                                                                                               tmp_path) -> None:
    read = turn({"action": "read_file", "path": "main.py"})
    turns = [read, turn({"action": "list_dir", "path": "."}), turn({"action": "read_file", "path": "README.md"}),
             turn({"action": "done", "summary": "read"})]
    asked: list[int] = []

    class Counting(ScriptedPolicy):
        async def decide(self, proposal: Proposal) -> Choice:
            asked.append(proposal.step)
            return await super().decide(proposal)

    log = tmp_path / "s.jsonl"
    async with ReplayServer({CHAT: turns}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="look", step_cap=2), Counting("approve-all"), log)
            assert (await session.run()).status == "step_cap"
            assert session.controls.set_approval_mode("auto-low")  # between the tasks: for the next one
            assert (await session.follow_up("read the README, then say done")).status == "done"
    assert asked == [1, 2, 4]  # the follow-up's LOW read went by the mode; its `done` still asked
    events = read_log(log).events
    types = [e.type for e in events]
    assert types.index("approval_mode_changed") > types.index("session_ended")
    assert types.index("approval_mode_changed") < types.index("task_started")
    assert [e.by for e in events if isinstance(e, Decision)] == ["policy", "policy", "auto", "policy"]


async def test_a_logged_session_is_taken_up_again_in_the_same_log(workspace, tmp_path) -> None:
    turns = [turn({"action": "write_file", "path": "main.py", "content": FIXED}),
             turn({"action": "done", "summary": "fixed"}),
             turn({"action": "done", "summary": "checked"})]
    log = tmp_path / "s.jsonl"
    async with ReplayServer({CHAT: turns}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            first = Session(backend, workspace, SessionConfig(task="fix add"), ScriptedPolicy("approve-all"), log)
            await first.run()
            with log.open("ab") as f:  # the app was killed while it wrote a line
                f.write(b'{"t":9.5,"step":2,"type":"not')
            replay = Replay.load(log)
            continuation, notes = continuation_of(replay)
            assert continuation.step == 2 and continuation.ended == "done" and notes  # (the cut-off line, said)
            again = Session(backend, Workspace(workspace.root), SessionConfig(task="fix add"),
                            ScriptedPolicy("approve-all"), log, header=replay.header, continuation=continuation)
            outcome = await again.follow_up("check it again")
        requests = chats(server)

    assert outcome.status == "done" and outcome.steps == 3
    sent = contents(requests[2])
    assert FIXED in json.loads(sent[2])["content"] and sent[-1].startswith("New task: check it again")
    contents_ = read_log(log)  # readable, whole: the cut-off line was dropped, and said
    assert not contents_.torn and contents_.header.task == "fix add"
    types = [e.type for e in contents_.events]
    assert types.count("task_started") == 1 and types.count("session_ended") == 2
    assert any(isinstance(e, Notice) and "last line was cut off" in e.text for e in contents_.events)
    started = next(e for e in contents_.events if isinstance(e, TaskStarted))
    before = max(e.t for e in contents_.events[: contents_.events.index(started)])
    assert started.t >= before  # the log's clock goes on


def test_the_context_rule_keeps_the_task_in_force() -> None:
    messages = [{"role": "system", "content": "s"}, {"role": "user", "content": "task"}]
    for i in range(8):
        messages += [{"role": "assistant", "content": f"reply {i} " + "r" * 400},
                     {"role": "user", "content": (f"New task {i}" if i == 1 else f"result {i} ") + "u" * 400}]
    window = int(estimate_tokens(messages) / 1.3)  # well past the window: the oldest turns go
    kept, dropped = drop_oldest(messages, window, keep_turns=2, keep=frozenset({5}))
    assert dropped is not None and 5 not in dropped.indices and messages[5] in kept
    without = drop_oldest(messages, window, keep_turns=2)[1]
    assert without is not None and without.indices[:4] == (2, 3, 4, 5)  # without it, it would go


async def test_a_follow_up_waits_for_the_end_and_needs_words(workspace) -> None:
    from smallops_tui.agent import NotNow

    session = Session(OllamaBackend("http://127.0.0.1:9", "m"), workspace, SessionConfig(task="t"), ScriptedPolicy())
    with pytest.raises(NotNow, match="still running"):
        await session.follow_up("next")
    with pytest.raises(ValueError, match="no task given"):
        await session.follow_up("   ")


async def two_task_log(workspace: Workspace, log: Path) -> None:
    """A session of two tasks, logged: fix add, then write notes.txt."""
    turns = [turn({"action": "write_file", "path": "main.py", "content": FIXED}),
             turn({"action": "done", "summary": "fixed add"}),
             turn({"action": "write_file", "path": "notes.txt", "content": "tested\n"}),
             turn({"action": "done", "summary": "noted"})]
    async with ReplayServer({CHAT: turns}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="fix add", sandbox="off"),
                              ScriptedPolicy("approve-all"), log)
            await session.run()
            await session.follow_up("write notes")


async def test_the_export_shows_where_each_task_began(workspace, tmp_path) -> None:
    from smallops_tui.transcript import export_html, export_markdown

    log = tmp_path / "s.jsonl"
    await two_task_log(workspace, log)
    markdown = export_markdown(Replay.load(log))
    assert markdown.index("## Task 1: fix add") < markdown.index("## Step 1") < markdown.index("## Task 2\n")
    assert markdown.index("## Task 2\n") < markdown.index("## Step 3") < markdown.index("Task 2: write notes")
    assert "tasks: 2" in markdown and markdown.count("SESSION ENDED") == 2
    assert "<h2 class=task>Task 2</h2>" in export_html(Replay.load(log))


def test_a_rerun_goes_on_with_the_recorded_follow_up_tasks(workspace, tmp_path, capsys, monkeypatch) -> None:
    import asyncio
    import io

    from smallops_tui.cli import main

    from ..replay_server import Reply, ThreadedReplayServer
    from .test_rerun import recorded_replies, routes

    log = tmp_path / "s.jsonl"
    asyncio.run(two_task_log(workspace, log))
    recorded = Replay.load(log)
    out, ws = tmp_path / "rerun.jsonl", tmp_path / "rerun-ws"
    replies: list[Reply] = recorded_replies(recorded)
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n" * 10))  # the person confirms each recorded approval
    with ThreadedReplayServer(routes(replies)) as server:
        code = main(["rerun", str(log), "--backend", "ollama", "--url", server.url, "--model", "llama3.2:1b",
                     "--out", str(out), "--workspace", str(ws)])
    printed = capsys.readouterr()
    rerun = Replay.load(out)
    assert code == 0 and "the rerun reproduced the recording" in printed.out, printed.out + printed.err
    assert rerun.tasks == recorded.tasks and rerun.outcome == "done"
    assert (ws / "notes.txt").read_text() == "tested\n"
    assert "task 2: write notes (as recorded)" in printed.err
    assert any(line.split()[:1] == ["task"] and "write notes" in line and line.rstrip().endswith("=")
               for line in printed.out.splitlines())
