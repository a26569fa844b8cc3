"""However the app ends, the person gets their terminal back and a sentence, and the log says how
the session ended: a native crash of the embedded model, SIGKILL of the app, SIGTERM.

The embedded model's crash is simulated by a stand-in worker process that kills itself with
SIGSEGV (SMALLOPS_EMBEDDED_WORKER replaces the worker command), run by the installed console script."""

from __future__ import annotations

import os
import signal
import sys
import termios
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from smallops_tui.agent import read_log
from smallops_tui.terminal_guard import RESET_MODES

from ..replay_server import ThreadedReplayServer
from ..streams import token_turn
from .conftest import LOOK, MODEL, STAND_IN_LOOK, ollama_routes, session_logs
from .terminal import Terminal, app_pid
from smallops_tui.agent.log.events import BackendError, SessionEnded
from ..typed import last, of

STAND_IN = Path(__file__).resolve().parent.parent / "stand_in_worker.py"


def test_a_native_crash_of_the_embedded_model_is_a_sentence_and_the_app_keeps_working(
        smallops_bin, app_env, calc_workspace, tmp_path) -> None:
    env = dict(app_env, SMALLOPS_EMBEDDED_WORKER=f"{sys.executable} {STAND_IN} --crash-on generate "
                                                   f"--once {tmp_path / 'crashed-once'} {STAND_IN_LOOK}")
    term = Terminal([str(smallops_bin), "run", "list the files", "--backend", "embedded"], env, calc_workspace)
    try:
        text = term.wait_for("the embedded model crashed", "the crash sentence")
        assert "signal 11, SIGSEGV" in text.replace("\n", " ") or "SIGSEGV" in text
        assert "Traceback" not in text
        # The app still works: r restarts the model, which answers this time.
        term.press_until("r", lambda s: "list_dir" in s and "y approve" in s, "the retried turn's proposal")
        term.press("s")
        term.wait_for("SESSION ENDED", "the session to end")
        term.press("q")
        status, sig = term.wait_exit()
    finally:
        term.kill()
    assert (status, sig) == (0, None)
    assert term.raw.rfind(b"\x1b[?1049l") > term.raw.rfind(b"\x1b[?1049h")  # left the alternate screen
    events = read_log(session_logs(tmp_path)[0]).events
    errors = of(events, BackendError)
    assert errors and errors[0].kind == "engine_error" and "SIGSEGV" in errors[0].message
    assert last(events, SessionEnded).reason == "stopped"


@contextmanager
def at_the_first_proposal(smallops_bin: Path, env: dict[str, str], workspace: Path) -> Iterator[Terminal]:
    """The installed app in a terminal, against a scripted Ollama, waiting on its first proposal."""
    turns = [token_turn(LOOK)]
    with ThreadedReplayServer(ollama_routes(turns, loaded=True)) as server:
        term = Terminal([str(smallops_bin), "run", "list the files", "--backend", "ollama", "--url", server.url,
                         "--model", MODEL], env, workspace)
        try:
            term.wait_for(lambda s: "list_dir" in s and "y approve" in s, "the first proposal")
            yield term
        finally:
            term.kill()


def test_kill_9_of_the_app_leaves_a_working_terminal_and_a_sentence(smallops_bin, app_env, calc_workspace) -> None:
    with at_the_first_proposal(smallops_bin, app_env, calc_workspace) as term:
        before = termios.tcgetattr(term.child.child_fd)
        assert not before[3] & termios.ECHO  # the app has the terminal in raw mode
        mark = len(term.raw)
        os.kill(app_pid(term.pid), signal.SIGKILL)
        status, sig = term.wait_exit()
    assert status == 128 + signal.SIGKILL
    assert RESET_MODES.encode() in bytes(term.raw[mark:])  # written after the kill, by the guard
    assert "killed by SIGKILL" in term.text() and "terminal was restored" in term.text()
    assert term.final_termios is not None  # read when the app exited
    lflag = term.final_termios[3]
    assert lflag & termios.ECHO and lflag & termios.ICANON  # cooked mode again


