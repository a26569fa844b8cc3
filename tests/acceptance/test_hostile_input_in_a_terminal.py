"""Hostile input through the real door (issue 20): the installed `smallops` in a pseudo-terminal,
a person's keys typed as a terminal delivers them.

- major 8: a newline in a `write_file` path, and in the name of a file a command made, draws no
  line of a diff on the screen (the path is refused; the file's name is quoted);
- major 10: holding `y` (50 presses 20 ms apart, begun on a LOW read) does not approve the HIGH
  `rm -rf` that follows; a deliberate second press does;
- major 11: a 100 KB paste into the reject reason, in a terminal without bracketed paste (one
  key per character), leaves the app answering Enter at once.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from smallops_tui.agent import read_log

from ..streams import token_turn
from .conftest import MODEL, ollama_routes, session_logs
from .terminal import Terminal
from smallops_tui.agent.log.events import Decision
from ..typed import of

FORGED = "notes\n+++ b/calc.py\n@@ -1 +1 @@\n-x\n+import os"


def rows(screen: str) -> list[str]:
    """Each pane's lines, borders stripped: what a person reads as the start of a line."""
    return [part.strip() for line in screen.splitlines() for part in re.split(r"[│╭╮╰╯]+", line) if part.strip()]


def start(smallops_bin: Path, server_url: str, workspace: Path, env: dict[str, str], task: str) -> Terminal:
    return Terminal([str(smallops_bin), "run", task, "--backend", "ollama", "--url", server_url, "--model", MODEL],
                    env, workspace)


def test_a_newline_in_a_path_draws_no_line_of_a_diff(smallops_bin, app_env, calc_workspace, ollama,
                                                    tmp_path: Path) -> None:
    (calc_workspace / "make_notes.py").write_text(f"open({FORGED!r}.replace('/', '_'), 'w').write('hi\\n')\n")
    turns = [token_turn({"action": "write_file", "path": FORGED, "content": "hello\n"}),
             token_turn({"action": "run_command", "command": "python3 make_notes.py"}),
             token_turn({"action": "done", "summary": "wrote notes"})]
    with ollama(ollama_routes(turns, loaded=True)) as server:
        term = start(smallops_bin, server.url, calc_workspace, app_env, "take notes")
        try:
            text = term.wait_for(lambda s: "hold control or invisible characters" in s and "send back to the model" in s,
                                 "the refused path")
            assert not any(row.startswith(("+++ b/calc.py", "@@ -1 +1 @@")) for row in rows(text)), text
            term.approve(lambda s: "run_command" in s and "make_notes.py" in s and "y approve" in s, "the command")
            term.approve(lambda s: "done" in s and "wrote notes" in s and "y approve" in s, "the done proposal")
            text = term.wait_for('+++ "b/notes\\n+++ b_calc.py\\n@@ -1 +1 @@', "the net diff naming the file, quoted")
            assert not any(row.startswith(("+++ b_calc.py", "@@ -1 +1 @@", "-x", "+import os")) for row in rows(text)), text
            term.approve("SESSION ENDED", "the end")
            text = term.text()
            assert "files changed or created:" in text and "notes\\n+++" in text
            assert not any(row.startswith(("+++ b_calc.py", "@@ -1 +1 @@")) for row in rows(text)), text
            term.press("q")
            term.wait_exit()
        finally:
            term.kill()
    assert not (calc_workspace / "notes\n+++ b").exists()  # the refused write wrote nothing


def test_holding_y_does_not_approve_a_high_action(smallops_bin, app_env, calc_workspace, ollama) -> None:
    turns = [token_turn({"action": "read_file", "path": "calc.py"}),
             token_turn({"action": "run_command", "command": "rm -rf build"}),
             token_turn({"action": "done", "summary": "cleaned"})]
    with ollama(ollama_routes(turns, loaded=True)) as server:
        term = start(smallops_bin, server.url, calc_workspace, app_env, "clean up")
        try:
            term.wait_for(lambda s: "read_file" in s and "y approve" in s, "the LOW read")
            for _ in range(50):  # a key held down: the terminal repeats it every 20 ms
                term.press("y")
                term.pump(0)
                time.sleep(0.02)
            term.wait_for("let go of y, then press it again", "the HIGH warning refusing the burst")
            assert (calc_workspace / "build" / "out.txt").exists()
            assert "rm -rf build" in term.text() and "y approve" in term.text()
            # Let go, read, press again (once a second, as a person would): that one approves.
            term.approve(lambda s: "done" in s and "cleaned" in s and "y approve" in s, "the done proposal")
            assert not (calc_workspace / "build").exists()
            term.press("s")
            term.wait_for("SESSION ENDED", "the end")
            term.press("q")
            term.wait_exit()
        finally:
            term.kill()


def test_a_100_kb_paste_into_the_reject_reason_leaves_the_app_answering(smallops_bin, app_env, calc_workspace,
                                                                        ollama, tmp_path: Path) -> None:
    turns = [token_turn({"action": "run_command", "command": "python3 calc.py"}),
             token_turn({"action": "done", "summary": "gave up"})]
    pasted = ("lorem ipsum dolor sit amet " * 4000)[:100_000]
    with ollama(ollama_routes(turns, loaded=True)) as server:
        term = start(smallops_bin, server.url, calc_workspace, app_env, "run it")
        try:
            term.wait_for(lambda s: "run_command" in s and "y approve" in s, "the proposal")
            term.press("n")
            term.wait_for("why?", "the reject reason")
            data = pasted.encode()
            for k in range(0, len(data), 4096):  # no bracketed-paste markers: one key per character
                term.child.send(data[k : k + 4096])
                term.pump(0)
            term.wait_for("pasted text cut", "the paste, cut to what the reason keeps")
            term.press("enter")
            # The rejection, or already the next proposal: the 2,000-character reason sent back to the
            # model can push the `✗ rejected` line above the pane's fold before a frame shows it
            # (fresh CI at 04fdff4, under load); the log's Decision below holds the reason either way.
            term.wait_for(lambda s: "✗ rejected" in s or "gave up" in s, "the rejection, at once", seconds=60)
            term.approve(lambda s: "gave up" in s and "y approve" in s, "the next proposal")
            term.press("s")
            term.wait_for("SESSION ENDED", "the end")
            term.press("q")
            term.wait_exit()
        finally:
            term.kill()
    reasons = [e.reason for e in of(read_log(session_logs(tmp_path)[0]).events, Decision) if e.reason]
    assert reasons and pasted.startswith(reasons[0]) and len(reasons[0]) == 2_000
