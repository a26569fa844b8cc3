"""The wrapper every approved command runs under: `python -I -S -c LAUNCH KIND NETWORK APP_PID
ISOLATE BOUNDS REPORT_FD [WRITABLE ...] -- ARGV...` (LAUNCH, below, imports this file from its
folder).

KIND is `landlock` (confine the command with the rules in landlock.py; as root, drop the
capabilities that would get around them; with network off, add the socket filter in seccomp.py),
`bwrap` (ARGV starts with bwrap and its options; with network off the wrapper adds the socket
filter through `--seccomp FD`) or `plain` (no sandbox). NETWORK is `on` or `off`. APP_PID is the
app's pid. ISOLATE is `ns` (the namespaces of namespaces.py) or `-`. BOUNDS are the resource
bounds (limits.py), REPORT_FD the pipe on which the bounds that were hit are reported (-1: none).

Why a process of its own between the app and the shell:
- It is a child subreaper, so nothing the command starts can leave its tree: `&`, `nohup`,
  `setsid -f` and double forks all end up as its children. When the shell exits, or the app
  cancels the step (SIGTERM), it kills every remaining descendant before it exits itself.
- It dies with the app: PR_SET_PDEATHSIG delivers SIGTERM when the app thread that started it
  ends (kill -9 of the app included), and it then kills the whole tree the same way.
- Landlock is applied in its forked child just before exec, in a single-threaded process, so
  the wrapper itself stays outside the sandbox (with ABI >= 6 the command cannot signal it).

With namespaces the layout is wrapper -> C (new session; unshare) -> I (pid 1 of the new PID
namespace: mounts, bounds, reaping) -> the shell. Without, the wrapper's child execs the shell.

Standard library only, loaded without site-packages, and `_signal` rather than `signal` (which
imports enum): start-up is most of what a sandboxed command costs (benchmarks/bench_commands.py).
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
    isolate, report = argv[3] == "ns", int(argv[5])
    import limits  # this folder is on sys.path (LAUNCH); the package is not
    bounds = limits.decode(argv[4])
    split = argv.index("--")
    writable, command = argv[6:split], argv[split + 1:]
    if report >= 0:
        os.set_inheritable(report, False)  # the command never gets the report pipe
    child = 0
    plan = None
    watch = None
    try:
        import landlock as ll
        ll.prctl(ll.PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() != app_pid:
            return EXIT_SANDBOX_FAILED  # the app was gone before the death signal was armed
        ll.prctl(ll.PR_SET_CHILD_SUBREAPER, 1)
        ruleset = -1
        if kind == "landlock" and not isolate:
            try:
                ruleset = ll.build_ruleset(writable, allow_network=network == "on")
            except OSError as exc:
                sys.stdout.write(f"[sandbox] Landlock could not be set up, the command was not run: {exc}\n")
                return EXIT_SANDBOX_FAILED
        plan = _Plan(ll, limits, kind, network == "off", bounds, writable, command, report, isolate, _cgroup(bounds))
        if kind == "bwrap":
            plan.command = _with_bwrap_filter(plan)
        child = os.fork()
        if child == 0:
            _child(plan, ruleset, isolate)  # never returns
        if ruleset >= 0:
            os.close(ruleset)
        if not isolate:
            watch = _watch_descendants(plan, child)
        _, status = os.waitpid(child, 0)
        if watch is not None:
            signal.setitimer(signal.ITIMER_REAL, 0, 0)
            watch.check()  # the blocks its files hold now, after the last write
            watch.note(limits.signal_hit(status))
        return _exit_code(status)
    except _Stop as stop:
        return 128 + int(stop.args[0])
    finally:
        for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            signal.signal(sig, signal.SIG_IGN)  # finish the sweep whatever arrives now
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        if child:
            kill_tree(child)
        _finish(plan, watch, limits)


def _cgroup(bounds: dict[str, int]):  # type: ignore[no-untyped-def]
    """The command's memory cgroup (cgroup.py), or None where none can be had."""
    if not bounds.get("memory"):
        return None
    import cgroup  # this folder is on sys.path (LAUNCH)
    return cgroup.Cgroup.make(bounds["memory"], f"{cgroup.PREFIX}{os.getpid()}")


