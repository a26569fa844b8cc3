"""Linux namespaces for one command: the file system read-only but for the workspace, a /dev of
its own, no view of other processes, and (with network off) no network at all.

Landlock confines what a command may *write*, but it has no right for chmod, chown, utimes or
xattrs, and a command run as root keeps CAP_FOWNER and CAP_CHOWN over files root owns. So the
command also gets a mount namespace in which every mount is read-only (the kernel refuses any
change of content or metadata there, whatever the capabilities) except fresh bind mounts of the
workspace and the command's temp dir. Its /dev is a small tmpfs holding only the harmless
devices (null, zero, full, random, urandom, tty), a devpts instance of its own (so no path leads
to the app's terminal, and `script` or a pty test still works) and a private /dev/shm. A PID
namespace shows it only its own tree (prlimit, chrt, renice and kill cannot name an outside
process) and caps how many tasks it may have (the namespace's pid_max, Linux >= 6.14). With
network off, a network namespace holds only a loopback that is down.

As root the namespaces are created directly (root has CAP_SYS_ADMIN). As another user they are
created inside a user namespace that maps the user's own uid and gid to themselves, so files keep
their owners and the command has no capability once it runs.

Process layout (exec_wrapper.py): the wrapper forks C, which calls `unshare()` and forks I; I is
pid 1 of the new PID namespace. I makes the mounts, forks the shell, reaps every orphan (a shell
as pid 1 would leave zombies that count against the task bound), watches the bounds (limits.py)
and, when the shell exits, leaves: the kernel then kills whatever is left in the namespace.

Standard library only: exec_wrapper.py loads this file by path in an interpreter started with
`-I -S`.
"""

from __future__ import annotations

import ctypes
import os

CLONE_NEWNS = 0x00020000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000

MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_BIND, MS_REC, MS_PRIVATE = 4096, 16384, 1 << 18

# The new mount API (Linux 5.2; mount_setattr 5.12): the same numbers on every architecture.
SYS_OPEN_TREE, SYS_MOVE_MOUNT, SYS_MOUNT_SETATTR = 428, 429, 442
OPEN_TREE_CLONE = 1
OPEN_TREE_CLOEXEC = 0o2000000
AT_FDCWD = -100
AT_RECURSIVE = 0x8000
AT_EMPTY_PATH = 0x1000
MOVE_MOUNT_F_EMPTY_PATH = 0x4
MOUNT_ATTR_RDONLY, MOUNT_ATTR_NOSUID, MOUNT_ATTR_NODEV = 0x1, 0x2, 0x4

# The devices a command keeps in its own /dev: none reaches a terminal, a disk or the kernel log.
DEVICES = ("null", "zero", "full", "random", "urandom", "tty")
DEV_LINKS = {"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0", "stdout": "/proc/self/fd/1",
             "stderr": "/proc/self/fd/2", "ptmx": "pts/ptmx"}
SHM_SIZE = 64 << 20  # the private /dev/shm (POSIX semaphores and shared memory of multiprocessing)
# The smallest pid_max the kernel accepts in a PID namespace (RESERVED_PIDS + 1).
PID_MAX_MIN = 301


class NamespaceError(OSError):
    """A namespace could not be set up; the command must not run without it."""


class _MountAttr(ctypes.Structure):
    _fields_ = [("attr_set", ctypes.c_uint64), ("attr_clr", ctypes.c_uint64), ("propagation", ctypes.c_uint64),
                ("userns_fd", ctypes.c_uint64)]


_libc: ctypes.CDLL | None = None


def _lib() -> ctypes.CDLL:
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
        _libc.syscall.restype = ctypes.c_long
        _libc.mount.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong, ctypes.c_char_p]
        _libc.unshare.argtypes = [ctypes.c_int]
        _libc.setns.argtypes = [ctypes.c_int, ctypes.c_int]
    return _libc


def _check(result: int, what: str) -> int:
    if result < 0:
        err = ctypes.get_errno()
        raise NamespaceError(err, f"{what}: {os.strerror(err)}")
    return result


def _b(text: str | None) -> bytes | None:
    return None if text is None else os.fsencode(text)


def mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    _check(_lib().mount(_b(source), _b(target), _b(fstype), flags, _b(data)), f"mount {target}")


def unshare(flags: int) -> None:
    _check(_lib().unshare(flags), "unshare")


def open_tree(path: str) -> int:
    """A detached copy of the mount tree at `path` (a bind mount not yet attached anywhere)."""
    return _check(_lib().syscall(ctypes.c_long(SYS_OPEN_TREE), ctypes.c_int(AT_FDCWD), _b(path),
                                 ctypes.c_uint(OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE)),
                  f"open_tree {path}")


def move_mount(fd: int, target: str) -> None:
    _check(_lib().syscall(ctypes.c_long(SYS_MOVE_MOUNT), ctypes.c_int(fd), b"", ctypes.c_int(AT_FDCWD), _b(target),
                          ctypes.c_uint(MOVE_MOUNT_F_EMPTY_PATH)), f"move_mount {target}")


def set_attributes(path: str, attributes: int, recursive: bool) -> None:
    """Set MOUNT_ATTR_* on the mount at `path` (and, with `recursive`, every mount beneath)."""
    attr = _MountAttr(attributes, 0, 0, 0)
    _check(_lib().syscall(ctypes.c_long(SYS_MOUNT_SETATTR), ctypes.c_int(AT_FDCWD), _b(path),
                          ctypes.c_uint(AT_RECURSIVE if recursive else 0), ctypes.byref(attr),
                          ctypes.c_size_t(ctypes.sizeof(attr))), f"mount attributes of {path}")


def read_only(path: str, recursive: bool) -> None:
    """Make the mount at `path` (and, with `recursive`, every mount beneath) read-only."""
    set_attributes(path, MOUNT_ATTR_RDONLY, recursive)


def _write(path: str, text: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CLOEXEC)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def enter(network_off: bool, memory_bound: int = 0) -> None:
    """In C: new mount, PID and IPC namespaces (and network with `network_off`); as a user other
    than root, inside a user namespace mapping the uid and gid to themselves. The PID namespace
    takes effect for C's next child (I). The IPC namespace's SysV shared memory and message
    queues are bounded by `memory_bound` (their pages are in no process's resident memory)."""
    flags = CLONE_NEWNS | CLONE_NEWPID | (CLONE_NEWNET if network_off else 0)
    uid, gid = os.geteuid(), os.getegid()
    if uid == 0:
        unshare(flags | CLONE_NEWIPC)
        if memory_bound > 0:
            bound_ipc(memory_bound)
        return
    unshare(CLONE_NEWUSER)
    _write("/proc/self/setgroups", "deny")
    _write("/proc/self/uid_map", f"{uid} {uid} 1")
    _write("/proc/self/gid_map", f"{gid} {gid} 1")
    _join_bounded_ipc(memory_bound)  # before the PID namespace: its helper must not become its pid 1
    unshare(flags)


def _join_bounded_ipc(memory_bound: int) -> None:
    """As a user, an IPC namespace's limits can be set only by the uid that is root in the user
    namespace owning it, and the command's user namespace maps no root (files keep their owners).
    So a helper makes one inside a user namespace of its own that maps root to this uid, sets
    the limits there, and C joins it (C holds every capability over that namespace: it is the
    helper's parent's, and C's uid owns it)."""
    ready_read, ready_write = os.pipe()
    done_read, done_write = os.pipe()
    helper = os.fork()
    if helper == 0:
        code = 1
        try:
            os.close(ready_read)
            os.close(done_write)
            uid, gid = os.geteuid(), os.getegid()
            unshare(CLONE_NEWUSER)
            _write("/proc/self/setgroups", "deny")
            _write("/proc/self/uid_map", f"0 {uid} 1")
            _write("/proc/self/gid_map", f"0 {gid} 1")
            unshare(CLONE_NEWIPC)
            if memory_bound > 0:
                bound_ipc(memory_bound)
            os.write(ready_write, b"1")
            os.read(done_read, 1)  # until C has joined
            code = 0
        finally:
            os._exit(code)
    os.close(ready_write)
    os.close(done_read)
    try:
        if os.read(ready_read, 1) != b"1":
            raise NamespaceError(0, "the IPC namespace could not be made")
        fd = os.open(f"/proc/{helper}/ns/ipc", os.O_RDONLY | os.O_CLOEXEC)
        try:
            _check(_lib().setns(fd, CLONE_NEWIPC), "setns ipc")
        finally:
            os.close(fd)
    finally:
        os.close(ready_read)
        os.close(done_write)
        os.waitpid(helper, 0)


