"""Through the real door: the installed `smallops` in a pseudo-terminal, against an Ollama that
keeps connections alive, streams one token per chunk and starts cold.

One session, as a person runs it: read a file, approve a fix, reject a command with a reason,
approve `done`. Then the file on disk, the reason in the model's next request, the log, its
replay and its export are checked."""

from __future__ import annotations

import subprocess
from itertools import pairwise
from pathlib import Path

from smallops_tui.agent import read_log

from ..streams import token_turn
from .conftest import FIXED, MODEL, ollama_routes, session_logs
from .terminal import Terminal
from smallops_tui.agent.log.events import Decision, SessionEnded
from ..typed import last, of

REASON = "never delete the build folder"


def supervised_session(smallops: Path, env: dict[str, str], workspace: Path, tmp_path: Path, ollama) -> None:
    turns = [
        # (calc.py, which the task names, opens the conversation: a read of it would be answered by the
        # default levers, not proposed; a look into build/ is the person's to approve)
        token_turn({"action": "list_dir", "path": "build"}, thinking="Look around first.", head_delay=1.0),
        token_turn({"action": "write_file", "path": "calc.py", "content": FIXED}, thinking="The sign is wrong."),
        token_turn({"action": "run_command", "command": "rm -rf build"}),
        token_turn({"action": "done", "summary": "fixed add in calc.py"}),
    ]
    with ollama(ollama_routes(turns)) as server:
        term = Terminal([str(smallops), "run", "fix add in calc.py", "--workspace", str(workspace),
                         "--backend", "ollama", "--url", server.url, "--model", MODEL], env, workspace)
        try:
            term.wait_for(lambda s: "list_dir" in s and "y approve" in s, "the first proposal")
            term.approve(lambda s: "step 2/" in s and "+1 -1" in s and "y approve" in s, "the write's proposal")
            term.approve(lambda s: "step 3/" in s and "rm -rf build" in s and "y approve" in s, "the command's proposal")
            assert "HIGH" in term.text()
            term.press("n")
            term.wait_for("why?", "the reason input")
            term.type(REASON)
            term.press("enter")
            term.wait_for(lambda s: "step 4/" in s and "y approve" in s, "the done proposal")
            term.approve("SESSION ENDED", "the end of the session")
            assert "no error" not in term.text() and "Traceback" not in term.text()
            term.press("q")
            status, sig = term.wait_exit()
        finally:
            term.kill()
        seen = [request for request in server.requests if request.path == "/api/chat"]
        chats = [request.json() for request in seen]
        # Kept alive: a request sent soon after the last reply reuses its connection. (httpx drops a
        # pooled connection after 5 s idle, so after a longer wait, as on a loaded machine, a new one
        # is right.) Times are the server's: its idle gap is at least the client's.
        soon = [after for before, after in pairwise(seen)
                if before.answered is not None and after.arrived - before.answered < 4.0]
        assert soon and not any(request.new_connection for request in soon), \
            [(round(after.arrived - (before.answered or 0), 2), after.new_connection) for before, after in pairwise(seen)]

    assert (status, sig) == (0, None), term.text()
    assert "session done: fixed add in calc.py" in term.text()
    assert (workspace / "calc.py").read_text() == FIXED
    assert (workspace / "build" / "out.txt").exists()  # the rejected command never ran
    assert len(chats) == 4
    assert REASON in chats[3]["messages"][-1]["content"]
    assert chats[0]["think"] is True and chats[0]["format"]  # qwen3 thinks; the schema constrains

    logs = session_logs(tmp_path)
    assert len(logs) == 1
    events = read_log(logs[0]).events
    assert last(events, SessionEnded).reason == "done"
    assert "model_loading" in [e.type for e in events]  # /api/ps listed nothing: a cold start
    assert [e.decision for e in of(events, Decision)] == ["approve", "approve", "reject", "approve"]

    replay = Terminal([str(smallops), "replay", str(logs[0])], env, workspace)
    try:
        replay.wait_for("replay · ollama", "the replay")
        replay.press_until("end", "SESSION ENDED", "the last step")
        replay.press_until("?", "next step", "the replay's own keys")
        replay.press_until("q", lambda s: "next step" not in s, "the help to close")
        replay.press("q")
        assert replay.wait_exit() == (0, None)
    finally:
        replay.kill()

    export = subprocess.run([str(smallops), "export", str(logs[0]), "--out", str(tmp_path / "t.md")], env=env,
                            capture_output=True, text=True, timeout=60)
    assert export.returncode == 0, export.stderr
    transcript = (tmp_path / "t.md").read_text()
    assert REASON in transcript and "fixed add in calc.py" in transcript
    assert "+    return a + b" in transcript  # the approved write's diff


def test_a_supervised_session_through_the_installed_console_script(smallops_bin, app_env, calc_workspace,
                                                                     tmp_path, ollama) -> None:
    supervised_session(smallops_bin, app_env, calc_workspace, tmp_path, ollama)