def _finish(plan: _Plan | None, watch, limits) -> None:  # type: ignore[no-untyped-def]
    """After the tree is gone: the cgroup's verdict, then its removal; what was hit, reported."""
    if plan is None:
        return
    if plan.group is not None:
        if plan.group.hit():
            watch = watch or limits.Watch({})
            watch.hit.setdefault("memory-cgroup", plan.bounds["memory"])
        plan.group.remove()
    if watch is not None and plan.report >= 0:
        watch.report(plan.report)


def _watch_descendants(plan: _Plan, child: int):  # type: ignore[no-untyped-def]
    """Without a PID namespace of its own the command has no pid 1 of ours: the wrapper samples
    its descendants itself (it is their subreaper) and kills the tree past a bound. Tasks are
    not counted: without the namespace's pid_max nothing would hold them."""
    limits = plan.limits
    bounds = {name: value for name, value in plan.bounds.items() if name != "tasks"}
    watch = limits.Watch(bounds, plan.writable, tree=lambda: _descendants(os.getpid()), group=plan.group)

    def sample(signum: int, frame: object) -> None:
        if watch.check() is not None:
            try:
                os.killpg(child, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            for pid in _descendants(os.getpid()):
                try:
                    os.kill(pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
            return
        signal.setitimer(signal.ITIMER_REAL, limits.SAMPLE_SECONDS)  # armed again only now (see _init)

    signal.signal(signal.SIGALRM, sample)
    signal.setitimer(signal.ITIMER_REAL, limits.SAMPLE_SECONDS)
    return watch


class _Plan:
    """What the processes below the wrapper need (a plain class: dataclasses cost an import)."""

    def __init__(self, ll, limits, kind: str, sockets_off: bool, bounds: dict[str, int],  # type: ignore[no-untyped-def]
                 writable: list[str], command: list[str], report: int, isolated: bool, group) -> None:
        self.ll, self.limits, self.kind, self.sockets_off = ll, limits, kind, sockets_off
        self.bounds, self.writable, self.command, self.report = bounds, writable, command, report
        self.isolated, self.group = isolated, group

    def filter_program(self) -> bytes:
        """The seccomp filter for this command (seccomp.py): sockets with network off, fallocate
        with a disk bound, memfd_create where no cgroup counts its pages."""
        import seccomp  # this folder is on sys.path (LAUNCH)
        program: bytes = seccomp.filter_program(sockets=self.sockets_off, processes=True, files=True,
                                                allocation=bool(self.bounds.get("disk")), memfd=self.group is None)
        return program


def _with_bwrap_filter(plan: _Plan) -> list[str]:
    """`bwrap --seccomp FD ...`: the filter, read by bwrap from an inherited pipe."""
    import seccomp  # this folder is on sys.path (LAUNCH)
    command = plan.command
    if not seccomp.supported():
        return command
    program = plan.filter_program()
    read_end, write_end = os.pipe()
    os.write(write_end, program)
    os.close(write_end)
    os.set_inheritable(read_end, True)
    return [command[0], "--seccomp", str(read_end), *command[1:]]


def _fail(what: str, exc: OSError) -> None:
    os.write(1, f"[sandbox] {what}, the command was not run: {exc}\n".encode())
    os._exit(EXIT_SANDBOX_FAILED)


def _child(plan: _Plan, ruleset: int, isolate: bool) -> None:
    """C: its own session (no controlling terminal: /dev/tty leads nowhere), then either the
    command itself (no namespaces) or the namespaces and their pid 1."""
    try:
        for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGALRM):
            signal.signal(sig, signal.SIG_DFL)
        signal.setitimer(signal.ITIMER_REAL, 0, 0)  # the wrapper's sampling timer is not the command's
        if plan.group is not None:
            try:
                plan.group.join()  # first: everything this process starts is counted
            except OSError as exc:
                _fail("the memory cgroup could not be joined", exc)
        os.setsid()  # its own group: killpg takes the shell and whatever it did not move elsewhere
        plan.ll.prctl(plan.ll.PR_SET_PDEATHSIG, signal.SIGKILL)
        if not isolate:
            _exec_command(plan, ruleset)
        import namespaces
        try:
            namespaces.enter(plan.sockets_off, plan.bounds.get("memory", 0))
        except OSError as exc:
            _fail("the namespaces could not be made", exc)
        init = os.fork()
        if init == 0:
            _init(plan, namespaces)
        _, status = os.waitpid(init, 0)
        os._exit(_exit_code(status))
    except OSError as exc:
        os.write(1, f"[sandbox] cannot run {plan.command[0]}: {exc.strerror}\n".encode())
    os._exit(EXIT_NOT_FOUND)


def _init(plan: _Plan, namespaces) -> None:  # type: ignore[no-untyped-def]
    """I, pid 1 of the command's PID namespace: the mounts, then the shell; it reaps every
    orphan, watches the bounds, and leaves when the shell exits (the kernel then kills the rest)."""
    ll, limits = plan.ll, plan.limits
    ll.prctl(ll.PR_SET_PDEATHSIG, signal.SIGKILL)
    try:
        tasks_bounded = namespaces.build_mounts(plan.writable, plan.bounds.get("tasks", 0), plan.bounds.get("memory", 0))
    except OSError as exc:
        _fail("the sandbox's file system could not be made", exc)
    ruleset = -1
    if plan.kind == "landlock":
        try:  # the private /dev/pts and /dev/shm are the command's own: it may write there
            ruleset = ll.build_ruleset([*plan.writable, "/dev/pts", "/dev/shm"], allow_network=not plan.sockets_off)
        except OSError as exc:
            _fail("Landlock could not be set up", exc)
    shell = os.fork()
    if shell == 0:
        # The process filter too: the command's tree could otherwise prlimit its pid 1 (same uid),
        # and a pid 1 with no file descriptors left could not watch the bounds.
        _exec_command(plan, ruleset)
    if ruleset >= 0:
        os.close(ruleset)
    watch = limits.Watch(plan.bounds, plan.writable, group=plan.group)
    if not tasks_bounded:
        watch.hit["unbounded-tasks"] = 0

    def sample(signum: int, frame: object) -> None:
        if watch.check() is not None:
            os.kill(-1, signal.SIGKILL)  # from pid 1: every process of the namespace but itself
        # Armed again only now: on a loaded machine a sample of a big tree takes longer than the
        # interval, and an interval timer then nested the handler in itself until pid 1 hung or
        # died of recursion (the storm test ran into its 60 s timeout).
        signal.setitimer(signal.ITIMER_REAL, limits.SAMPLE_SECONDS)

    signal.signal(signal.SIGALRM, sample)
    signal.setitimer(signal.ITIMER_REAL, limits.SAMPLE_SECONDS)
    status = 0
    while True:
        try:
            exited = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOWAIT)
        except ChildProcessError:
            break
        if exited is not None and exited.si_pid == shell:
            # One last look before the shell is reaped, while its pid and all it left behind still
            # hold their places: a shell that cannot fork may exit at once (dash: "Cannot fork"),
            # between two samples, and the bound it reached would go unreported.
            signal.setitimer(signal.ITIMER_REAL, 0, 0)
            watch.check()
        pid, status = os.waitpid(exited.si_pid if exited is not None else -1, 0)
        watch.note(limits.signal_hit(status))
        if pid == shell:
            break
    signal.setitimer(signal.ITIMER_REAL, 0, 0)
    if plan.report >= 0:
        watch.report(plan.report)
    os._exit(_exit_code(status))


