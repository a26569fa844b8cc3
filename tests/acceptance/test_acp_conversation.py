"""One ACP session is one conversation, through the installed `smallops acp` and the protocol's own
Python SDK as the client: later prompts go on with it (the model is sent the earlier prompts'
conversation, the log is the same, every tool call's id is new), a logged session is listed for its
cwd and loaded again (its history replayed as updates, then it goes on), the session modes are the
approval modes, the editor's files are read and written through the client when it offers `fs`
(commands still run in smallops's sandbox), the `plan` lever's plan is a plan update, and the
client's MCP servers are said not to be used."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from acp.schema import McpServerStdio

from smallops_tui.agent import read_log
from smallops_tui.agent.log.events import ApprovalModeChanged, Decision, TaskStarted
from smallops_tui.backends.shipped_models import DEFAULT_MODEL, SHIPPED_MODELS

from ..replay_server import ReplayServer, ThreadedReplayServer
from ..streams import token_turn
from .acp_client import RecordingClient, choose, smallops_acp
from .conftest import CALC, FIXED, MODEL, ollama_routes, session_logs

STAND_IN = Path(__file__).resolve().parent.parent / "stand_in_worker.py"
TEXT = [{"type": "text", "text": "look at calc.py"}]


def ollama_args(url: str, *more: str) -> list[str]:
    return ["--backend", "ollama", "--url", url, "--model", MODEL, "--levers", "none", *more]


def chats(server: ReplayServer) -> list[list[str]]:
    return [[m["content"] for m in r.json()["messages"]] for r in server.requests if r.path == "/api/chat"]


def call_ids(client: RecordingClient) -> list[str]:
    return [u.tool_call_id for u in client.of_kind("tool_call")]


def prompt_of(text: str) -> list[dict[str, str]]:
    return [{"type": "text", "text": text}]


async def test_later_prompts_go_on_with_the_conversation_in_one_log(smallops_bin, app_env, calc_workspace,
                                                                    tmp_path) -> None:
    turns = [token_turn({"action": "read_file", "path": "calc.py"}), token_turn({"action": "done", "summary": "read"}),
             token_turn({"action": "write_file", "path": "calc.py", "content": FIXED}),
             token_turn({"action": "done", "summary": "fixed"})]
    client = RecordingClient([choose("allow_once")] * 4)
    with ThreadedReplayServer(ollama_routes(turns)) as server:
        async with smallops_acp(smallops_bin, ollama_args(server.url), app_env, calc_workspace, client,
                                tmp_path / "stderr.txt") as (conn, _):
            session = await conn.new_session(cwd=str(calc_workspace), mcp_servers=[])
            first = await conn.prompt(session_id=session.session_id, prompt=TEXT)
            second = await conn.prompt(session_id=session.session_id, prompt=prompt_of("now fix add"))
        sent = chats(server)

    assert (first.stop_reason, second.stop_reason) == ("end_turn", "end_turn"), (tmp_path / "stderr.txt").read_text()
    # The second prompt's first request carries the first prompt's conversation, then the new task.
    assert sent[2][1].startswith("Task: look at calc.py") and "Contents of calc.py" in sent[2][3]
    assert json.loads(sent[2][4])["summary"] == "read" and sent[2][-1].startswith("New task: now fix add")
    # Every tool call of the session's life has an id of its own.
    ids = call_ids(client)
    assert len(ids) == 4 and len(set(ids)) == 4
    assert [asked.tool_call.tool_call_id for asked in client.asked] == ids
    # One log, named by the session's id, for both prompts.
    logs = session_logs(tmp_path)
    assert [log.stem for log in logs] == [session.session_id]
    assert first.field_meta["smallops"]["log"] == second.field_meta["smallops"]["log"] == str(logs[0])
    events = read_log(logs[0]).events
    assert [e.task for e in events if isinstance(e, TaskStarted)] == ["now fix add"]
    assert (calc_workspace / "calc.py").read_text() == FIXED


async def test_a_logged_session_is_listed_loaded_and_goes_on(smallops_bin, app_env, calc_workspace,
                                                             tmp_path) -> None:
    turns = [token_turn({"action": "read_file", "path": "calc.py"}), token_turn({"action": "done", "summary": "read"})]
    client = RecordingClient([choose("allow_once")] * 2)
    with ThreadedReplayServer(ollama_routes(turns)) as server:
        async with smallops_acp(smallops_bin, ollama_args(server.url), app_env, calc_workspace, client,
                                tmp_path / "stderr.txt") as (conn, _):
            session = await conn.new_session(cwd=str(calc_workspace), mcp_servers=[])
            await conn.prompt(session_id=session.session_id, prompt=TEXT)

    # Another process, as after an editor restart: the session is listed for this cwd, and loaded.
    turns = [token_turn({"action": "done", "summary": "still fine"})]
    later = RecordingClient([choose("allow_once")])
    with ThreadedReplayServer(ollama_routes(turns)) as server:
        async with smallops_acp(smallops_bin, ollama_args(server.url), app_env, calc_workspace, later,
                                tmp_path / "stderr-2.txt") as (conn, _):
            capabilities = later.initialized.agent_capabilities
            assert capabilities.load_session and capabilities.session_capabilities.list is not None
            listed = await conn.list_sessions(cwd=str(calc_workspace))
            assert [(s.session_id, s.title, s.cwd) for s in listed.sessions] == [
                (session.session_id, "look at calc.py", str(calc_workspace))]
            assert (await conn.list_sessions(cwd=str(tmp_path))).sessions == []
            loaded = await conn.load_session(cwd=str(calc_workspace), session_id=session.session_id, mcp_servers=[])
            history = list(later.updates)  # what came before the load's answer
            reply = await conn.prompt(session_id=session.session_id, prompt=prompt_of("is add right?"))
        sent = chats(server)

    assert loaded.modes is not None and loaded.modes.current_mode_id == "manual"
    kinds = [u.session_update for u in history]
    assert kinds[0] == "user_message_chunk" and history[0].content.text == "look at calc.py"
    read = next(u for u in history if u.session_update == "tool_call")
    assert read.title == "read_file calc.py"
    assert any(u.session_update == "tool_call_update" and u.tool_call_id == read.tool_call_id
               and u.status == "completed" for u in history)
    assert "Session ended (done): read" in "".join(u.content.text for u in history
                                                    if u.session_update == "agent_message_chunk")
    assert reply.stop_reason == "end_turn", (tmp_path / "stderr-2.txt").read_text()
    assert "Contents of calc.py" in sent[0][3] and sent[0][-1].startswith("New task: is add right?")
    assert call_ids(later)[-1] not in call_ids(later)[:-1]  # the new call's id is not a logged one's
    logs = session_logs(tmp_path)
    assert len(logs) == 1 and [e.task for e in read_log(logs[0]).events if isinstance(e, TaskStarted)] == [
        "is add right?"]


async def test_the_modes_are_the_approval_modes_and_switching_changes_what_is_asked(
        smallops_bin, app_env, calc_workspace, tmp_path) -> None:
    read = {"action": "read_file", "path": "calc.py"}
    turns = [token_turn(read), token_turn({"action": "done", "summary": "one"}),
             token_turn(read), token_turn({"action": "done", "summary": "two"})]
    client = RecordingClient([choose("allow_once")] * 4)  # (one more than asked: a mode not applied would ask it)
    with ThreadedReplayServer(ollama_routes(turns)) as server:
        async with smallops_acp(smallops_bin, ollama_args(server.url), app_env, calc_workspace, client,
                                tmp_path / "stderr.txt") as (conn, _):
            session = await conn.new_session(cwd=str(calc_workspace), mcp_servers=[])
            assert session.modes is not None and session.modes.current_mode_id == "manual"
            assert [m.id for m in session.modes.available_modes] == ["manual", "auto-low"]
            await conn.set_session_mode(session_id=session.session_id, mode_id="auto-low")
            await conn.prompt(session_id=session.session_id, prompt=TEXT)
            await conn.set_session_mode(session_id=session.session_id, mode_id="manual")
            await conn.prompt(session_id=session.session_id, prompt=prompt_of("read it again"))
            refused: Any = None
            try:
                await conn.set_session_mode(session_id=session.session_id, mode_id="yolo")
            except Exception as exc:  # noqa: BLE001 — the SDK raises the agent's error
                refused = exc
    # Under auto-low the read ran unasked; back in manual, the same read was asked about.
    assert [a.tool_call.title for a in client.asked] == ["done: one", "read_file calc.py", "done: two"]
    assert refused is not None and "no mode 'yolo'" in str(refused)
    events = read_log(session_logs(tmp_path)[0]).events
    log = read_log(session_logs(tmp_path)[0])
    assert log.header.approval_mode == "auto-low"  # set before the session's first prompt: how it started
    assert [e.mode for e in events if isinstance(e, ApprovalModeChanged)] == ["manual"]  # then switched, logged
    assert [e.by for e in events if isinstance(e, Decision)] == ["auto", "human", "human", "human"]


async def test_the_editor_s_files_are_read_and_written_through_the_client(smallops_bin, app_env, calc_workspace,
                                                                        tmp_path) -> None:
    calc = str(calc_workspace / "calc.py")
    unsaved = CALC.replace('"""Tiny calculator."""', '"""Tiny calculator (edited, not saved)."""')
    fixed = unsaved.replace("return a - b\n\n\ndef sub", "return a + b\n\n\ndef sub")
    turns = [token_turn({"action": "read_file", "path": "calc.py"}),
             token_turn({"action": "write_file", "path": "calc.py", "content": fixed}),
             token_turn({"action": "run_command", "command": "cat calc.py"}),
             token_turn({"action": "done", "summary": "fixed"})]
    client = RecordingClient([choose("allow_once")] * 4, buffers={calc: unsaved})
    with ThreadedReplayServer(ollama_routes(turns)) as server:
        async with smallops_acp(smallops_bin, ollama_args(server.url), app_env, calc_workspace, client,
                                tmp_path / "stderr.txt") as (conn, _):
            session = await conn.new_session(cwd=str(calc_workspace), mcp_servers=[])
            reply = await conn.prompt(session_id=session.session_id, prompt=TEXT)
        sent = chats(server)

    assert reply.stop_reason == "end_turn", (tmp_path / "stderr.txt").read_text()
    assert "edited, not saved" in sent[1][-1]  # the model read the editor's text, not the disk's
    write = client.asked[1].tool_call
    diff = next(c for c in write.content if c.type == "diff")
    assert (diff.path, diff.old_text, diff.new_text) == (calc, unsaved, fixed)  # against what the person sees
    assert client.writes == [(calc, fixed)]  # written through the editor, exactly
    assert (calc_workspace / "calc.py").read_bytes() == fixed.encode()
    done = [u for u in client.of_kind("tool_call_update") if u.tool_call_id == write.tool_call_id
            and u.status == "completed"]
    assert done and any(c.type == "diff" and c.new_text == fixed for c in done[0].content)  # the diff stays
    assert client.forbidden_calls == []  # no terminal: the command ran in smallops's sandbox
    assert "edited, not saved" in sent[3][-1]  # `cat` read the file the editor wrote


async def test_client_mcp_servers_are_said_not_to_be_used(smallops_bin, app_env, calc_workspace, tmp_path) -> None:
    client = RecordingClient([choose("allow_once")])
    with ThreadedReplayServer(ollama_routes([token_turn({"action": "done", "summary": "ok"})])) as server:
        async with smallops_acp(smallops_bin, ollama_args(server.url), app_env, calc_workspace, client,
                                tmp_path / "stderr.txt") as (conn, _):
            servers = [McpServerStdio(name="files", command="/bin/true", args=[], env=[])]
            session = await conn.new_session(cwd=str(calc_workspace), mcp_servers=servers)
            await conn.prompt(session_id=session.session_id, prompt=TEXT)
    said = client.text_of("agent_message_chunk")
    assert "the MCP servers this client offered (files) are not used" in said
    assert any(e.type == "notice" and "(files) are not used" in getattr(e, "text", "")
               for e in read_log(session_logs(tmp_path)[0]).events)


async def test_the_plan_lever_s_plan_is_a_plan_update(smallops_bin, app_env, calc_workspace, tmp_path) -> None:
    model = next(name for name in SHIPPED_MODELS if name != DEFAULT_MODEL)  # (the default is assembled from 1.1 GB)
    worker = f"{sys.executable} {STAND_IN} --plan 'list the files, then read calc.py'"
    env = dict(app_env, OLLAMA_HOST="http://127.0.0.1:9", SMALLOPS_EMBEDDED_WORKER=worker)
    client = RecordingClient([choose("allow_once")])  # the second question stays open
    async with smallops_acp(smallops_bin, ["--model", model, "--levers", "plan"], env, calc_workspace, client,
                            tmp_path / "stderr.txt") as (conn, _):
        session = await conn.new_session(cwd=str(calc_workspace), mcp_servers=[])
        running = asyncio.ensure_future(conn.prompt(session_id=session.session_id, prompt=prompt_of("list the files")))
        await client.wait_asked(2)
        await conn.cancel(session_id=session.session_id)
        await asyncio.wait_for(running, 60)
    plans = client.of_kind("plan")
    assert plans, (tmp_path / "stderr.txt").read_text()[-2000:]
    first, second = plans[0].entries, plans[-1].entries
    assert [(e.content, e.status) for e in first] == [("list the files, then read calc.py", "in_progress")]
    assert [(e.content, e.status) for e in second] == [("list_dir .", "completed"),
                                                       ("list the files, then read calc.py", "in_progress")]


async def test_strict_where_the_protocol_is(smallops_bin, app_env, calc_workspace, tmp_path) -> None:
    """Through the SDK's client too: a session before `initialize` is refused, then a system
    directory as the cwd, each in a sentence."""
    import acp

    client = RecordingClient([])
    with (tmp_path / "stderr.txt").open("wb") as log:
        # (RecordingClient serves what smallops asks of a client, not every method of the protocol)
        async with acp.spawn_agent_process(client, str(smallops_bin), "acp", "--backend", "ollama", "--url",  # type: ignore[arg-type]
                                           "http://127.0.0.1:9", env=app_env, cwd=calc_workspace,
                                           transport_kwargs={"stderr": log}) as (conn, _):
            with pytest.raises(acp.RequestError, match="session/new before initialize"):
                await conn.new_session(cwd=str(calc_workspace), mcp_servers=[])
            await conn.initialize(protocol_version=acp.PROTOCOL_VERSION)
            with pytest.raises(acp.RequestError, match="is a system directory"):
                await conn.new_session(cwd="/etc", mcp_servers=[])
