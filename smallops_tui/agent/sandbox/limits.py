"""The bounds every command runs under: tasks, memory, file size, disk and CPU time.

Each bound is held two ways where it can be:
- by the kernel, per process, with rlimits the command cannot raise (a command run as root has
  no CAP_SYS_RESOURCE): RLIMIT_FSIZE (a file larger than the bound: SIGXFSZ and EFBIG, fallocate
  included), RLIMIT_DATA (memory a process may map writable), RLIMIT_CPU (SIGXCPU, then SIGKILL);
  and, where one can be had, by a memory cgroup (cgroup.py) that counts what the kernel counts:
  pages in memfds, tmpfs and shared memory too;
- for the command's whole tree, by a watcher that samples it ten times a second: the sandbox's
  pid 1 with namespaces (namespaces.py: the PID namespace's pid_max bounds its tasks, so
  RLIMIT_NPROC, which does not bind root, is not needed), the wrapper itself over its descendants
  without them (bwrap, or Landlock where namespaces cannot be had). It counts the memory the tree
  holds (resident pages), the bytes it has written (/proc/PID/io: those of reaped processes are
  added to their reaper's), the blocks its files hold in the writable directories (`Held`: a
  sparse file counts what it holds, a file on a tmpfs counts too) and the CPU time it has used
  (reaped children's included). Past the memory, disk or CPU bound the whole tree is killed.

Allocating blocks without writing them (fallocate) is refused by the seccomp filter while a disk
bound is set: it takes gigabytes in a millisecond, faster than any sample.

What was hit is reported on the report pipe the app gave the wrapper, one line per bound:
`NAME VALUE`; the app turns it into a sentence the person and the model see (runner.py).
Standard library only: exec_wrapper.py loads this file by path in an interpreter started with
`-I -S`.
"""

from __future__ import annotations

import os
import stat
import time

TYPE_CHECKING = False  # typing is not imported: the wrapper's start-up is most of a command's cost
if TYPE_CHECKING:
    from collections.abc import Callable

    from .cgroup import Cgroup

# name -> (unit shown, default). Values: tasks a count, memory/fsize/disk bytes, cpu seconds.
NAMES = ("tasks", "memory", "fsize", "disk", "cpu")
SAMPLE_SECONDS = 0.1
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
SIGXCPU, SIGXFSZ = 24, 25
# The largest value a bound may have: rlim_t is 64 bits, Python's setrlimit takes a signed one.
RLIMIT_MAX = (1 << 63) - 1


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

    def cap(which: int, value: int, hard_extra: int = 0) -> None:
        soft, hard = resource.getrlimit(which)
        value = min(value, RLIMIT_MAX - hard_extra)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
            hard_extra = 0
        resource.setrlimit(which, (value, value + hard_extra))

    if bounds.get("fsize"):
        cap(resource.RLIMIT_FSIZE, bounds["fsize"])
    if bounds.get("memory"):
        cap(resource.RLIMIT_DATA, bounds["memory"])
    if bounds.get("cpu"):
        cap(resource.RLIMIT_CPU, bounds["cpu"], hard_extra=5)  # SIGXCPU at the soft limit, SIGKILL 5 s on


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
    """What the command's tree holds and has used, from /proc."""

    def __init__(self) -> None:
        self.tasks = 0  # threads included: each takes a pid
        self.memory = 0  # resident bytes
        self.disk = 0  # bytes written to storage
        self.cpu = 0.0  # seconds, reaped children included

    @classmethod
    def sample(cls, me: int, tree: list[int] | None = None) -> Usage:
        """`me` (the watcher: its reaped children count) and `tree` (None: every process in this
        PID namespace, the watcher being its pid 1)."""
        usage = cls()
        pids = [int(e) for e in os.listdir("/proc") if e.isdigit()] if tree is None else [me, *tree]
        for pid in pids:
            stat_line = _read(f"/proc/{pid}/stat")
            try:
                fields = stat_line.rsplit(b")", 1)[1].split()
            except IndexError:
                continue
            # fields[0] is field 3 (state); utime 14, stime 15, cutime 16, cstime 17, threads 20, rss 24.
            try:
                usage.cpu += sum(int(fields[i]) for i in (11, 12, 13, 14)) / TICKS
                if pid != me:
                    usage.tasks += int(fields[17])
                    usage.memory += int(fields[21]) * PAGE
            except (IndexError, ValueError):
                continue
            for line in _read(f"/proc/{pid}/io").splitlines():
                if line.startswith(b"write_bytes:"):
                    usage.disk += int(line.split()[1])
        return usage


