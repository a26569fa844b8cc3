"""Every action kind through the ACP door: the installed `smallops acp`, driven by the SDK's client,
against an Ollama stand-in scripted to propose the kind. Each one is a tool call the person is asked
about (its title names it, its ACP kind says what it does), and approved, it runs."""

from __future__ import annotations

from smallops_tui.agent import read_log

from ..streams import token_turn
from .acp_client import RecordingClient, choose, smallops_acp
from .conftest import CALC, MODEL, ollama_routes, session_logs


async def test_a_replace_text_under_the_edit_vocabulary_asks_permission(smallops_bin, app_env, calc_workspace,
                                                                         tmp_path, ollama) -> None:
    turns = [token_turn({"action": "replace_text", "path": "calc.py", "old": "Tiny", "new": "Small"}),
             token_turn({"action": "done", "summary": "renamed"})]
    client = RecordingClient([choose("allow_once"), choose("allow_once")])
    args = ["--backend", "ollama", "--url", "", "--model", MODEL, "--vocabulary", "edit"]
    with ollama(ollama_routes(turns)) as server:
        args[3] = server.url
        async with smallops_acp(smallops_bin, args, app_env, calc_workspace, client, tmp_path / "stderr.txt") as (conn, _):
            session = await conn.new_session(cwd=str(calc_workspace), mcp_servers=[])
            reply = await conn.prompt(session_id=session.session_id, prompt=[{"type": "text", "text": "rename"}])

    assert reply.stop_reason == "end_turn", (tmp_path / "stderr.txt").read_text()
    edit = client.asked[0].tool_call
    assert (edit.title, edit.kind) == ("replace_text calc.py", "edit")
    assert (calc_workspace / "calc.py").read_text() == CALC.replace("Tiny", "Small")
    events = read_log(session_logs(tmp_path)[0]).events
    assert [e.action for e in events if e.type == "executed"] == ["replace_text"]
