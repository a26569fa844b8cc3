"""Run an approved shell command: in the workspace, in its own process group, bounded.

The whole group is killed on timeout, on cancellation and when the shell exits (so a
backgrounded child cannot outlive the step). Output is capped with head and tail kept and
the cut marked; bytes that are not UTF-8 are decoded with replacement, never a crash.
"""

from __future__ import annotations

import asyncio
import atexit
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

DEFAULT_TIMEOUT = 30.0
DEFAULT_OUTPUT_CAP = 64 * 1024
# After the shell exits, how long to wait for the pipe to drain before giving up on it.
DRAIN_SECONDS = 1.0
# Pagers and colour off: output is shown literally and nothing may wait for a keypress.
QUIET_ENV = {"PAGER": "cat", "GIT_PAGER": "cat", "TERM": "dumb", "NO_COLOR": "1", "GIT_TERMINAL_PROMPT": "0"}


@dataclass(frozen=True)
class CommandResult:
    command: str
    exit_code: int | None  # None: killed (timeout or cancel)
    output: str
    duration: float
    timed_out: bool = False
    truncated: bool = False
    omitted_bytes: int = 0

    @property
    def ok(self) -> bool:
        return self.exit_code == 0


class _CappedBuffer:
    """Keeps the first and last `cap/2` bytes of a stream and counts what was dropped."""

    def __init__(self, cap: int) -> None:
        self.head_cap = cap // 2
        self.tail_cap = cap - self.head_cap
        self.head = bytearray()
        self.tail = bytearray()
        self.total = 0

    def add(self, data: bytes) -> None:
        self.total += len(data)
        room = self.head_cap - len(self.head)
        if room > 0:
            self.head += data[:room]
            data = data[room:]
        if data:
            self.tail += data
            if len(self.tail) > self.tail_cap:
                del self.tail[: len(self.tail) - self.tail_cap]

    @property
    def omitted(self) -> int:
        return self.total - len(self.head) - len(self.tail)

    def text(self) -> str:
        head = bytes(self.head).decode("utf-8", errors="replace")
        if not self.omitted:
            return head + bytes(self.tail).decode("utf-8", errors="replace")
        tail = bytes(self.tail).decode("utf-8", errors="replace")
        return f"{head}\n[... {self.omitted:,} bytes of output omitted ...]\n{tail}"


# Process groups of commands still running: killed if the app itself goes away (exit, SIGTERM,
# SIGHUP), because their own session keeps them out of the terminal's hangup.
_LIVE_GROUPS: set[int] = set()


def kill_live_commands() -> int:
    """Kill every command group still running; returns how many there were."""
    groups = list(_LIVE_GROUPS)
    for pgid in groups:
        _kill_group(pgid)
    _LIVE_GROUPS.clear()
    return len(groups)


atexit.register(kill_live_commands)


def install_exit_handlers() -> None:
    """On SIGTERM/SIGHUP: kill running commands, then exit as the signal would."""

    def handler(signum: int, frame: object) -> None:
        kill_live_commands()
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)

    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, handler)


def _kill_group(pid: int, sig: int = signal.SIGKILL) -> None:
    try:
        os.killpg(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


async def _exited(proc: asyncio.subprocess.Process, timeout: float | None) -> bool:
    """Wait until the shell itself exits; False on timeout.

    `Process.wait()` also waits for the pipes to close, which a backgrounded child holding
    stdout would delay until the timeout; the return code is set as soon as the shell exits.
    """
    deadline = None if timeout is None else time.monotonic() + timeout
    delay = 0.002
    while proc.returncode is None:
        if deadline is not None and time.monotonic() >= deadline:
            return False
        await asyncio.sleep(delay)
        delay = min(delay * 2, 0.05)
    return True


async def run_command(command: str, cwd: str | Path, timeout: float = DEFAULT_TIMEOUT,
                      output_cap: int = DEFAULT_OUTPUT_CAP, env: dict[str, str] | None = None) -> CommandResult:
    """Run `command` with /bin/sh in `cwd`. Cancelling the awaiting task kills the group."""
    started = time.monotonic()
    full_env = {**os.environ, **QUIET_ENV, **(env or {})}
    proc = await asyncio.create_subprocess_shell(
        command,
        cwd=str(cwd),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        start_new_session=True,  # its own process group, so the whole tree can be killed
        env=full_env,
    )
    _LIVE_GROUPS.add(proc.pid)
    buffer = _CappedBuffer(output_cap)
    assert proc.stdout is not None

    async def pump() -> None:
        while True:
            chunk = await proc.stdout.read(65536)
            if not chunk:
                return
            buffer.add(chunk)

    reader = asyncio.create_task(pump())
    timed_out = False
    try:
        timed_out = not await _exited(proc, timeout)
        _kill_group(proc.pid)
        if timed_out:
            await _exited(proc, None)
        try:
            await asyncio.wait_for(asyncio.shield(reader), DRAIN_SECONDS)
        except asyncio.TimeoutError:
            reader.cancel()  # a grandchild that escaped the group still holds the pipe
    except asyncio.CancelledError:
        _kill_group(proc.pid)
        _LIVE_GROUPS.discard(proc.pid)
        reader.cancel()
        try:
            await asyncio.shield(_exited(proc, 5.0))
        except BaseException:
            pass
        raise
    _LIVE_GROUPS.discard(proc.pid)
    exit_code = None if timed_out else proc.returncode
    output = buffer.text()
    if timed_out:
        output += f"\n[killed after {timeout:g} s timeout]"
    return CommandResult(
        command=command,
        exit_code=exit_code,
        output=output,
        duration=time.monotonic() - started,
        timed_out=timed_out,
        truncated=buffer.omitted > 0,
        omitted_bytes=buffer.omitted,
    )
