"""The terminal guard ends the app when its terminal hangs up, even when no SIGHUP reaches them.

The kernel sends SIGHUP on a hang-up to the terminal's session leader only; the app hears of it
through a chain (the leader's exit, then its process group) that a program of the session can
break. The guard also watches the terminal itself (terminal_guard._hung_up_before_exit).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

# A pty whose slave is nobody's controlling terminal: closing the master hangs it up and sends
# no signal at all, so only the guard's watch on the terminal can tell the app.
SCRIPT = textwrap.dedent("""
    import os, signal
    from smallops_tui import terminal_guard
    master, slave = os.openpty()
    ready_read, ready_write = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(master)
        signal.signal(signal.SIGHUP, lambda *_: os._exit(7))
        os.write(ready_write, b"r")
        while True:
            signal.pause()
    os.read(ready_read, 1)  # the app's handler is in place and it holds no copy of the master
    os.close(master)
    print("status", terminal_guard._wait_for(child, slave, None, "app"), flush=True)
""")


def test_a_hang_up_that_sends_no_signal_still_ends_the_app() -> None:
    # The timeout only catches a guard that waits for ever; the app ends at once when it works.
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "status 7", (done.stdout, done.stderr)


def test_an_app_that_ends_by_itself_is_waited_for_as_before() -> None:
    # The terminal stays open; the app ends with a status of its own.
    script = SCRIPT.replace("signal.pause()", "os._exit(3)").replace("os.close(master)\nprint", "print")
    assert script.count("os.close(master)") == 1
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "status 3", (done.stdout, done.stderr)


def test_an_app_killed_by_the_hang_up_ends_the_guard_quietly() -> None:
    """The app dies of the SIGHUP passed on (no handler of its own); the guard's sentence about it
    goes to the hung-up terminal, which refuses it, and the guard still returns 128 + SIGHUP."""
    script = SCRIPT.replace("    signal.signal(signal.SIGHUP, lambda *_: os._exit(7))\n", "") \
                   .replace("os.close(master)\nprint", "os.dup2(slave, 2)\nos.close(master)\nprint")
    assert "os.dup2(slave, 2)" in script and "os._exit(7)" not in script
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "status 129", (done.stdout, done.stderr)
