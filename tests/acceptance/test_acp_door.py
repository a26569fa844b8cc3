"""Through the ACP door: the installed `smallops acp`, driven by the SDK's client side (code nobody
here wrote), against an Ollama that keeps connections alive and streams one token per chunk.

One session, as a person in an editor runs it: a read approved, a write approved, a HIGH command
rejected with a reason, `done` approved. Then the file on disk, the reason in the model's next
request, the streamed thought chunks, the permission requests (risk, rules, diff), and the log,
which replays in the app. Then HIGH's second question, and a cancel that ends the session as
stopped with nothing run."""

from __future__ import annotations

import asyncio

from smallops_tui.agent import read_log
from smallops_tui.forking import load_replay, prepare_fork

from ..streams import token_turn
from .acp_client import RecordingClient, cancelled, choose, smallops_acp
from .conftest import CALC, FIXED, MODEL, ollama_routes, session_logs
from .terminal import Terminal
from smallops_tui.agent.log.events import Decision, SessionEnded
from ..typed import last, of

REASON = "never delete the build folder"


def ollama_args(url: str) -> list[str]:
    # No levers: these tests are of the door; a lever answering an action itself would leave a
    # scripted proposal unasked (the levers' own answers are tested in tests/functional/test_levers*.py).
    return ["--backend", "ollama", "--url", url, "--model", MODEL, "--levers", "none"]


def text_of(content: list) -> str:
    return "\n".join(item.content.text for item in content if item.type == "content")


async def test_a_supervised_session_driven_by_the_sdk_client(smallops_bin, app_env, calc_workspace, tmp_path,
                                                             ollama) -> None:
    turns = [
        token_turn({"action": "read_file", "path": "calc.py"}, thinking="Read the file first."),
        token_turn({"action": "write_file", "path": "calc.py", "content": FIXED}, thinking="The sign is wrong."),
        token_turn({"action": "run_command", "command": "rm -rf build"}, thinking="Clean up."),
        token_turn({"action": "done", "summary": "fixed add in calc.py"}),
    ]
    client = RecordingClient([choose("allow_once"), choose("allow_once"), choose("reject_once", REASON),
                              choose("allow_once")])
    with ollama(ollama_routes(turns)) as server:
        async with smallops_acp(smallops_bin, ollama_args(server.url), app_env, calc_workspace, client,
                                tmp_path / "stderr.txt") as (conn, _):
            session = await conn.new_session(cwd=str(calc_workspace), mcp_servers=[])
            reply = await conn.prompt(session_id=session.session_id,
                                      prompt=[{"type": "text", "text": "fix add in calc.py"}])
        chats = [request.json() for request in server.requests if request.path == "/api/chat"]

    assert reply.stop_reason == "end_turn", (tmp_path / "stderr.txt").read_text()
    assert reply.field_meta["smallops"]["status"] == "done"
    # The approved write is byte-exact; the rejected command never ran.
    assert (calc_workspace / "calc.py").read_bytes() == FIXED.encode()
    assert (calc_workspace / "build" / "out.txt").exists()
    # The reason reached the model with its next request.
    assert len(chats) == 4
    assert REASON in chats[3]["messages"][-1]["content"]
    # Reasoning streamed as thought chunks, the answers as message chunks.
    thoughts = client.text_of("agent_thought_chunk")
    assert "Read the file first." in thoughts and "The sign is wrong." in thoughts and "Clean up." in thoughts
    assert '"action": "read_file"' in client.text_of("agent_message_chunk")

    # Every proposal reached the client as a permission request with its risk and, for the write, its diff.
    titles = [asked.tool_call.title for asked in client.asked]
    assert titles == ["read_file calc.py", "write_file calc.py", "run_command: rm -rf build",
                      "done: fixed add in calc.py"]
    for asked in client.asked:
        assert {o.kind for o in asked.options} == {"allow_once", "reject_once"}
        assert text_of(asked.tool_call.content).startswith("Risk: ")
    command = client.asked[2].tool_call
    assert "Risk: HIGH" in text_of(command.content)
    assert command.field_meta["smallops"]["risk"] == "HIGH" and command.field_meta["smallops"]["rules"]
    assert all(rule in text_of(command.content) for rule in command.field_meta["smallops"]["rules"])
    diffs = [item for item in client.asked[1].tool_call.content if item.type == "diff"]
    assert len(diffs) == 1
    assert diffs[0].path == str(calc_workspace / "calc.py")
    assert (diffs[0].old_text, diffs[0].new_text) == (CALC, FIXED)
    # Outcomes came back as tool-call updates; nothing was asked of the client's fs/ or terminal/.
    finals = {u.tool_call_id: u.status for u in client.of_kind("tool_call_update")
              if u.status in ("completed", "failed")}
    starts = [u.tool_call_id for u in client.of_kind("tool_call")]
    assert [finals[call] for call in starts] == ["completed", "completed", "failed", "completed"]
    assert client.forbidden_calls == []

    logs = session_logs(tmp_path)
    assert len(logs) == 1 and reply.field_meta["smallops"]["log"] == str(logs[0])
    events = read_log(logs[0]).events
    assert last(events, SessionEnded).reason == "done"
    assert [e.decision for e in of(events, Decision)] == ["approve", "approve", "reject", "approve"]
    assert read_log(logs[0]).header.options["front_end"] == "acp"

    replay = Terminal([str(smallops_bin), "replay", str(logs[0])], app_env, calc_workspace)
    try:
        replay.wait_for("replay · ollama", "the replay")
        replay.press_until("end", "SESSION ENDED", "the last step")
        assert "fixed add in calc.py" in replay.text()
        replay.press("q")
        assert replay.wait_exit() == (0, None)
    finally:
        replay.kill()
    # And it forks as any log does (what `run --from` and `f` in the replay build on).
    for step, calc in ((1, CALC), (2, FIXED)):
        fork = prepare_fork(load_replay(logs[0]), step, tmp_path / f"fork-{step}")
        assert (fork.workspace / "calc.py").read_text() == calc
        assert (fork.workspace / "build" / "out.txt").read_text() == "keep\n"