def test_sigterm_ends_the_session_as_stopped_and_restores_the_terminal(smallops_bin, app_env, calc_workspace,
                                                                        tmp_path) -> None:
    with at_the_first_proposal(smallops_bin, app_env, calc_workspace) as term:
        os.kill(term.pid, signal.SIGTERM)  # to the process the person started: the guard passes it on
        status, sig = term.wait_exit()
    assert (status, sig) == (0, None)
    assert term.raw.rfind(b"\x1b[?1049l") > term.raw.rfind(b"\x1b[?1049h")
    end = last(read_log(session_logs(tmp_path)[0]).events, SessionEnded)
    assert end.reason == "stopped" and "SIGTERM" in end.summary


def test_sigterm_while_the_model_streams_ends_the_app_and_logs_the_end(smallops_bin, app_env, calc_workspace,
                                                                       tmp_path) -> None:
    """A reply that stalls half-way (the server goes quiet for an hour) must not keep SIGTERM waiting."""
    stalled = token_turn({"action": "list_dir", "path": "."}, thinking="let me look around first", stall_after=200)
    with ThreadedReplayServer(ollama_routes([stalled], loaded=True)) as server:
        term = Terminal([str(smallops_bin), "run", "list the files", "--backend", "ollama", "--url", server.url,
                         "--model", MODEL], app_env, calc_workspace)
        try:
            term.wait_for("let me", "the reasoning to stream")
            os.kill(term.pid, signal.SIGTERM)
            status, sig = term.wait_exit()
        finally:
            term.kill()
    assert (status, sig) == (0, None)
    events = read_log(session_logs(tmp_path)[0]).events
    assert last(events, SessionEnded).reason == "stopped" and "SIGTERM" in last(events, SessionEnded).summary
    assert "reply_finished" not in [e.type for e in events]  # it ended mid-reply


def test_closing_the_terminal_ends_the_app_and_logs_the_session(smallops_bin, app_env, calc_workspace,
                                                                tmp_path) -> None:
    """The terminal goes away under a shell that outlives the app (as when a window is closed):
    the app must end, not hang writing to a terminal that is gone, and log how the session ended."""
    turns = [token_turn({"action": "run_command", "command": "sleep 120"})]
    with ThreadedReplayServer(ollama_routes(turns, loaded=True)) as server:
        script = (f"{smallops_bin} run 'wait a bit' --backend ollama --url {server.url} --model {MODEL}; "
                  "echo EXITED; sleep 300")
        term = Terminal(["/bin/bash", "-c", script], app_env, calc_workspace)
        try:
            term.wait_for(lambda s: "sleep 120" in s and "y approve" in s, "the command's proposal")
            term.approve("running", "the command to run")  # a command is running when the terminal goes
            guard = int(next(p for p in os.listdir("/proc") if p.isdigit() and _parent(int(p)) == term.pid
                             and b"smallops" in Path(f"/proc/{p}/cmdline").read_bytes()))
            app = app_pid(guard)
            term.hang_up()
            deadline = time.monotonic() + 30
            while _alive(guard) or _alive(app):
                assert time.monotonic() < deadline, f"the app outlived its terminal; {_states(term.pid, guard, app)}"
                time.sleep(0.05)
        finally:
            term.kill()
    end = last(read_log(session_logs(tmp_path)[0]).events, SessionEnded)
    assert end.reason == "stopped" and "SIGHUP" in end.summary
    # The command's wrapper learns of the app's end by PR_SET_PDEATHSIG and then kills its tree: that
    # happens just after the app is gone, so wait (with a deadline) for the command to go too.
    deadline = time.monotonic() + 30
    while [p for p in os.listdir("/proc") if p.isdigit() and b"sleep\x00120" in _cmdline(int(p))]:
        assert time.monotonic() < deadline, "the approved command outlived the app"
        time.sleep(0.05)


def _states(*pids: int) -> str:
    """Each process's state and the signals it has pending and handles, for a failure's message
    (once, a hang-up reached the app only when its command timed out, 30 s later: unexplained)."""
    found = []
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            found.append(f"{pid}: gone")
            continue
        wanted = ("State", "SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt")
        found.append(f"{pid}: " + ", ".join(line for line in status.splitlines() if line.split(":")[0] in wanted))
    return "; ".join(found)


def _parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return -1


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""
