"""Without a terminal the interactive commands refuse in one sentence and end, instead of running
a screen nobody sees (a newcomer's `smallops replay --last | head -3` spun for ten minutes, and
`smallops bogus-cmd 2>&1 | head -5` loaded the model and logged a session nobody could end).

The installed `smallops`, with each standard stream in turn not a terminal (the others a real
pseudo-terminal): the refusal names the stream, the exit is non-zero, and nothing is loaded or
logged. Headless work has its own commands (bench, rerun, export)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from ..conftest import SESSIONS
from .conftest import session_logs

STREAMS = ("input", "output", "error")
# A hang here was ten minutes; a refusal takes the time Python needs to start (0.6 s here). The
# deadline only catches a hang: speed is measured, never asserted.
DEADLINE = 60


def run_without(stream: str, argv: list[str], env: dict[str, str], cwd: Path) -> tuple[int, str]:
    """Run `argv` with standard `stream` a pipe (input: /dev/null) and the other two a pseudo-
    terminal; its exit status and what it wrote to the pipe or the terminal."""
    leader, follower = os.openpty()
    try:
        read_end, write_end = os.pipe()
        streams = {"input": follower, "output": follower, "error": follower}
        streams[stream] = subprocess.DEVNULL if stream == "input" else write_end
        proc = subprocess.Popen(argv, env=env, cwd=cwd, stdin=streams["input"], stdout=streams["output"],
                                stderr=streams["error"], start_new_session=True)
        os.close(write_end)
        os.close(follower)
        follower = -1
        try:
            status = proc.wait(DEADLINE)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # its own session: the app and anything it started
            proc.wait()
            raise AssertionError(f"smallops {' '.join(argv[1:])} was still running after {DEADLINE} s "
                                 f"with standard {stream} not a terminal") from None
        written = _drain(read_end) + _drain(leader)
        os.close(read_end)
    finally:
        if follower != -1:
            os.close(follower)
        os.close(leader)
    return status, written.decode("utf-8", "replace").replace("\r\n", "\n")


def _drain(fd: int) -> bytes:
    """What is left to read on `fd` (the process has ended: nothing more comes)."""
    os.set_blocking(fd, False)
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except (BlockingIOError, OSError):  # (a pty whose other end is closed raises EIO)
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


@pytest.fixture
def no_ollama_env(app_env: dict[str, str]) -> dict[str, str]:
    return dict(app_env, OLLAMA_HOST="http://127.0.0.1:9")  # nothing answers there


@pytest.mark.parametrize("stream", STREAMS)
def test_run_without_a_terminal_refuses_before_it_loads_a_model(stream, smallops_bin, no_ollama_env,
                                                               calc_workspace, tmp_path) -> None:
    status, said = run_without(stream, [str(smallops_bin), "bogus-cmd"], no_ollama_env, calc_workspace)
    assert status == 2
    assert said.strip() == (f"smallops run is interactive and needs a terminal, but standard {stream} is not one "
                            "(a pipe, a file or /dev/null); without a terminal use `smallops bench`, `smallops rerun` "
                            "or `smallops export`.")
    assert not session_logs(tmp_path)  # no session was started, nothing was logged


@pytest.mark.parametrize("stream", STREAMS)
def test_replay_without_a_terminal_refuses(stream, smallops_bin, app_env, calc_workspace, tmp_path) -> None:
    sessions = tmp_path / "data" / "sessions"
    sessions.mkdir(parents=True)
    shutil.copy(SESSIONS / "fix-add-clean.jsonl", sessions)
    for argv in (["replay", "--last"], ["sessions", "--open", "1"]):
        status, said = run_without(stream, [str(smallops_bin), *argv], app_env, calc_workspace)
        assert status == 2 and said.count("\n") == 1, said
        assert said.startswith(f"smallops replay is interactive and needs a terminal, but standard {stream} is not one")


def test_a_piped_replay_ends_without_waiting_for_the_pipe(smallops_bin, app_env, calc_workspace) -> None:
    """The newcomer's line, as a shell runs it: `smallops replay --last </dev/null | head -3`."""
    shell = f"{smallops_bin} replay --last </dev/null 2>&1 | head -3; echo \"exit ${{PIPESTATUS[0]}}\""
    done = subprocess.run(["bash", "-c", shell], env=app_env, cwd=calc_workspace, capture_output=True, text=True,
                          timeout=DEADLINE)
    lines = done.stdout.splitlines()
    assert lines[-1] == "exit 2" and "needs a terminal" in lines[0] and len(lines) == 2
