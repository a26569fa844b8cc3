"""Whatever ends the app, the terminal is restored.

A full-screen app leaves the terminal in raw mode, on the alternate screen, with mouse tracking
on and the cursor hidden; only the app can undo that, and a process killed by SIGKILL (or one
that crashes in native code) undoes nothing. So the TUI runs in a child process and this small
parent waits for it: if the child dies by a signal, the parent puts the terminal's settings back,
switches off every mode the app turned on, and says in one sentence what happened.

Signals meant for the app reach it: SIGTERM and SIGHUP sent to this parent are passed on, and
the child ends itself (gracefully: the session is stopped and logged) if this parent dies.
"""

from __future__ import annotations

import ctypes
import os
import select
import signal
import sys
import termios
from collections.abc import Callable
from typing import Any  # termios's attribute list: ints, and a list of control characters

# Everything Textual's Linux driver switches on, switched off: kitty keyboard protocol, mouse
# modes, bracketed paste, in-band resize, focus events, the alternate screen; cursor shown.
RESET_MODES = ("\x1b[<u\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1016l\x1b[?2004l"
               "\x1b[?2048l\x1b[?1004l\x1b[?7h\x1b[?1049l\x1b[?25h\x1b[0m")
PR_SET_PDEATHSIG = 1
GUARD_ENV = "SMALLOPS_NO_TERMINAL_GUARD"  # set to run the app in this process (debuggers, profilers)


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _die_with_parent() -> None:
    """The app gets SIGTERM (and ends its session cleanly) if the guarding parent goes away."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def restore_terminal(fd: int, saved: list[Any] | None) -> None:
    if saved is not None:
        try:
            termios.tcsetattr(fd, termios.TCSANOW, saved)
        except termios.error:
            pass
    for out in (sys.__stderr__, sys.__stdout__):  # Textual draws on stderr
        try:
            if out is not None and out.isatty():
                out.write(RESET_MODES)
                out.flush()
                return
        except (OSError, ValueError):
            continue


def missing_terminal(command: str) -> str | None:
    """Why `command`, a full-screen app, cannot run here (one sentence), or None when standard
    input, output and error are all a terminal. Without one the app has no keys to read and no
    screen to draw on, and it would never end: it must refuse before it loads anything."""
    for name, stream in (("input", sys.__stdin__), ("output", sys.__stdout__), ("error", sys.__stderr__)):
        try:
            if stream is not None and stream.isatty():
                continue
        except (OSError, ValueError):  # a closed stream is not a terminal either
            pass
        return (f"smallops {command} is interactive and needs a terminal, but standard {name} is not one "
                "(a pipe, a file or /dev/null); without a terminal use `smallops bench`, `smallops rerun` "
                "or `smallops export`.")
    return None


def guarded(run: Callable[[], int], what: str) -> int:
    """Run `run()` (which starts a full-screen app) in a child process when on a terminal; return
    its exit code. Without a terminal, or with SMALLOPS_NO_TERMINAL_GUARD set, just call it."""
    stdin = sys.__stdin__
    if (os.environ.get(GUARD_ENV) or stdin is None or not stdin.isatty() or sys.__stderr__ is None
            or not sys.__stderr__.isatty() or not hasattr(os, "fork")):
        return run()
    fd = stdin.fileno()
    try:
        saved = termios.tcgetattr(fd)
    except termios.error:
        saved = None
    sys.stdout.flush()
    sys.stderr.flush()
    parent = os.getpid()
    child = os.fork()
    if child == 0:  # the app: it returns through main() and exits as usual (atexit handlers run)
        _die_with_parent()
        if os.getppid() != parent:
            os._exit(1)
        return run()
    return _wait_for(child, fd, saved, what)


# Seconds the app has to end after SIGTERM or SIGHUP (it ends its session and logs it first)
# before the guard kills it: an app whose event loop is stuck must not linger for ever.
SIGNAL_GRACE = 15


def _hung_up_before_exit(child: int, fd: int) -> bool:
    """Wait until the child exits (False) or the terminal on `fd` hangs up first (True). The kernel
    sends SIGHUP to the terminal's session leader only, and it reaches the app by a chain (the
    leader's exit, then its foreground process group) that can break: a shell that ignores SIGHUP,
    a group that is not in the foreground. Then Textual's input thread reads end-of-file for ever
    and the app would outlive its window. The hang-up itself is seen here, on the terminal. Where a
    process cannot be polled (no pidfd), this returns False at once and signals alone end the app,
    as before."""
    try:
        exited = os.pidfd_open(child)
    except (AttributeError, OSError):
        return False
    try:
        poller = select.poll()
        poller.register(exited, select.POLLIN)
        poller.register(fd, 0)  # POLLHUP and POLLERR are reported whatever is asked for
        while True:
            for ready, events in poller.poll():  # a signal's handler runs, and the poll goes on
                if ready == exited:
                    return False
                if events & (select.POLLHUP | select.POLLERR | select.POLLNVAL):
                    return True
    finally:
        os.close(exited)


def _wait_for(child: int, fd: int, saved: list[Any] | None, what: str) -> int:
    def forward(signum: int, _frame: object) -> None:
        try:
            os.kill(child, signum)
        except ProcessLookupError:
            pass
        if signum in (signal.SIGTERM, signal.SIGHUP):
            signal.alarm(SIGNAL_GRACE)

    def too_late(_signum: int, _frame: object) -> None:
        forward(signal.SIGKILL, None)

    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, forward)
    signal.signal(signal.SIGALRM, too_late)
    # Keys typed at the terminal reach the app, not this waiting parent.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGQUIT, signal.SIG_IGN)
    if _hung_up_before_exit(child, fd):
        forward(signal.SIGHUP, None)
    while True:
        try:
            _, status = os.waitpid(child, 0)
            break
        except InterruptedError:
            continue
    signal.alarm(0)  # the app is gone: no grace left to count
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        restore_terminal(fd, saved)
        try:
            print(f"smallops: the {what} was killed by {_signal_name(number)} (signal {number}); the terminal was "
                  "restored. Session logs keep everything up to the last event: `smallops sessions` lists them.",
                  file=sys.stderr)
        except OSError:
            pass  # the terminal hung up: there is no one to tell
        return 128 + number
    return os.WEXITSTATUS(status)
