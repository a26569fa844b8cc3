"""The other turns a session takes over ACP, through the installed `smallops acp` and the SDK's
client: an unusable reply (the person sends the error back), a failed reply (the person retries),
LOW actions under `--approval auto-low` (no question, the tool call still shown), and the
embedded model with no server at all (the stand-in worker, as the run tests use)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from acp.schema import PromptResponse

from smallops_tui.agent import read_log
from smallops_tui.backends.shipped_models import DEFAULT_MODEL, SHIPPED_MODELS

from ..replay_server import Reply
from ..streams import token_turn
from .acp_client import RecordingClient, choose, smallops_acp
from .conftest import MODEL, ollama_routes, session_logs
from smallops_tui.agent.log.events import Decision
from ..typed import of

STAND_IN = Path(__file__).resolve().parent.parent / "stand_in_worker.py"


def ollama_args(url: str, *more: str) -> list[str]:
    # No levers: a lever answering an action itself would leave a scripted proposal unasked.
    return ["--backend", "ollama", "--url", url, "--model", MODEL, "--levers", "none", *more]


async def run_prompt(smallops_bin, args, env, workspace, client, tmp_path) -> PromptResponse:
    async with smallops_acp(smallops_bin, args, env, workspace, client, tmp_path / "stderr.txt") as (conn, _):
        session = await conn.new_session(cwd=str(workspace), mcp_servers=[])
        return await conn.prompt(session_id=session.session_id, prompt=[{"type": "text", "text": "look around"}])


async def test_an_unusable_reply_and_a_failed_reply_ask_the_person(smallops_bin, app_env, calc_workspace, tmp_path,
                                                                   ollama) -> None:
    turns = [token_turn("I think the file is fine."), Reply("ollama_server_error.json"),
             token_turn({"action": "done", "summary": "nothing to do"})]
    client = RecordingClient([choose("allow_once"), choose("allow_once"), choose("allow_once")])
    with ollama(ollama_routes(turns)) as server:
        reply = await run_prompt(smallops_bin, ollama_args(server.url), app_env, calc_workspace, client, tmp_path)
        chats = [request.json() for request in server.requests if request.path == "/api/chat"]

    assert reply.stop_reason == "end_turn", (tmp_path / "stderr.txt").read_text()
    unusable, failed, done = (asked.tool_call for asked in client.asked)
    assert unusable.title == "unusable reply: no_json"
    assert "I think the file is fine." in unusable.content[0].content.text
    assert [o.name for o in client.asked[0].options] == ["Send the error back to the model", "Stop the session"]
    assert "retry?" in failed.title and "system memory" in failed.content[0].content.text
    assert [o.name for o in client.asked[1].options] == ["Retry the turn", "Stop the session"]
    assert done.title == "done: nothing to do"
    assert len(chats) == 3 and "JSON" in chats[1]["messages"][-1]["content"]  # the parse error went back
    events = read_log(session_logs(tmp_path)[0]).events
    assert [e.type for e in events if e.type in ("parse_failed", "backend_error")] == ["parse_failed", "backend_error"]


async def test_auto_low_runs_low_actions_without_asking_and_still_shows_them(smallops_bin, app_env, calc_workspace,
                                                                             tmp_path, ollama) -> None:
    turns = [token_turn({"action": "read_file", "path": "calc.py"}), token_turn({"action": "done", "summary": "read"})]
    client = RecordingClient([choose("allow_once")])  # only `done` asks
    with ollama(ollama_routes(turns)) as server:
        reply = await run_prompt(smallops_bin, ollama_args(server.url, "--approval", "auto-low"), app_env,
                                 calc_workspace, client, tmp_path)

    assert reply.stop_reason == "end_turn", (tmp_path / "stderr.txt").read_text()
    assert [asked.tool_call.title for asked in client.asked] == ["done: read"]
    read = client.of_kind("tool_call")[0]
    assert read.title == "read_file calc.py" and "auto-approve" in read.content[0].content.text
    updates = client.of_kind("tool_call_update")
    assert any(u.tool_call_id == read.tool_call_id and u.status == "completed" for u in updates)
    events = read_log(session_logs(tmp_path)[0]).events
    assert [e.by for e in of(events, Decision)] == ["auto", "human"]


async def test_with_no_server_the_embedded_model_serves(smallops_bin, app_env, calc_workspace, tmp_path) -> None:
    model = next(name for name in SHIPPED_MODELS if name != DEFAULT_MODEL)  # (the default is assembled from 1.1 GB)
    env = dict(app_env, OLLAMA_HOST="http://127.0.0.1:9", SMALLOPS_EMBEDDED_WORKER=f"{sys.executable} {STAND_IN}")
    # Approved, not rejected: the same listing proposed again after a rejection is answered by the
    # harness itself (the `rejected` lever, on by default), and would never ask the person twice.
    client = RecordingClient([choose("allow_once")])  # the second question stays open
    async with smallops_acp(smallops_bin, ["--model", model, "--levers", "none"], env, calc_workspace, client,
                            tmp_path / "stderr.txt") as (conn, _):
        session = await conn.new_session(cwd=str(calc_workspace), mcp_servers=[])
        prompt = asyncio.ensure_future(conn.prompt(session_id=session.session_id,
                                                   prompt=[{"type": "text", "text": "list the files"}]))
        await client.wait_asked(2)  # the stand-in proposes list_dir every turn
        await conn.cancel(session_id=session.session_id)
        reply = await asyncio.wait_for(prompt, 60)

    assert reply.stop_reason == "cancelled"
    assert client.asked[0].tool_call.title == "list_dir ."
    said = f"no Ollama at http://127.0.0.1:9; using the embedded model {model}"
    assert said in (tmp_path / "stderr.txt").read_text()  # the agent's log
    assert said in client.text_of("agent_message_chunk")  # and the person's view
    header = read_log(session_logs(tmp_path)[0]).header
    assert (header.backend, header.model) == ("embedded", model)