async def test_high_risk_asks_twice_and_runs_only_when_confirmed(smallops_bin, app_env, calc_workspace, tmp_path,
                                                                 ollama) -> None:
    turns = [
        token_turn({"action": "run_command", "command": "rm -rf build"}),
        token_turn({"action": "run_command", "command": "rm -f build/out.txt"}),
        token_turn({"action": "done", "summary": "removed the build output"}),
    ]
    # The first command: allowed, then not confirmed. The second: allowed and confirmed.
    client = RecordingClient([choose("allow_once"), choose("reject_once", "not this one"),
                              choose("allow_once"), choose("allow_once"), choose("allow_once")])
    with ollama(ollama_routes(turns)) as server:
        async with smallops_acp(smallops_bin, ollama_args(server.url), app_env, calc_workspace, client,
                                tmp_path / "stderr.txt") as (conn, _):
            session = await conn.new_session(cwd=str(calc_workspace), mcp_servers=[])
            reply = await conn.prompt(session_id=session.session_id, prompt=[{"type": "text", "text": "clean"}])
        chats = [request.json() for request in server.requests if request.path == "/api/chat"]

    assert reply.stop_reason == "end_turn", (tmp_path / "stderr.txt").read_text()
    titles = [asked.tool_call.title for asked in client.asked]
    assert titles == ["run_command: rm -rf build", "Confirm HIGH risk: run_command: rm -rf build",
                      "run_command: rm -f build/out.txt", "Confirm HIGH risk: run_command: rm -f build/out.txt",
                      "done: removed the build output"]
    assert {o.kind for o in client.asked[1].options} == {"allow_once", "reject_once"}
    assert client.asked[1].options[0].option_id != client.asked[0].options[0].option_id  # not the same answer again
    assert "not this one" in chats[1]["messages"][-1]["content"]
    assert not (calc_workspace / "build" / "out.txt").exists()  # the confirmed one ran
    assert (calc_workspace / "build").is_dir()  # the unconfirmed one did not
    events = read_log(session_logs(tmp_path)[0]).events
    assert [e.decision for e in of(events, Decision)] == ["reject", "approve", "approve"]


async def test_a_cancel_while_a_permission_waits_ends_the_session_as_stopped(smallops_bin, app_env, calc_workspace,
                                                                             tmp_path, ollama) -> None:
    turns = [token_turn({"action": "write_file", "path": "calc.py", "content": FIXED})]
    client = RecordingClient([])  # the question stays open
    with ollama(ollama_routes(turns)) as server:
        async with smallops_acp(smallops_bin, ollama_args(server.url), app_env, calc_workspace, client,
                                tmp_path / "stderr.txt") as (conn, _):
            session = await conn.new_session(cwd=str(calc_workspace), mcp_servers=[])
            prompt = asyncio.ensure_future(conn.prompt(session_id=session.session_id,
                                                       prompt=[{"type": "text", "text": "fix it"}]))
            await client.wait_asked(1)
            await conn.cancel(session_id=session.session_id)
            reply = await asyncio.wait_for(prompt, 60)
        del server

    assert reply.stop_reason == "cancelled"
    assert (calc_workspace / "calc.py").read_text() == CALC  # nothing was written
    events = read_log(session_logs(tmp_path)[0]).events
    assert last(events, SessionEnded).reason == "stopped"
    assert "cancelled by the client" in last(events, SessionEnded).summary


async def test_an_answer_of_cancelled_runs_nothing(smallops_bin, app_env, calc_workspace, tmp_path, ollama) -> None:
    turns = [token_turn({"action": "write_file", "path": "calc.py", "content": FIXED})]
    client = RecordingClient([cancelled])
    with ollama(ollama_routes(turns)) as server:
        async with smallops_acp(smallops_bin, ollama_args(server.url), app_env, calc_workspace, client,
                                tmp_path / "stderr.txt") as (conn, _):
            session = await conn.new_session(cwd=str(calc_workspace), mcp_servers=[])
            reply = await conn.prompt(session_id=session.session_id, prompt=[{"type": "text", "text": "fix it"}])
        del server

    assert reply.stop_reason == "cancelled"
    assert (calc_workspace / "calc.py").read_text() == CALC
    ended = last(read_log(session_logs(tmp_path)[0]).events, SessionEnded)
    assert ended.reason == "stopped" and ended.summary.startswith("the client cancelled the question")
    # The tool call says it stopped, and why, once each (it said "stopped: stopped: …; nothing ran; nothing ran").
    failed = [u.content[0].content.text for u in client.of_kind("tool_call_update") if u.status == "failed"]
    assert failed == ["stopped: the client cancelled the question or could not answer it; nothing ran"]
    assert "Session ended (stopped): the client cancelled" in client.text_of("agent_message_chunk")
