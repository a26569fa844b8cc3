"""The net under the rules (issue 20) through the installed app in a terminal: `u` after an
approved `rm -f FILE` brings FILE back, and an approved command cannot reach the app's terminal
(`stty -F` on the app's own pty leaves its size alone)."""

from __future__ import annotations

import fcntl
import os
import struct
import termios

from ..replay_server import ThreadedReplayServer
from ..streams import token_turn
from .conftest import MODEL, ollama_routes
from .terminal import Terminal, app_pid


def _run(smallops_bin, env, workspace, turns) -> tuple[ThreadedReplayServer, Terminal]:
    """The installed app in a terminal against a scripted Ollama (the caller ends both)."""
    manager = ThreadedReplayServer(ollama_routes(turns, loaded=True))
    server = manager.__enter__()
    term = Terminal([str(smallops_bin), "run", "tidy up", "--backend", "ollama", "--url", server.url,
                     "--model", MODEL], env, workspace)
    return manager, term


def test_u_after_an_approved_rm_f_brings_the_file_back(smallops_bin, app_env, calc_workspace) -> None:
    target = calc_workspace / "calc.py"
    original = target.read_bytes()
    turns = [token_turn({"action": "run_command", "command": "rm -f calc.py"}),
             token_turn({"action": "list_dir", "path": "."}), token_turn({"action": "done", "summary": "x"})]
    server, term = _run(smallops_bin, app_env, calc_workspace, turns)
    try:
        term.wait_for(lambda s: "rm -f calc.py" in s and "approve" in s, "the rm proposal")
        term.approve(lambda s: not target.exists(), "the rm to run")
        term.wait_for(lambda s: "list_dir" in s and "y approve" in s, "the next proposal")
        term.press("u")
        text = term.wait_for("undid the command", "the undo line")
        assert target.read_bytes() == original
        assert "rm -f calc.py" in text
        term.press("s")
        term.wait_for("SESSION ENDED", "the session to end")
        term.press("q")
        term.wait_exit()
    finally:
        term.kill()
        server.__exit__(None, None, None)


def _winsize(fd: int) -> tuple[int, int]:
    rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    return rows, cols


def test_an_approved_command_cannot_resize_the_apps_terminal(smallops_bin, app_env, calc_workspace) -> None:
    turns = [token_turn({"action": "run_command", "command": 'stty -F "$(cat app_tty)" cols 400'}),
             token_turn({"action": "list_dir", "path": "."}), token_turn({"action": "done", "summary": "x"})]
    server, term = _run(smallops_bin, app_env, calc_workspace, turns)
    try:
        term.wait_for(lambda s: "stty -F" in s and "approve" in s, "the stty proposal")
        (calc_workspace / "app_tty").write_text(os.readlink(f"/proc/{app_pid(term.pid)}/fd/0"))
        assert _winsize(term.child.child_fd) == (40, 120)
        term.approve(lambda s: "list_dir" in s and "y approve" in s, "the next proposal")
        assert _winsize(term.child.child_fd) == (40, 120)
        assert "y approve" in term.text()
        term.press("s")
        term.wait_for("SESSION ENDED", "the session to end")
        term.press("q")
        term.wait_exit()
    finally:
        term.kill()
        server.__exit__(None, None, None)
