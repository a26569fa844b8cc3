"""Run an approved shell command: in the workspace, in the OS sandbox, bounded, contained.

The command runs with /bin/sh under the wrapper in exec_wrapper.py, which confines it (see
confine.py and docs/sandbox.md) and kills every descendant when the step ends: when the shell
exits, on timeout, on cancel (esc), and when the app goes away, `kill -9` included. The app is
itself a child subreaper, so even a process that escaped a dead wrapper comes back to it and is
swept.
Output is capped with head and tail kept and the cut marked; bytes that are not UTF-8 are
decoded with replacement, never a crash.
"""

from __future__ import annotations

import asyncio
import atexit
import itertools
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

from . import landlock
from .confine import STEP_MARKER, Sandbox, private_temp_dir, resolve_sandbox
from .git_programs import inert_git
from .secret_env import environ_with_secrets

DEFAULT_TIMEOUT = 30.0
DEFAULT_OUTPUT_CAP = 64 * 1024
# After the command ends, how long to wait for the pipe to drain before giving up on it.
DRAIN_SECONDS = 1.0
# How long the wrapper gets to kill its tree after SIGTERM before it is killed itself.
WRAPPER_GRACE = 3.0


@dataclass(frozen=True)
class CommandResult:
    command: str
    exit_code: int | None  # None: killed (timeout or cancel)
    output: str
    duration: float
    timed_out: bool = False
    truncated: bool = False
    omitted_bytes: int = 0
    cancelled: bool = False
    sandbox: str = ""  # the sandbox it ran in, as the status bar names it
    bounds_hit: tuple[str, ...] = ()  # a sentence per resource bound the command hit (limits.py)

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


# -- containment: the app as subreaper, live wrappers, and the last-resort sweep ----------------

_LIVE_WRAPPERS: dict[int, str] = {}  # wrapper pid -> the step marker its processes carry
_MARKERS = itertools.count(1)
_subreaper = False


def become_subreaper() -> bool:
    """Make this process a child subreaper: orphans of commands come back to it, not to init."""
    global _subreaper
    if not _subreaper:
        try:
            landlock.prctl(landlock.PR_SET_CHILD_SUBREAPER, 1)
            _subreaper = True
        except (OSError, AttributeError):
            return False
    return True


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return False


def _marked(prefix: str) -> list[int]:
    """Live processes whose environment carries a step marker starting with `prefix`."""
    needle = f"{STEP_MARKER}={prefix}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                environ = f.read()
        except OSError:
            continue
        if any(item.startswith(needle) for item in environ.split(b"\0")) and _alive(int(entry)):
            found.append(int(entry))
    return found


# Processes this app killed by marker. As a subreaper it inherits them when their wrapper is gone,
# so it must reap them — but only them: waiting on any other child would steal the exit status
# that asyncio, subprocess or pexpect is waiting for (and report a crash as "exit code 0").
_KILLED_ORPHANS: set[int] = set()


def _reap_orphans() -> None:
    """Collect the killed processes that came back to this subreaper and have died."""
    for pid in list(_KILLED_ORPHANS):
        try:
            reaped, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:  # not our child (its wrapper reaped it), or already collected
            _KILLED_ORPHANS.discard(pid)
            continue
        if reaped:
            _KILLED_ORPHANS.discard(pid)


def sweep(prefix: str, rounds: int = 20) -> int:
    """Kill every process carrying the step marker `prefix` (a command whose wrapper is gone).
    Live wrappers are left to their own stop: asyncio reaps them."""
    killed = 0
    for _ in range(rounds):
        pids = [pid for pid in _marked(prefix) if pid not in _LIVE_WRAPPERS]
        if not pids:
            break
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
                killed += 1
                _KILLED_ORPHANS.add(pid)
            except (ProcessLookupError, PermissionError):
                pass
        time.sleep(0.01)
    if _subreaper:
        _reap_orphans()
    return killed


def _app_marker_prefix() -> str:
    return f"{os.getpid()}-"


def kill_live_commands(grace: float = WRAPPER_GRACE) -> int:
    """Kill every command still running (app exit: q, SIGTERM, SIGHUP); returns how many there were.

    Each wrapper is asked to kill its own tree (it can find everything, being a subreaper);
    whatever is left after `grace` seconds is killed by marker."""
    wrappers = list(_LIVE_WRAPPERS)
    for pid in wrappers:
        _signal(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while any(_alive(pid) for pid in wrappers) and time.monotonic() < deadline:
        time.sleep(0.01)
    for pid in wrappers:
        _signal(pid, signal.SIGKILL)
    sweep(_app_marker_prefix())
    _LIVE_WRAPPERS.clear()
    return len(wrappers)


atexit.register(kill_live_commands)


def install_exit_handlers() -> None:
    """On SIGTERM/SIGHUP: kill running commands, then exit as the signal would."""

    def handler(signum: int, frame: object) -> None:
        kill_live_commands()
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)

    become_subreaper()
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, handler)


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


# -- running one command --------------------------------------------------------------------

_default_sandbox: list[Sandbox] = []


def default_sandbox() -> Sandbox:
    """The `auto` sandbox, for callers that do not pass one (tests, scripts)."""
    if not _default_sandbox:
        _default_sandbox.append(resolve_sandbox("auto"))
    return _default_sandbox[0]