class Held:
    """The blocks the command's files hold in the writable directories (the workspace and its
    temp dir), as the kernel counts them: a sparse file counts the blocks it holds, not its size,
    and a file on a tmpfs counts the pages it holds.

    Sampled cheaply: the used blocks of the directories' file systems (statvfs) against what they
    were when the command started. Only when a file system has grown past the bound are the
    directories walked, to count the blocks of the files changed since the start (another process
    writing to the same disk must not kill the command); the walk is made again only when the
    file systems have grown a quarter of the bound more."""

    WALK_ENTRIES = 2_000_000  # a walk stops here (a command cannot grow a tree faster than it is walked)

    def __init__(self, dirs: list[str], bound: int) -> None:
        self.bound = bound
        self.since_ns = time.time_ns()
        self.dirs: list[str] = []
        self.start: dict[int, int] = {}  # st_dev -> used bytes at the start
        for path in dirs:
            try:
                info = os.stat(path)
            except OSError:
                continue
            if stat.S_ISDIR(info.st_mode):
                self.dirs.append(path)
                if info.st_dev not in self.start:
                    self.start[info.st_dev] = _used(path)
        self.next_walk = bound

    def grown(self) -> int:
        """Bytes the writable directories' file systems hold beyond what they held at the start."""
        seen: set[int] = set()
        grown = 0
        for path in self.dirs:
            try:
                dev = os.stat(path).st_dev
            except OSError:
                continue
            if dev in self.start and dev not in seen:
                seen.add(dev)
                grown += max(0, _used(path) - self.start[dev])
        return grown

    def check(self) -> int:
        """The bytes held by files changed since the start, when the file systems grew enough for
        it to matter; 0 otherwise."""
        if not self.bound:
            return 0
        grown = self.grown()
        if grown <= self.next_walk:
            return 0
        self.next_walk = grown + self.bound // 4
        return self.walk()

    def walk(self) -> int:
        held = 0
        seen: set[tuple[int, int]] = set()
        stack = list(self.dirs)
        entries = 0
        while stack and entries < self.WALK_ENTRIES:
            try:
                scan = os.scandir(stack.pop())
            except OSError:
                continue
            with scan:
                for entry in scan:
                    entries += 1
                    try:
                        info = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    if stat.S_ISDIR(info.st_mode):
                        stack.append(entry.path)
                    key = (info.st_dev, info.st_ino)
                    if info.st_ctime_ns >= self.since_ns and key not in seen:
                        seen.add(key)
                        held += info.st_blocks * 512
        return held


def _used(path: str) -> int:
    try:
        fs = os.statvfs(path)
    except OSError:
        return 0
    return (fs.f_blocks - fs.f_bfree) * fs.f_frsize


class Watch:
    """The watch over the bounds: `check()` samples and says which whole-tree bound is past
    (memory, disk, cpu: the tree must be killed) and remembers whether tasks reached theirs.
    `tree` lists the command's processes (None: every process of this PID namespace)."""

    def __init__(self, bounds: dict[str, int], writable: list[str] | tuple[str, ...] = (),
                 tree: Callable[[], list[int]] | None = None, group: Cgroup | None = None) -> None:
        self.bounds = bounds
        self.hit: dict[str, int] = {}
        self.tree = tree
        self.group = group  # the command's memory cgroup (cgroup.py), if it has one
        self.held = Held(list(writable), bounds.get("disk", 0)) if bounds.get("disk") else None

    def check(self) -> str | None:
        if self.group is not None and self.group.hit():  # the kernel refused or killed: the rest goes too
            self.hit.setdefault("memory-cgroup", self.bounds.get("memory", 0))
            return "memory-cgroup"
        usage = Usage.sample(os.getpid(), self.tree() if self.tree is not None else None)
        if self.bounds.get("tasks") and usage.tasks >= self.bounds["tasks"]:
            self.hit.setdefault("tasks", self.bounds["tasks"])
        for name, used in (("memory", usage.memory), ("disk", usage.disk), ("cpu", usage.cpu)):
            if self.bounds.get(name) and used > self.bounds[name]:
                self.hit.setdefault(name, self.bounds[name])
                return name
        if self.held is not None and self.held.check() > self.bounds["disk"]:
            self.hit.setdefault("disk", self.bounds["disk"])
            return "disk"
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
