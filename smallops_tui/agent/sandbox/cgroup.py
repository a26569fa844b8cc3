"""A memory cgroup for one command, where this process may make one: the memory bound as the
kernel counts it.

Resident pages are not all a command can hold: pages in a memfd (`memfd_create` +
`posix_fallocate`, never mapped), on a tmpfs or in shared memory belong to no process's RSS and
to no rlimit. A cgroup's memory counter charges every one of them to the cgroup that allocated
it, and the kernel refuses (or kills) past its limit.

A cgroup can be had where the cgroup this process is in can be written: as root on most
machines, in a container whose cgroup is delegated, under a systemd unit with `Delegate=yes`.
The command's cgroup is made beneath it, so whatever bounds the app bounds the command too:
- cgroup v2: when the memory controller is already given to children (`cgroup.subtree_control`),
  or when this cgroup is the root of the hierarchy this process sees (a container), which may
  give it. A cgroup holding processes cannot give controllers to children (the kernel's rule), and
  the app does not move itself to make room; then there is no cgroup, and the fallbacks hold.
- cgroup v1 (a `memory` hierarchy): a child of this process's memory cgroup.
Elsewhere (an ordinary user on most desktops, where systemd does not delegate the session's
cgroup) there is none: the seccomp filter refuses memfd_create, /dev/shm is a small tmpfs of the
sandbox's own, SysV shared memory and message queues are bounded in the command's IPC namespace,
and files on a tmpfs count against the disk bound (limits.py).

Each command's cgroup is `smallops-PID` (PID: the wrapper's), removed when the command ends; one
left by a wrapper that was killed is removed by the next (it is empty once its processes are).
Standard library only: exec_wrapper.py loads it by path in an interpreter started with -I -S.
"""

from __future__ import annotations

import os
import time

PREFIX = "smallops-"
REMOVE_SECONDS = 2.0


def _read(path: str) -> str:
    try:
        with open(path, encoding="ascii", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def _write(path: str, text: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CLOEXEC)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def _mounts(mountinfo: str) -> list[tuple[str, str, str, list[str]]]:
    """(root, mount point, file system type, super options) of each cgroup mount."""
    found = []
    for line in mountinfo.splitlines():
        before, _, after = line.partition(" - ")
        fields, rest = before.split(), after.split()
        if len(fields) >= 5 and len(rest) >= 3 and rest[0] in ("cgroup", "cgroup2"):
            found.append((fields[3], fields[4].replace("\\040", " "), rest[0], rest[2].split(",")))
    return found


def _beneath(mount_point: str, mount_root: str, path: str) -> str:
    """The directory of cgroup `path` (as /proc/self/cgroup names it) under a mount of `mount_root`."""
    if mount_root != "/" and (path == mount_root or path.startswith(mount_root.rstrip("/") + "/")):
        path = path[len(mount_root):]
    return os.path.join(mount_point, path.lstrip("/"))


def find_parent(proc_cgroup: str | None = None, mountinfo: str | None = None) -> tuple[int, str] | None:
    """(cgroup version, directory) beneath which this process may make a memory cgroup, or None.
    The arguments are the files' contents (tests give their own)."""
    proc_cgroup = _read("/proc/self/cgroup") if proc_cgroup is None else proc_cgroup
    mountinfo = _read("/proc/self/mountinfo") if mountinfo is None else mountinfo
    mounts = _mounts(mountinfo)
    for line in proc_cgroup.splitlines():
        number, _, rest = line.partition(":")
        controllers, _, path = rest.partition(":")
        if number == "0" and controllers == "":
            for root, point, kind, _ in mounts:
                if kind == "cgroup2":
                    directory = _beneath(point, root, path)
                    given = _read(os.path.join(directory, "cgroup.subtree_control")).split()
                    can_give = path == "/" and "memory" in _read(os.path.join(directory, "cgroup.controllers")).split()
                    if ("memory" in given or can_give) and os.access(directory, os.W_OK):
                        return 2, directory
        elif "memory" in controllers.split(","):
            for root, point, kind, options in mounts:
                if kind == "cgroup" and "memory" in options:
                    directory = _beneath(point, root, path)
                    if os.access(directory, os.W_OK):
                        return 1, directory
    return None


class Cgroup:
    """One command's memory cgroup: made by the wrapper, joined by the command's first process."""

    def __init__(self, version: int, path: str) -> None:
        self.version, self.path = version, path

    @classmethod
    def make(cls, memory: int, name: str) -> Cgroup | None:
        """A cgroup bounding memory to `memory` bytes (swap included), or None where none can be had."""
        found = find_parent()
        if found is None:
            return None
        version, parent = found
        sweep(parent)
        path = os.path.join(parent, name)
        try:
            if version == 2 and "memory" not in _read(os.path.join(parent, "cgroup.subtree_control")).split():
                _write(os.path.join(parent, "cgroup.subtree_control"), "+memory")
            os.mkdir(path, 0o755)
        except OSError:
            return None
        made = cls(version, path)
        try:
            if version == 2:
                _write(os.path.join(path, "memory.max"), str(memory))
                made._try("memory.swap.max", "0")
            else:
                _write(os.path.join(path, "memory.limit_in_bytes"), str(memory))
                made._try("memory.memsw.limit_in_bytes", str(memory))  # where swap is accounted
        except OSError:
            made.remove()
            return None
        return made

    def _try(self, name: str, value: str) -> None:
        try:
            _write(os.path.join(self.path, name), value)
        except OSError:
            pass  # the file is missing where the kernel does not account swap: nothing to bound

    def join(self) -> None:
        """Move the calling process into the cgroup (its children follow). OSError if it cannot."""
        _write(os.path.join(self.path, "cgroup.procs"), "0")

    def hit(self) -> bool:
        """Whether the bound was reached: an allocation refused or a process killed for it."""
        if self.version == 2:
            events = dict(line.split() for line in _read(os.path.join(self.path, "memory.events")).splitlines()
                          if len(line.split()) == 2)
            return any(events.get(name, "0") != "0" for name in ("oom", "oom_kill"))
        control = dict(line.split() for line in _read(os.path.join(self.path, "memory.oom_control")).splitlines()
                       if len(line.split()) == 2)
        return control.get("oom_kill", "0") != "0" or control.get("under_oom", "0") != "0"

    def peak(self) -> int:
        """The most memory the command held at once, in bytes (0 when the kernel does not say)."""
        name = "memory.peak" if self.version == 2 else "memory.max_usage_in_bytes"
        text = _read(os.path.join(self.path, name)).strip()
        return int(text) if text.isdigit() else 0

    def remove(self) -> None:
        """Remove the cgroup once its processes are gone (a killed tree takes a moment to leave it)."""
        deadline = time.monotonic() + REMOVE_SECONDS
        delay = 0.001
        while True:
            try:
                os.rmdir(self.path)
                return
            except FileNotFoundError:
                return
            except OSError:
                if time.monotonic() > deadline:
                    return  # left for the next wrapper's sweep
            time.sleep(delay)
            delay = min(delay * 2, 0.05)


def sweep(parent: str) -> None:
    """Remove the cgroups of wrappers that are gone (killed before they could remove their own)."""
    try:
        names = os.listdir(parent)
    except OSError:
        return
    for name in names:
        pid = name[len(PREFIX):]
        if not name.startswith(PREFIX) or not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
            continue
        except ProcessLookupError:
            pass
        except (PermissionError, OverflowError):
            continue
        try:
            os.rmdir(os.path.join(parent, name))
        except OSError:
            pass
