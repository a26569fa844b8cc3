"""The wrapper every approved command runs under: `python -I -S -c LAUNCH KIND NETWORK APP_PID
[WRITABLE ...] -- ARGV...` (LAUNCH, below, imports this file from its folder).

KIND is `landlock` (confine the command with the rules in landlock.py; as root, drop the
capabilities that would get around them; with network off, add the socket filter in seccomp.py),
`bwrap` (ARGV starts with bwrap and its options; with network off the wrapper adds the socket
filter through `--seccomp FD`) or `plain` (no sandbox). NETWORK is `on` or `off`.
APP_PID is the app's pid.

Why a process of its own between the app and the shell:
- It is a child subreaper, so nothing the command starts can leave its tree: `&`, `nohup`,
  `setsid -f` and double forks all end up as its children. When the shell exits, or the app
  cancels the step (SIGTERM), it kills every remaining descendant before it exits itself.
- It dies with the app: PR_SET_PDEATHSIG delivers SIGTERM when the app thread that started it
  ends (kill -9 of the app included), and it then kills the whole tree the same way.
- Landlock is applied in its forked child just before exec, in a single-threaded process, so
  the wrapper itself stays outside the sandbox (with ABI >= 6 the command cannot signal it).

Standard library only, loaded without site-packages, and `_signal` rather than `signal` (which
imports enum): start-up is most of what a sandboxed command costs (benchmarks/bench_sandbox.py).
"""

from __future__ import annotations

import _signal as signal  # the C module: same functions and numbers, no enum import
import os
import sys
import time

FOLDER = os.path.dirname(os.path.abspath(__file__))
LAUNCH = f"import sys; sys.path.append({FOLDER!r}); import exec_wrapper; sys.exit(exec_wrapper.main(sys.argv[1:]))"

EXIT_SANDBOX_FAILED = 125
EXIT_NOT_FOUND = 127
SWEEP_SECONDS = 5.0


class _Stop(Exception):
    """The app cancelled the step, or went away."""


def _stop(signum: int, frame: object) -> None:
    raise _Stop(signum)


def _descendants(root: int) -> list[int]:
    """Every live descendant of `root`, found through /proc (the children files need a kernel option)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] != b"Z":
            children.setdefault(int(fields[1]), []).append(int(entry))
    found: list[int] = []
    queue = [root]
    while queue:
        for child in children.get(queue.pop(), []):
            found.append(child)
            queue.append(child)
    return found


def _reap() -> bool:
    """Collect exited children; True while any child (live or not yet reaped) remains."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return False
        if pid == 0:
            return True


def kill_tree(group: int) -> None:
    """Kill the command's process group, then every descendant that left it, until none is left."""
    try:
        os.killpg(group, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    deadline = time.monotonic() + SWEEP_SECONDS
    delay = 0.001
    while _reap() and time.monotonic() < deadline:
        for pid in _descendants(os.getpid()):
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        time.sleep(delay)
        delay = min(delay * 2, 0.02)


def _exit_code(status: int) -> int:
    if os.WIFSIGNALED(status):
        return 128 + os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


def main(argv: list[str]) -> int:
    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, _stop)
    kind, network, app_pid = argv[0], argv[1], int(argv[2])
    split = argv.index("--")
    writable, command = argv[3:split], argv[split + 1:]
    child = 0
    try:
        import landlock as ll  # this folder is on sys.path (LAUNCH); the package is not
        ll.prctl(ll.PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() != app_pid:
            return EXIT_SANDBOX_FAILED  # the app was gone before the death signal was armed
        ll.prctl(ll.PR_SET_CHILD_SUBREAPER, 1)
        ruleset = -1
        if kind == "landlock":
            try:
                ruleset = ll.build_ruleset(writable, allow_network=network == "on")
            except OSError as exc:
                sys.stdout.write(f"[sandbox] Landlock could not be set up, the command was not run: {exc}\n")
                return EXIT_SANDBOX_FAILED
        if kind == "bwrap" and network == "off":
            command = _with_bwrap_filter(command)
        child = os.fork()
        if child == 0:
            _exec_child(ll, ruleset, command, network == "off")  # never returns
        if ruleset >= 0:
            os.close(ruleset)
        _, status = os.waitpid(child, 0)
        return _exit_code(status)
    except _Stop as stop:
        return 128 + int(stop.args[0])
    finally:
        for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            signal.signal(sig, signal.SIG_IGN)  # finish the sweep whatever arrives now
        if child:
            kill_tree(child)


def _with_bwrap_filter(command: list[str]) -> list[str]:
    """`bwrap --seccomp FD ...`: the socket filter, read by bwrap from an inherited pipe."""
    import seccomp  # this folder is on sys.path (LAUNCH)
    if not seccomp.supported():
        return command
    program = seccomp.filter_program()
    read_end, write_end = os.pipe()
    os.write(write_end, program)
    os.close(write_end)
    os.set_inheritable(read_end, True)
    return [command[0], "--seccomp", str(read_end), *command[1:]]


def _exec_child(ll, ruleset: int, command: list[str], sockets_off: bool) -> None:  # type: ignore[no-untyped-def]
    try:
        for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            signal.signal(sig, signal.SIG_DFL)
        os.setsid()  # its own group: killpg takes the shell and whatever it did not move elsewhere
        ll.prctl(ll.PR_SET_PDEATHSIG, signal.SIGKILL)
        if ruleset >= 0:
            try:
                if os.geteuid() == 0:
                    ll.drop_root_capabilities()
                ll.restrict_self(ruleset)
                if sockets_off:
                    import seccomp  # this folder is on sys.path (LAUNCH)
                    if seccomp.supported():
                        seccomp.deny_outside_sockets()
            except OSError as exc:
                os.write(1, f"[sandbox] the sandbox could not be applied, the command was not run: {exc}\n".encode())
                os._exit(EXIT_SANDBOX_FAILED)
            os.close(ruleset)
        os.execvp(command[0], command)
    except OSError as exc:
        os.write(1, f"[sandbox] cannot run {command[0]}: {exc.strerror}\n".encode())
    os._exit(EXIT_NOT_FOUND)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
