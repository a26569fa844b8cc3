"""The sandbox holds for root (issue 30), through the installed `smallops` in a pseudo-terminal,
run as root, each command approved by a key (as the round that found the holes did):

- the handle write: a script that opens a file outside by `open_by_handle_at` through the
  workspace's mount leaves the canary outside as it was (and the session log as written);
- the setuid bit: `cp /bin/true tool && chmod 4755 tool` leaves no file with a setuid or setgid
  bit in the workspace, and the person reads why.

The controls (the same attacks outside the sandbox do what they want) are in
tests/functional/test_sandbox_root.py, which also runs each attack as an unprivileged user.
"""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

from smallops_tui.agent import read_log

from ..streams import token_turn
from .conftest import MODEL, ollama_routes, session_logs
from .terminal import Terminal

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="these attacks are the ones root could do: run as root")

HANDLE_WRITE = """import ctypes, os, struct, sys
libc = ctypes.CDLL(None, use_errno=True)
handle = ctypes.create_string_buffer(8 + 128)
struct.pack_into("I", handle, 0, 128)
mount_id = ctypes.c_int()
for target in sys.argv[1:]:
    if libc.name_to_handle_at(-100, target.encode(), handle, ctypes.byref(mount_id), 0) != 0:
        print("refused:", os.strerror(ctypes.get_errno()))
        continue
    fd = libc.open_by_handle_at(os.open(".", os.O_RDONLY), handle, os.O_WRONLY | os.O_APPEND)
    if fd < 0:
        print("refused:", os.strerror(ctypes.get_errno()))
        continue
    os.write(fd, b"forged\\n")
    print("wrote", target)
"""


def _run(smallops_bin: Path, env: dict[str, str], workspace: Path, server_url: str) -> Terminal:
    return Terminal([str(smallops_bin), "run", "tidy up", "--backend", "ollama", "--url", server_url,
                     "--model", MODEL], env, workspace)


def _approve_any(term: Terminal, until: str, what: str) -> str:
    """y, and y again at a HIGH action's deliberate second press."""
    return term.press_until("y", lambda s: until in s, what)


def test_a_handle_write_as_root_leaves_the_canary_outside_unchanged(smallops_bin, app_env, calc_workspace, ollama,
                                                                   tmp_path: Path) -> None:
    outside = Path("/var/tmp") / f"smallops-root-canary-{tmp_path.name}"
    outside.mkdir(exist_ok=True)
    try:
        canary = outside / "canary"
        canary.write_text("original\n")
        (calc_workspace / "h.py").write_text(HANDLE_WRITE)
        logs = tmp_path / "data" / "sessions"
        turns = [token_turn({"action": "run_command", "command": f"python3 h.py {canary} {logs}/*.jsonl"}),
                 token_turn({"action": "done", "summary": "tidied"})]
        with ollama(ollama_routes(turns, loaded=True)) as server:
            term = _run(smallops_bin, app_env, calc_workspace, server.url)
            try:
                term.wait_for(lambda s: "python3 h.py" in s and "approve" in s, "the proposal")
                text = _approve_any(term, "refused: Operation not permitted", "the command's output")
                assert "wrote" not in text
                term.approve(lambda s: "SESSION ENDED" in s, "the end")
                term.press("q")
                term.wait_exit()
            finally:
                term.kill()
        assert canary.read_text() == "original\n"
        [log] = session_logs(tmp_path)
        assert "forged" not in log.read_text().splitlines()  # a line appended to the live log
        assert read_log(log).events[-1].type == "session_ended"
    finally:
        shutil.rmtree(outside, ignore_errors=True)


def test_no_setuid_file_is_left_in_the_workspace_as_root(smallops_bin, app_env, calc_workspace, ollama) -> None:
    command = "cp /bin/true tool && chmod 4755 tool; install -m 2755 /bin/true tool2; ls -l tool tool2"
    turns = [token_turn({"action": "run_command", "command": command}),
             token_turn({"action": "done", "summary": "installed the tool"})]
    with ollama(ollama_routes(turns, loaded=True)) as server:
        term = _run(smallops_bin, app_env, calc_workspace, server.url)
        try:
            term.wait_for(lambda s: "chmod 4755 tool" in s and "approve" in s, "the proposal")
            text = _approve_any(term, "Operation not permitted", "the command's output")
            assert "-rwsr" not in text
            term.approve(lambda s: "SESSION ENDED" in s, "the end")
            term.press("q")
            term.wait_exit()
        finally:
            term.kill()
    setid = [p.name for p in calc_workspace.rglob("*") if p.lstat().st_mode & (stat.S_ISUID | stat.S_ISGID)]
    assert setid == [] and (calc_workspace / "tool").exists()