def bound_ipc(memory: int) -> None:
    """SysV shared memory and message queues hold pages no process's resident memory shows once
    detached: in the command's own IPC namespace their totals are bounded by the memory bound."""
    page = os.sysconf("SC_PAGE_SIZE")
    queue_bytes = 16384  # msgmnb's default: the bytes one message queue holds
    for name, value in (("shmmax", memory), ("shmall", max(1, memory // page)),
                        ("msgmnb", queue_bytes), ("msgmni", max(1, min(32000, memory // queue_bytes)))):
        _write(f"/proc/sys/kernel/{name}", str(value))


def _outermost(paths: list[str]) -> list[str]:
    """The writable directories, each once, none beneath another (its copy already holds it)."""
    dirs = sorted({os.path.realpath(p) for p in paths if os.path.isdir(p)})
    kept: list[str] = []
    for path in dirs:
        if not any(path == k or path.startswith(k.rstrip("/") + "/") for k in kept):
            kept.append(path)
    return kept


def build_mounts(writable: list[str], task_bound: int, memory_bound: int = 0) -> bool:
    """In I (pid 1 of the new PID namespace, in the new mount namespace): everything read-only
    but copies of the `writable` directories, those `nosuid` and `nodev` (a setuid file or a device
    node there is inert); a /dev of its own; a /proc of this PID namespace with pid_max set so at
    most `task_bound` tasks (processes and threads) run besides I; a /dev/shm no larger than
    `memory_bound`. False when pid_max could not be set (a
    kernel before 6.14 has one pid_max for all namespaces)."""
    cwd = os.getcwd()
    mount(None, "/", None, MS_REC | MS_PRIVATE)  # nothing done here shows outside, nor the reverse
    copies = [(path, open_tree(path)) for path in _outermost(writable)]
    devices = [(name, open_tree(f"/dev/{name}")) for name in DEVICES if os.path.exists(f"/dev/{name}")]
    set_attributes("/", MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV, recursive=True)
    for path, fd in copies:
        move_mount(fd, path)
        os.close(fd)
        set_attributes(path, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV, recursive=True)
    os.chdir(cwd)  # the old working directory is on the read-only mount now under the copy
    _own_dev(devices, memory_bound)
    mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
    bounded = True
    if task_bound > 0:
        try:
            # Measured on Linux 6.18: a tree gets pid_max - 3 tasks besides pid 1.
            _write("/proc/sys/kernel/pid_max", str(max(task_bound + 3, PID_MAX_MIN)))
        except OSError:
            bounded = False
    read_only("/proc", recursive=False)
    return bounded


def _own_dev(devices: list[tuple[str, int]], memory_bound: int) -> None:
    mount("tmpfs", "/dev", "tmpfs", MS_NOSUID | MS_NOEXEC, "mode=755,size=64k")
    for name, fd in devices:
        os.close(os.open(f"/dev/{name}", os.O_CREAT | os.O_WRONLY | os.O_CLOEXEC, 0o666))
        move_mount(fd, f"/dev/{name}")
        os.close(fd)
    for name, target in DEV_LINKS.items():
        os.symlink(target, f"/dev/{name}")
    os.mkdir("/dev/pts", 0o755)
    os.mkdir("/dev/shm", 0o1777)
    read_only("/dev", recursive=False)
    try:
        mount("devpts", "/dev/pts", "devpts", MS_NOSUID | MS_NOEXEC, "newinstance,ptmxmode=0666,mode=0620")
    except NamespaceError:
        pass  # no pty of its own, then: /dev/pts stays an empty read-only directory
    size = min(SHM_SIZE, memory_bound) if memory_bound > 0 else SHM_SIZE
    mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, f"mode=1777,size={size}")
