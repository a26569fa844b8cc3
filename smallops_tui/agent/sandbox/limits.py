"""The bounds every command runs under: tasks, memory, file size, disk written and CPU time.

Each bound is held two ways where it can be:
- by the kernel, per process, with rlimits the command cannot raise (a command run as root has
  no CAP_SYS_RESOURCE): RLIMIT_FSIZE (a file larger than the bound: SIGXFSZ and EFBIG, fallocate
  included), RLIMIT_DATA (memory a process may map writable), RLIMIT_CPU (SIGXCPU, then SIGKILL);
- for the command's whole tree, by the sandbox's pid 1 (namespaces.py), which the kernel bounds
  with the PID namespace's pid_max (so RLIMIT_NPROC, which does not bind root, is not needed) and
  which samples the tree ten times a second: the memory it holds (resident pages), the bytes it
  has written to disk (/proc/PID/io: those of reaped processes are added to their reaper's), and
  the CPU time it has used (reaped children's included). Past the memory, disk or CPU bound the
  whole tree is killed.

cgroup v2 would give the same bounds with exact counters; it is not used because the machines
this runs on may not delegate one (this project's CI has the v1 hierarchy), and the namespace and
rlimit bounds work for root and for any user alike.

What was hit is reported on the report pipe the app gave the wrapper, one line per bound:
`NAME VALUE`; the app turns it into a sentence the person and the model see (runner.py).
Standard library only: exec_wrapper.py loads this file by path in an interpreter started with
`-I -S`.
"""

from __future__ import annotations

import os

# name -> (unit shown, default). Values: tasks a count, memory/fsize/disk bytes, cpu seconds.
NAMES = ("tasks", "memory", "fsize", "disk", "cpu")
SAMPLE_SECONDS = 0.1
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
SIGXCPU, SIGXFSZ = 24, 25


def encode(bounds: dict[str, int]) -> str:
    """The bounds as one argv word for the wrapper: `tasks=512,memory=...`."""
    return ",".join(f"{name}={int(bounds[name])}" for name in NAMES if bounds.get(name))


def decode(word: str) -> dict[str, int]:
    bounds: dict[str, int] = {}
    for item in word.split(","):
        if "=" in item:
            name, value = item.split("=", 1)
            if name in NAMES and value.isdigit():
                bounds[name] = int(value)
    return bounds


def apply_rlimits(bounds: dict[str, int]) -> None:
    """Per-process bounds for this process and everything it starts (call it in the child that
    execs the command). Soft and hard alike: the command cannot raise them again."""
    import resource

    def cap(which: int, value: int) -> None:
        soft, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(which, (value, value))

    if bounds.get("fsize"):
        cap(resource.RLIMIT_FSIZE, bounds["fsize"])
    if bounds.get("memory"):
        cap(resource.RLIMIT_DATA, bounds["memory"])
    if bounds.get("cpu"):
        soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
        limit = bounds["cpu"]
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit if hard != resource.RLIM_INFINITY else limit + 5))


def signal_hit(status: int) -> str | None:
    """The bound a wait status shows (killed by SIGXFSZ or SIGXCPU, or a shell exiting 128+that)."""
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
    elif os.WIFEXITED(status) and os.WEXITSTATUS(status) > 128:
        sig = os.WEXITSTATUS(status) - 128
    else:
        return None
    return {SIGXFSZ: "fsize", SIGXCPU: "cpu"}.get(sig)


def _read(path: str) -> bytes:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return b""
    try:
        return os.read(fd, 4096)
    except OSError:
        return b""
    finally:
        os.close(fd)


class Usage:
    """What the tree in this PID namespace holds and has used, from this namespace's /proc."""

    def __init__(self) -> None:
        self.tasks = 0  # threads included: each takes a pid
        self.memory = 0  # resident bytes
        self.disk = 0  # bytes written to storage
        self.cpu = 0.0  # seconds, reaped children included

    @classmethod
    def sample(cls, me: int) -> Usage:
        usage = cls()
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            stat = _read(f"/proc/{entry}/stat")
            try:
                fields = stat.rsplit(b")", 1)[1].split()
            except IndexError:
                continue
            # fields[0] is field 3 (state); utime 14, stime 15, cutime 16, cstime 17, threads 20, rss 24.
            try:
                usage.cpu += sum(int(fields[i]) for i in (11, 12, 13, 14)) / TICKS
                if int(entry) != me:
                    usage.tasks += int(fields[17])
                usage.memory += int(fields[21]) * PAGE
            except (IndexError, ValueError):
                continue
            for line in _read(f"/proc/{entry}/io").splitlines():
                if line.startswith(b"write_bytes:"):
                    usage.disk += int(line.split()[1])
        return usage


class Watch:
    """Pid 1's watch over the bounds: `check()` samples and says which whole-tree bound is past
    (memory, disk, cpu: the tree must be killed) and remembers whether tasks reached theirs."""

    def __init__(self, bounds: dict[str, int]) -> None:
        self.bounds = bounds
        self.hit: dict[str, int] = {}

    def check(self) -> str | None:
        usage = Usage.sample(os.getpid())
        if self.bounds.get("tasks") and usage.tasks >= self.bounds["tasks"]:
            self.hit.setdefault("tasks", self.bounds["tasks"])
        for name, used in (("memory", usage.memory), ("disk", usage.disk), ("cpu", usage.cpu)):
            if self.bounds.get(name) and used > self.bounds[name]:
                self.hit.setdefault(name, self.bounds[name])
                return name
        return None

    def note(self, name: str | None) -> None:
        if name is not None and self.bounds.get(name):
            self.hit.setdefault(name, self.bounds[name])

    def report(self, fd: int) -> None:
        """Write what was hit to the report pipe (each line far below PIPE_BUF: atomic)."""
        for name, value in self.hit.items():
            try:
                os.write(fd, f"{name} {value}\n".encode())
            except OSError:
                return