def _exec_command(plan: _Plan, ruleset: int) -> None:
    """The command's own process: bounds, capabilities, Landlock, seccomp, then exec."""
    ll = plan.ll
    try:
        for sig in (signal.SIGPIPE, signal.SIGXFSZ, signal.SIGALRM):
            signal.signal(sig, signal.SIG_DFL)  # Python ignores the first two, and an ignored signal stays so across exec
        try:
            plan.limits.apply_rlimits(plan.bounds)
        except (OSError, ValueError) as exc:
            _fail("the resource bounds could not be set", OSError(str(exc)))
        if ruleset >= 0:
            try:
                if os.geteuid() == 0:
                    ll.drop_root_capabilities(plan.isolated)
                ll.restrict_self(ruleset)
                import seccomp  # this folder is on sys.path (LAUNCH)
                if seccomp.supported():
                    seccomp.install_program(plan.filter_program())
            except Exception as exc:  # noqa: BLE001 - whatever it is, the command must not run unconfined
                _fail("the sandbox could not be applied", OSError(str(exc)))
            os.close(ruleset)
        os.execvp(plan.command[0], plan.command)
    except OSError as exc:
        os.write(1, f"[sandbox] cannot run {plan.command[0]}: {exc.strerror}\n".encode())
    os._exit(EXIT_NOT_FOUND)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
