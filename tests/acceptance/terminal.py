"""A real pseudo-terminal around a real process: pexpect types, pyte reads the screen.

The process is the installed console script, exactly as a person starts it; what the tests see
is the screen a person would see (pyte renders the escape sequences), plus the raw bytes for
checks on terminal modes. Waits poll the screen against a deadline; nothing sleeps and hopes.
"""

from __future__ import annotations

import re
import signal
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pexpect  # type: ignore[import-untyped]  # pexpect ships no type hints (and no stubs are installed)
import pyte

KEYS = {"pageup": "\x1b[5~", "enter": "\r", "escape": "\x1b", "end": "\x1b[F", "right": "\x1b[C", "left": "\x1b[D", "home": "\x1b[H"}


class Terminal:
    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path, rows: int = 40, cols: int = 120) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.child = pexpect.spawn(argv[0], argv[1:], env=env, cwd=str(cwd), dimensions=(rows, cols),
                                   encoding=None, echo=True)  # a real terminal starts in cooked mode, echoing
        self.exited = False
        self.final_termios: list | None = None

    # -- reading --------------------------------------------------------------------------------

    def pump(self, timeout: float = 0.05) -> None:
        """Feed whatever the process wrote (waiting at most `timeout` for the first byte)."""
        while True:
            try:
                data = self.child.read_nonblocking(65536, timeout=timeout)
            except pexpect.TIMEOUT:
                return
            except pexpect.EOF:
                self.exited = True
                return
            self.raw += data
            self.stream.feed(data)
            timeout = 0

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, condition: str | Callable[[str], object], what: str = "", seconds: float = 120.0) -> str:
        """Poll the screen until it shows `condition` (a substring, or a predicate on the text)."""
        check = (lambda text: condition in text) if isinstance(condition, str) else condition
        deadline = time.monotonic() + seconds
        while True:
            self.pump()
            text = self.text()
            if check(text):
                return text
            if self.exited or time.monotonic() > deadline:
                state = "the process exited" if self.exited else f"timed out after {seconds:g} s"
                raise AssertionError(f"{state} waiting for {what or condition!r}; the screen:\n{text}")

    # -- typing ---------------------------------------------------------------------------------

    def press(self, *keys: str) -> None:
        for key in keys:
            self.child.send(KEYS.get(key, key).encode())

    def type(self, text: str) -> None:
        self.child.send(text.encode())

    def press_until(self, key: str, until: str | Callable[[str], object], what: str = "",
                    seconds: float = 120.0) -> str:
        """Press `key` until the screen shows `until`, for keys that are safe to repeat: a key
        pressed while the app is still mounting, or before a proposal is armed, does nothing."""
        deadline = time.monotonic() + seconds
        check = (lambda text: until in text) if isinstance(until, str) else until
        while True:
            self.press(key)
            try:
                return self.wait_for(check, what, seconds=1.0)
            except AssertionError:
                if self.exited or time.monotonic() > deadline:
                    raise

    def approve(self, until: str | Callable[[str], object], what: str = "", seconds: float = 120.0) -> str:
        """Press y until the screen shows `until`: y counts only once the proposal has been on
        screen for the arming delay, and pressing early just shows "not yet"."""
        return self.press_until("y", until, what, seconds)

    # -- ending ---------------------------------------------------------------------------------

    def wait_exit(self, seconds: float = 30.0) -> tuple[int | None, int | None]:
        """(exit status, signal) once the process has ended."""
        deadline = time.monotonic() + seconds
        while not self.exited:
            self.pump(0.1)
            if time.monotonic() > deadline:
                raise AssertionError(f"the process did not exit within {seconds:g} s; the screen:\n{self.text()}")
        # The terminal's settings as the process left them (read from our side, before closing).
        self.final_termios = termios.tcgetattr(self.child.child_fd)
        self.child.close()
        return self.child.exitstatus, self.child.signalstatus

    def quit_session(self) -> tuple[int | None, int | None]:
        """Quit a session that is still running as a person does: q, then y at the question."""
        self.press("q")
        self.wait_for("Quit?", "the quit question")
        self.press("y")
        return self.wait_exit()

    def hang_up(self) -> None:
        """Close the terminal, as closing its window does: the kernel hangs up its session."""
        self.child.ptyproc.fileobj.close()

    def kill(self) -> None:
        if not self.exited:
            try:
                self.child.kill(signal.SIGKILL)
            except OSError:
                pass
            self.child.close(force=True)

    @property
    def pid(self) -> int:
        return int(self.child.pid)

    def output_after(self, marker: bytes) -> bytes:
        index = self.raw.rfind(marker)
        return bytes(self.raw[index:]) if index >= 0 else b""


def run_in_terminal(argv: list[str], env: dict[str, str], cwd: Path, seconds: float = 60.0) -> tuple[int | None, str]:
    """Run a command that ends by itself in a pseudo-terminal: its exit status and the screen."""
    term = Terminal(argv, env, cwd)
    try:
        status, _ = term.wait_exit(seconds)
    finally:
        term.kill()
    return status, term.text()


def app_pid(guard_pid: int, seconds: float = 30.0) -> int:
    """The app process under the terminal guard (its only child running smallops)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if int(fields[1]) == guard_pid and fields[0] != "Z":
                cmdline = (entry / "cmdline").read_bytes()
                if b"smallops" in cmdline:
                    return int(entry.name)
        time.sleep(0.05)
    raise AssertionError(f"no app process under {guard_pid}")


def visible(text: str) -> str:
    """The screen's text with box-drawing runs squeezed, for readable failure messages."""
    return re.sub(r"[─│╭╮╰╯]+", " ", text)
