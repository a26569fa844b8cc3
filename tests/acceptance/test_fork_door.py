"""Through the real door: the installed `smallops` in a pseudo-terminal replays a fixture log,
`f` at step 2 forks it into another model (the same path as `run --from LOG --step 2`), and the
forked session runs live to its end in a workspace rebuilt from the log."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from smallops_tui.agent import read_log
from smallops_tui.agent.log.events import SessionEnded

from ..conftest import SESSIONS
from ..streams import token_turn
from .conftest import MODEL, ollama_routes, session_logs
from .terminal import Terminal
from ..typed import last


def test_f_in_replay_forks_into_a_live_session_through_the_installed_console_script(smallops_bin, app_env,
                                                                                       tmp_path: Path, ollama) -> None:
    # The fixture, as if its workspace had been in tmp_path (and it is gone). The fork is not made beside it:
    # a log does not choose where files land. It goes to the data dir's forks/.
    lines = (SESSIONS / "fix-add-clean.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    header["workspace"] = str(tmp_path / "orig")
    log = tmp_path / "fix-add-clean.jsonl"
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    turns = [token_turn({"action": "run_command", "command": "python3 main.py"}, thinking="Check it runs."),
             token_turn({"action": "done", "summary": "main.py prints 5"})]
    with ollama(ollama_routes(turns, loaded=True)) as server:
        term = Terminal([str(smallops_bin), "replay", str(log), "--backend", "ollama", "--url", server.url,
                         "--model", MODEL], app_env, tmp_path)
        try:
            term.wait_for("replay · ollama", "the replay")
            _go_to_step(term, 2, 4)
            term.press("f")
            term.wait_for("Fork after step 2", "the fork's choices")
            assert MODEL in term.text()  # replay's --model, offered
            term.press("enter")
            term.wait_for(lambda s: "step 3 · run_command" in s and "y approve" in s, "the fork's first proposal")
            assert "forked from" in term.text()
            term.approve(lambda s: "step 4 · done" in s and "y approve" in s, "the done proposal")
            term.approve("SESSION ENDED", "the end")
            term.press("q")
            status, sig = term.wait_exit()
        finally:
            term.kill()
        chats = [request.json() for request in server.requests if request.path == "/api/chat"]
    assert (status, sig) == (0, None), term.text()
    fork = tmp_path / "data" / "forks" / "orig-fork-step2"
    assert not (tmp_path / "orig-fork-step2").exists()
    assert f"workspace: {fork}" in term.output_after(b"session done").decode(errors="replace").replace("\r", "")
    assert "return a + b" in (fork / "main.py").read_text()  # step 2's fix, rebuilt from the log
    assert len(chats[0]["messages"]) == 6 and chats[0]["model"] == MODEL
    logs = session_logs(tmp_path)
    assert len(logs) == 1
    contents = read_log(logs[0])
    assert (forked := contents.header.forked_from) is not None and forked["step"] == 2 and contents.header.model == MODEL
    assert last(contents.events, SessionEnded).reason == "done"


def _go_to_step(term: Terminal, wanted: int, steps: int) -> None:
    """Step the replay to `wanted`, one key at a time, each press waited out (under load a second
    `right` pressed before the first was drawn went one step too far)."""
    shown = re.compile(rf"\b(\d+)/{steps}\b")
    deadline = time.monotonic() + 120
    while True:
        found = shown.search(term.text())
        at = int(found.group(1)) if found else 0
        if at == wanted:
            return
        assert time.monotonic() < deadline, f"the replay stayed at step {at}: {term.text()}"
        term.press("right" if at < wanted else "left")
        def moved(s: str, at: int = at) -> bool:
            return (m := shown.search(s)) is not None and int(m.group(1)) != at

        try:
            term.wait_for(moved, "the next step", seconds=5.0)
        except AssertionError:
            pass  # a key pressed while the replay was still mounting does nothing: press again
