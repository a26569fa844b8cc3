"""A client is hostile input: the installed `smallops acp` on raw pipes, sent what no well-behaved
client sends. Each bad message gets a JSON-RPC error whose message says what was wrong; the
process keeps serving (it answers `initialize` after each); stdout carries only the protocol;
nothing is written outside the workspace; a client that goes away or a signal ends a running
session as stopped, logged, with nothing run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path

import pytest

from smallops_tui.agent import read_log
from smallops_tui.agent.log.events import SessionEnded

from ..streams import token_turn
from .conftest import CALC, FIXED, MODEL, installed_smallops, ollama_routes, session_logs
from .raw_acp import Message, RawAgent
from ..typed import last


@pytest.fixture
def server(ollama):
    turns = [token_turn({"action": "write_file", "path": "calc.py", "content": FIXED}, thinking="Fix it.")]
    with ollama(ollama_routes(turns)) as running:
        yield running


@pytest.fixture
def agent(app_env, calc_workspace, tmp_path, server):
    raw = RawAgent([str(installed_smallops()), "acp", "--backend", "ollama", "--url", server.url, "--model", MODEL],
                   app_env, calc_workspace, tmp_path / "stderr.txt")
    try:
        raw.still_serving()  # (initialize: a client opens sessions only after it)
        yield raw
    finally:
        raw.kill()


TEXT = [{"type": "text", "text": "x"}]


def files_under(root: Path) -> set[str]:
    return {str(path.relative_to(root)) for path in root.rglob("*")}


def test_broken_messages_get_errors_and_it_keeps_serving(agent: RawAgent, tmp_path) -> None:
    agent.still_serving()
    before = files_under(tmp_path)
    cases: list[tuple[bytes, int, str]] = [
        (b"{this is not json\n", -32700, "not JSON"),
        (b"\xff\xfe\xfd\n", -32700, "not UTF-8"),
        (b"[" * 100_000 + b"\n", -32700, "nests"),
        (b'[{"jsonrpc": "2.0", "id": 1, "method": "initialize"}]\n', -32600, "batches"),
        (b"42\n", -32600, "JSON object"),
        (b'{"jsonrpc": "2.0"}\n', -32600, "neither a request"),
        (b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "initialize"}\n', -32600, "id must be"),
        (b'{"jsonrpc": "2.0", "id": 7, "method": 5}\n', -32600, "method must be a string"),
    ]
    for line, code, words in cases:
        agent.send(line)
        def is_error(m: Message, code: int = code) -> bool:
            return "error" in m and m["error"]["code"] == code

        error = agent.wait_for(is_error, f"the error for {line[:30]!r}")
        assert words in error["error"]["message"], error
        agent.still_serving()

    agent.send({"id": 8, "method": "initialize"})  # no "jsonrpc": "2.0"
    assert "jsonrpc" in agent.error(8)["message"]
    unknown = agent.error(agent.request("fs/format_disk", {}))
    assert unknown["code"] == -32601
    assert "fs/format_disk" in unknown["message"] and "session/prompt" in unknown["message"]
    agent.send({"jsonrpc": "2.0", "method": "no/such_notification", "params": {}})  # a notification gets no answer
    bad = agent.error(agent.request("session/new", {"cwd": 5}))
    assert bad["code"] == -32602 and "cwd" in bad["message"], bad
    missing = agent.error(agent.request("session/prompt", {"sessionId": "nope", "prompt": TEXT}))
    assert "no session" in missing["message"]
    agent.still_serving()
    assert files_under(tmp_path) == before  # (the stderr log grows; no file is made)


def test_a_huge_message_is_refused_without_being_held(agent: RawAgent) -> None:
    agent.still_serving()
    huge = (b'{"jsonrpc": "2.0", "id": 9, "method": "session/prompt", "params": {"text": "'
            + b"x" * (6 * 1024 * 1024) + b'"}}\n')
    agent.send(huge)
    error = agent.wait_for(lambda m: "error" in m, "the error for a 6 MiB message")
    assert error["error"]["code"] == -32600 and "longer than smallops accepts" in error["error"]["message"]
    agent.still_serving()


def test_nothing_before_initialize_and_a_version_is_a_number(app_env, calc_workspace, tmp_path, server) -> None:
    """Strict where the protocol is: a session, a list or a prompt before `initialize` is refused
    in a sentence, and so is a protocol version given as a string; then it serves as ever."""
    raw = RawAgent([str(installed_smallops()), "acp", "--backend", "ollama", "--url", server.url, "--model", MODEL],
                   app_env, calc_workspace, tmp_path / "stderr.txt")
    try:
        for method, params in (("session/new", {"cwd": str(calc_workspace), "mcpServers": []}),
                               ("session/list", {}), ("session/prompt", {"sessionId": "x", "prompt": TEXT})):
            error = raw.error(raw.request(method, params), f"the refusal of {method}")
            assert error["code"] == -32600 and f"{method} before initialize" in error["message"], error
        for version in ("1", 1.0, True):
            error = raw.error(raw.request("initialize", {"protocolVersion": version}), f"the refusal of {version!r}")
            assert error["code"] == -32602 and "protocolVersion must be an integer" in error["message"], error
        raw.still_serving()
        assert raw.call("session/new", {"cwd": str(calc_workspace), "mcpServers": []})["sessionId"]
    finally:
        raw.kill()
    assert session_logs(tmp_path) == []  # (a session's log is written from its first prompt on)


def test_workspaces_that_are_not_a_project_are_refused(agent: RawAgent, app_env, calc_workspace, tmp_path) -> None:
    home = Path(app_env["HOME"])
    (home / "notes.txt").write_text("mine\n")
    cases = {
        str(tmp_path / "no-such-dir"): "does not exist",
        str(home): "home directory",
        str(home.parent): "contains your home directory",
        "/": "filesystem root",
        "/etc": "is a system directory (/etc and everything in it",
        "/usr/lib": "is a system directory (/usr and everything in it",
        "/tmp": "holds projects, not a project",
        "ws": "not an absolute path",
        str(calc_workspace / "calc.py"): "not a directory",
        str(tmp_path / "data"): "smallops's own",
    }
    (tmp_path / "data").mkdir(exist_ok=True)
    for cwd, words in cases.items():
        error = agent.error(agent.request("session/new", {"cwd": cwd, "mcpServers": []}), f"the refusal of {cwd}")
        assert error["code"] == -32602 and words in error["message"], (cwd, error)
    agent.still_serving()
    # A cwd smuggled in through _meta is not taken: the session works in the cwd the request names.
    session = agent.call("session/new", {"cwd": str(calc_workspace), "mcpServers": [], "_meta": {"cwd": str(home)}})
    assert session["sessionId"]
    assert sorted(p.name for p in home.iterdir()) == ["notes.txt"]


def test_two_prompts_at_once_and_a_cancel(agent: RawAgent, calc_workspace, tmp_path) -> None:
    first = agent.call("session/new", {"cwd": str(calc_workspace), "mcpServers": []})["sessionId"]
    second = agent.call("session/new", {"cwd": str(calc_workspace), "mcpServers": []})["sessionId"]
    running = agent.request("session/prompt", {"sessionId": first, "prompt": [{"type": "text", "text": "fix add"}]})
    asked = agent.wait_for(lambda m: m.get("method") == "session/request_permission", "the permission request")
    assert asked["params"]["toolCall"]["title"] == "write_file calc.py"
    again = agent.error(agent.request("session/prompt", {"sessionId": first, "prompt": TEXT}))
    assert "already running in this session" in again["message"]
    elsewhere = agent.error(agent.request("session/prompt", {"sessionId": second, "prompt": TEXT}))
    assert f"already running in session {first}" in elsewhere["message"]
    empty = agent.error(agent.request("session/prompt", {"sessionId": second, "prompt": []}))
    assert "no text" in empty["message"] or "already running" in empty["message"]
    agent.send({"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": first}})
    reply = agent.response(running, "the first prompt's end")
    assert reply["result"]["stopReason"] == "cancelled"
    # The client's late answer changes nothing: the write never happens.
    agent.send({"jsonrpc": "2.0", "id": asked["id"], "result": {"outcome": {"outcome": "selected",
                                                                           "optionId": "allow-once"}}})
    agent.still_serving()
    assert (calc_workspace / "calc.py").read_text() == CALC
    events = read_log(session_logs(tmp_path)[0]).events
    assert last(events, SessionEnded).reason == "stopped"


@pytest.mark.parametrize("answer", [
    {"result": {"outcome": {"outcome": "selected", "optionId": "allow-always"}}},  # not offered
    {"result": {"outcome": {"outcome": "selected"}}},  # no option
    {"result": {"outcome": "yes please"}},
    {"error": {"code": -32603, "message": "the client broke"}},
])
def test_an_answer_that_is_not_one_offered_runs_nothing(answer, agent: RawAgent, calc_workspace, tmp_path) -> None:
    session = agent.call("session/new", {"cwd": str(calc_workspace), "mcpServers": []})["sessionId"]
    running = agent.request("session/prompt", {"sessionId": session, "prompt": [{"type": "text", "text": "fix add"}]})
    asked = agent.wait_for(lambda m: m.get("method") == "session/request_permission", "the permission request")
    agent.send({"jsonrpc": "2.0", "id": asked["id"], **answer})
    assert agent.response(running, "the prompt's end")["result"]["stopReason"] == "cancelled"
    assert (calc_workspace / "calc.py").read_text() == CALC
    ended = last(read_log(session_logs(tmp_path)[0]).events, SessionEnded)
    assert ended.reason == "stopped" and "nothing ran" in ended.summary
    agent.still_serving()


def test_no_model_is_a_sentence_and_it_keeps_serving(app_env, calc_workspace, tmp_path) -> None:
    raw = RawAgent([str(installed_smallops()), "acp", "--backend", "ollama", "--url", "http://127.0.0.1:9"], app_env,
                   calc_workspace, tmp_path / "stderr.txt")
    try:
        raw.still_serving()
        error = raw.error(raw.request("session/new", {"cwd": str(calc_workspace), "mcpServers": []}))
        assert error["code"] == -32603 and error["message"].startswith("no model to work with: "), error
        assert "Traceback" not in raw.stderr_path.read_text()
        raw.still_serving()
    finally:
        raw.kill()


@pytest.mark.parametrize("how", ["disconnect", "sigterm"])
def test_a_client_that_goes_away_ends_the_session_as_stopped(how: str, agent: RawAgent, calc_workspace,
                                                             tmp_path) -> None:
    session = agent.call("session/new", {"cwd": str(calc_workspace), "mcpServers": []})["sessionId"]
    agent.request("session/prompt", {"sessionId": session, "prompt": [{"type": "text", "text": "fix add"}]})
    agent.wait_for(lambda m: m.get("method") == "session/request_permission", "the permission request")
    if how == "disconnect":
        agent.close_input()
    else:
        os.kill(agent.proc.pid, signal.SIGTERM)
    assert agent.exit_code() == 0, agent.stderr_path.read_text()
    assert (calc_workspace / "calc.py").read_text() == CALC  # nothing ran
    logs = session_logs(tmp_path)
    assert len(logs) == 1
    ended = last(read_log(logs[0]).events, SessionEnded)
    assert ended.reason == "stopped"
    assert ("closed the connection" if how == "disconnect" else "signal") in ended.summary
    assert "Traceback" not in agent.stderr_path.read_text()


def test_messages_from_a_file_get_their_answers_in_a_file(app_env, calc_workspace, tmp_path) -> None:
    """Input and output redirected to files (a script, not a client): every request read before the
    end of input is answered, in order of completion, and the process exits 0."""
    requests = tmp_path / "in.jsonl"
    requests.write_text(
        '{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": 1}}\n'
        '{"jsonrpc": "2.0", "id": 2, "method": "bogus"}\n'
        '{"jsonrpc": "2.0", "id": 3, "method": "session/new", "params": {"cwd": "' + str(calc_workspace) + '", '
        '"mcpServers": []}}\n')
    with requests.open("rb") as source, (tmp_path / "out.jsonl").open("wb") as sink:
        done = subprocess.run([str(installed_smallops()), "acp", "--backend", "ollama", "--url", "http://127.0.0.1:9"],
                              stdin=source, stdout=sink, stderr=subprocess.PIPE, env=app_env, cwd=calc_workspace,
                              timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    answers = {reply["id"]: reply for reply in map(json.loads, (tmp_path / "out.jsonl").read_text().splitlines())}
    assert answers[1]["result"]["protocolVersion"] == 1
    assert answers[2]["error"]["code"] == -32601
    assert answers[3]["error"]["message"].startswith("no model to work with: no Ollama at http://127.0.0.1:9")
