"""Every action kind through the ACP door: the installed `smallops acp`, driven by the SDK's client,
against an Ollama stand-in scripted to propose the kind. Each one is a tool call the person is asked
about (its title names it, its ACP kind says what it does), and approved, it runs. Parametrized from
the registry: a new kind is covered by its `example` alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from acp.schema import PromptResponse

from smallops_tui.agent import read_log
from smallops_tui.agent.log.events import Executed, SessionEnded
from smallops_tui.agent.reply.kinds import ActionKind

from ..every_kind import KIND_PARAMS, example_of, example_workspace, replies_of, vocabulary_of
from ..streams import token_turn
from .acp_client import RecordingClient, choose, smallops_acp
from .conftest import CALC, MODEL, ollama_routes, session_logs


async def prompt_once(smallops_bin: Path, vocabulary: str, env: dict[str, str], workspace: Path,
                      client: RecordingClient, tmp_path: Path, turns: list, ollama, *more: str) -> PromptResponse:
    with ollama(ollama_routes(turns)) as server:
        args = ["--backend", "ollama", "--url", server.url, "--model", MODEL, "--vocabulary", vocabulary, *more]
        async with smallops_acp(smallops_bin, args, env, workspace, client, tmp_path / "stderr.txt") as (conn, _):
            session = await conn.new_session(cwd=str(workspace), mcp_servers=[])
            return await conn.prompt(session_id=session.session_id, prompt=[{"type": "text", "text": "go"}])


@pytest.mark.parametrize("kind", KIND_PARAMS)
async def test_every_kind_is_a_tool_call_the_person_is_asked_about(kind: type[ActionKind], smallops_bin, app_env,
                                                                    tmp_path, ollama) -> None:
    # (No levers: the harness would answer a write over a file the model has not read instead of asking.)
    workspace = example_workspace(tmp_path / "ws").root
    replies = replies_of(kind)
    client = RecordingClient([choose("allow_once") for _ in replies])
    reply = await prompt_once(smallops_bin, vocabulary_of(kind), app_env, workspace, client, tmp_path,
                              [token_turn(r) for r in replies], ollama, "--levers", "none")

    assert reply.stop_reason == "end_turn", (tmp_path / "stderr.txt").read_text()
    asked = client.asked[0].tool_call
    assert (asked.title, asked.kind) == (kind.model_validate(example_of(kind)).title(), kind.tool_kind)
    assert len(client.asked) == len(replies)
    events = read_log(session_logs(tmp_path)[0]).events
    assert [(e.action, e.ok) for e in events if isinstance(e, Executed)] == ([] if len(replies) == 1 else
                                                                             [(kind.NAME, True)])
    assert [e.reason for e in events if isinstance(e, SessionEnded)] == ["done"]


async def test_a_replace_text_under_the_edit_vocabulary_asks_permission(smallops_bin, app_env, calc_workspace,
                                                                         tmp_path, ollama) -> None:
    """Issue 31: the first replace_text hit an assert in the tool call's title, and the prompt turn
    ended without asking."""
    turns = [token_turn({"action": "replace_text", "path": "calc.py", "old": "Tiny", "new": "Small"}),
             token_turn({"action": "done", "summary": "renamed"})]
    client = RecordingClient([choose("allow_once"), choose("allow_once")])
    reply = await prompt_once(smallops_bin, "edit", app_env, calc_workspace, client, tmp_path, turns, ollama)

    assert reply.stop_reason == "end_turn", (tmp_path / "stderr.txt").read_text()
    edit = client.asked[0].tool_call
    assert (edit.title, edit.kind) == ("replace_text calc.py", "edit")
    assert "Risk:" in edit.content[0].content.text and edit.content[1].type == "diff"
    assert (calc_workspace / "calc.py").read_text() == CALC.replace("Tiny", "Small")
    events = read_log(session_logs(tmp_path)[0]).events
    assert [e.action for e in events if isinstance(e, Executed)] == ["replace_text"]