class _ExitAwareProtocol(asyncio.subprocess.SubprocessStreamProtocol):
    """Sets `exited` the moment the wrapper exits (Process.wait() also waits for the pipes)."""

    def __init__(self, limit: int, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(limit=limit, loop=loop)
        self.exited = asyncio.Event()

    def process_exited(self) -> None:
        super().process_exited()
        self.exited.set()


async def _spawn(argv: list[str], **kwargs: object) -> tuple[asyncio.subprocess.Process, asyncio.Event]:
    loop = asyncio.get_running_loop()
    transport, protocol = await loop.subprocess_exec(
        lambda: _ExitAwareProtocol(2 ** 16, loop), *argv, **kwargs)  # type: ignore[arg-type]
    return asyncio.subprocess.Process(transport, protocol, loop), protocol.exited


async def _outcome(exited: asyncio.Event, timeout: float | None, cancel: asyncio.Event | None) -> str:
    """Wait until the wrapper exits: "exited", "timeout" or "cancelled"."""
    waits = [asyncio.ensure_future(exited.wait())]
    if cancel is not None:
        waits.append(asyncio.ensure_future(cancel.wait()))
    try:
        await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()
    if exited.is_set():
        return "exited"
    return "cancelled" if cancel is not None and cancel.is_set() else "timeout"


async def _stop_wrapper(proc: asyncio.subprocess.Process, exited: asyncio.Event, marker: str) -> None:
    """Ask the wrapper to kill its tree; if it does not finish in time, kill it and sweep."""
    _signal(proc.pid, signal.SIGTERM)
    if await _outcome(exited, WRAPPER_GRACE, None) != "exited":
        _signal(proc.pid, signal.SIGKILL)
        await exited.wait()
        sweep(marker)


async def run_command(command: str, cwd: str | Path, timeout: float = DEFAULT_TIMEOUT,
                      output_cap: int = DEFAULT_OUTPUT_CAP, env: dict[str, str] | None = None,
                      sandbox: Sandbox | None = None, cancel: asyncio.Event | None = None) -> CommandResult:
    """Run `command` with /bin/sh in `cwd`, in `sandbox` (default: the best this machine has).

    Setting `cancel` ends the command (and everything it started) and returns what it printed
    so far; cancelling the awaiting task does the same and re-raises. The wrapper is started from
    the calling event loop's thread, which lives as long as the loop: its death signal is tied
    to that thread.
    """
    sandbox = sandbox or default_sandbox()
    become_subreaper()
    started = time.monotonic()
    temp_dir = private_temp_dir()
    # The trailing dot ends the marker: sweeping "…-1." must not match command "…-12.".
    marker = f"{_app_marker_prefix()}{next(_MARKERS)}."
    # Every program the repositories here name (filters, diff drivers, ...) made inert: listed now,
    # so what a command planted before this one is caught (git_programs.py).
    command_env = await asyncio.to_thread(inert_git, sandbox.environment(environ_with_secrets(), temp_dir, marker, env),
                                          cwd)
    report_read, report_write = os.pipe()  # the wrapper says on it which bounds were hit
    try:
        proc, exited = await _spawn(
            sandbox.wrapper_argv(command, str(cwd), temp_dir, report_write),
            cwd=str(cwd),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            env=command_env,
            pass_fds=(report_write,),
        )
    except BaseException:
        os.close(report_read)
        raise
    finally:
        os.close(report_write)
    _LIVE_WRAPPERS[proc.pid] = marker
    buffer = _CappedBuffer(output_cap)
    assert proc.stdout is not None
    stdout = proc.stdout

    async def pump() -> None:
        while True:
            chunk = await stdout.read(65536)
            if not chunk:
                return
            buffer.add(chunk)

    reader = asyncio.create_task(pump())
    try:
        how = await _outcome(exited, timeout, cancel)
        if how != "exited":
            await _stop_wrapper(proc, exited, marker)
        try:
            await asyncio.wait_for(asyncio.shield(reader), DRAIN_SECONDS)
        except asyncio.TimeoutError:
            reader.cancel()  # something outside the tree still holds the pipe
            sweep(marker)
    except asyncio.CancelledError:
        reader.cancel()
        try:
            await asyncio.shield(_stop_wrapper(proc, exited, marker))
        except BaseException:
            pass
        raise
    finally:
        _LIVE_WRAPPERS.pop(proc.pid, None)
        hits = _read_report(report_read)
    if proc.returncode is not None and proc.returncode < 0:
        sweep(marker)  # the wrapper itself was killed: its orphans came back to this subreaper
    timed_out, cancelled = how == "timeout", how == "cancelled"
    output = buffer.text()
    bounds_hit = tuple(sandbox.bounds.sentence(name) for name in hits)
    for sentence in bounds_hit:
        output += f"\n[sandbox] {sentence}"
    if timed_out:
        output += f"\n[killed after {timeout:g} s timeout]"
    elif cancelled:
        output += f"\n[cancelled after {time.monotonic() - started:.1f} s]"
    return CommandResult(
        command=command,
        exit_code=None if (timed_out or cancelled) else proc.returncode,
        output=output,
        duration=time.monotonic() - started,
        timed_out=timed_out,
        truncated=buffer.omitted > 0,
        omitted_bytes=buffer.omitted,
        cancelled=cancelled,
        sandbox=sandbox.label(),
        bounds_hit=bounds_hit,
    )


def _read_report(fd: int) -> list[str]:
    """The bound names on the report pipe (what the wrapper wrote before it exited); closes it."""
    data = b""
    try:
        os.set_blocking(fd, False)
        while len(data) < 4096:
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            data += chunk
    except (BlockingIOError, OSError):
        pass
    finally:
        os.close(fd)
    names: list[str] = []
    for line in data.decode("ascii", "replace").splitlines():
        name = line.split(" ", 1)[0]
        if name and name not in names:
            names.append(name)
    return names
