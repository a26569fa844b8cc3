"""The seccomp filter every sandboxed command runs under: what the kernel refuses it whatever
its user, root included, and whatever its capabilities.

**Always** (the `files` group):
- `name_to_handle_at` and `open_by_handle_at` fail with EPERM. With a file handle a process opens
  a file by inode, not by path: Landlock never sees the path, so root (who holds
  CAP_DAC_READ_SEARCH unless it is dropped) could open any file on the workspace's file system
  for writing through the workspace's own mount. The capability is dropped too (landlock.py);
  this is the second wall, and the one that holds inside a nested user namespace.
- No setuid or setgid bit: `chmod`, `fchmod`, `fchmodat`, `fchmodat2` with S_ISUID or S_ISGID in
  the mode, and `open`, `openat`, `creat`, `mknod`, `mknodat` creating a file with either, fail
  with EPERM (`openat2`, whose mode the filter cannot read, fails with ENOSYS: programs then use
  `openat`). A setuid file left in the workspace would run as its owner, root, for anyone later.
  (A directory's setgid bit is refused too: the filter cannot tell a directory from a file.)
- The kernel's keyrings (`keyctl`, `add_key`, `request_key`: EPERM): root's keys, and a user's
  session keyring, are the host's, not the command's.
- io_uring (`io_uring_setup`: EACCES), which performs opens, writes and socket calls without the
  system calls this filter sees.
- Every system call made in another architecture's ABI (32-bit code would not be filtered by the
  numbers here).

**With a disk bound** (`allocation`): `fallocate` that would allocate blocks fails with
EOPNOTSUPP (punching a hole or collapsing a range, which free blocks, still work). An allocation
writes nothing, so it passes every counter of written bytes and takes gigabytes in a millisecond;
glibc's `posix_fallocate` then falls back to writing the blocks, which the disk bound counts.

**Without a memory cgroup** (`memfd`): `memfd_create` fails with ENOSYS. Pages held in a memfd
count against neither resident memory nor RLIMIT_DATA; a cgroup counts them, and where one
holds the command (cgroup.py) memfds are allowed.

**Sockets** (network off): `socket()` fails with EACCES for every family but netlink (the
kernel's own configuration queries): no inet or inet6 socket at all, so nothing can send, TCP
Fast Open (`sendto(MSG_FASTOPEN)`, which connects without `connect()`) and a `listen()` that
binds 0.0.0.0 by itself included, over IPv4 and v4-mapped IPv6 alike; and no Unix socket, which
Landlock cannot see when reached by path (the tmux server, the D-Bus session bus, ssh or gpg
agents, docker would act outside the sandbox). `socketpair()` still works: it only connects a
process to itself. Under namespaces the network namespace holds only a loopback that is down;
the filter is the second wall, and the only one where namespaces cannot be had.

**Processes.** Where the command has no PID namespace of its own (namespaces.py could not make
one), it could still change processes outside its tree that it can name: `prlimit --pid` (which
killed the app with SIGXCPU), `renice`, `chrt -p`. Then prlimit64 with a pid and new limits,
setpriority for another process, and sched_setscheduler/setparam/setattr for another process
fail with EPERM (their own process, pid 0, still works).

Under bwrap, the filter goes in through `bwrap --seccomp FD`.
Standard library only: exec_wrapper.py loads it by path in an interpreter started with -I -S.
"""

from __future__ import annotations

import ctypes
import errno
import os
import struct

PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
SECCOMP_RET_ALLOW = 0x7FFF0000
SECCOMP_RET_ERRNO = 0x00050000
# BPF opcodes: load word absolute, jump if equal / greater-or-equal / any bit set (constant), return.
LD_W_ABS, JEQ_K, JGE_K, JSET_K, RET_K = 0x20, 0x15, 0x35, 0x45, 0x06
AF_NETLINK = 16
X32_SYSCALL_BIT = 0x40000000
S_ISUID, S_ISGID = 0o4000, 0o2000
SETID = S_ISUID | S_ISGID
O_CREAT, O_TMPFILE_BIT = 0o100, 0o20000000  # the same on x86_64 and aarch64
FALLOC_FL_PUNCH_HOLE, FALLOC_FL_COLLAPSE_RANGE = 0x02, 0x08  # the modes that only free blocks
# Per machine: the audit architecture and the system call numbers the filter names (0: none here).
ARCHES = {
    "x86_64": dict(arch=0xC000003E, socket=41, io_uring_setup=425, prlimit64=302, setpriority=141,
                   sched_setparam=142, sched_setscheduler=144, sched_setattr=314,
                   name_to_handle_at=303, open_by_handle_at=304, keyctl=250, add_key=248, request_key=249,
                   chmod=90, fchmod=91, fchmodat=268, fchmodat2=452, creat=85, open=2, openat=257, openat2=437,
                   mknod=133, mknodat=259, fallocate=285, memfd_create=319),
    "aarch64": dict(arch=0xC00000B7, socket=198, io_uring_setup=425, prlimit64=261, setpriority=140,
                    sched_setparam=118, sched_setscheduler=119, sched_setattr=274,
                    name_to_handle_at=264, open_by_handle_at=265, keyctl=219, add_key=217, request_key=218,
                    chmod=0, fchmod=52, fchmodat=53, fchmodat2=452, creat=0, open=0, openat=56, openat2=437,
                    mknod=0, mknodat=33, fallocate=47, memfd_create=279),
}
# struct seccomp_data: nr at 0, arch at 4, args[i] at 16 + 8 i (the low 32 bits, little-endian).
NR, ARCH = 0, 4
ARG0, ARG1, ARG2, ARG3 = 16, 24, 32, 40
ARG2_HIGH = ARG2 + 4

# The `files` group: system call -> the label of its rule (below).
REFUSED = ("name_to_handle_at", "open_by_handle_at", "keyctl", "add_key", "request_key")
MODE_IN = {"chmod": "mode1", "fchmod": "mode1", "creat": "mode1", "mknod": "mode1",
           "fchmodat": "mode2", "fchmodat2": "mode2", "mknodat": "mode2",
           "open": "open1", "openat": "open2"}


def supported() -> bool:
    return os.uname().machine in ARCHES


def _assemble(rows: list[tuple]) -> bytes:  # type: ignore[type-arg]
    """BPF rows with symbolic jump targets (labels are `("label", name)` rows) as bytes."""
    labels: dict[str, int] = {}
    code: list[tuple] = []  # type: ignore[type-arg]
    for row in rows:
        if row[0] == "label":
            labels[row[1]] = len(code)
        else:
            code.append(row)
    out = []
    for index, (op, jt, jf, k) in enumerate(code):  # offsets count rows after this one
        def offset(target: int | str, index: int = index) -> int:
            return target if isinstance(target, int) else labels[target] - index - 1
        out.append(struct.pack("HBBI", op, offset(jt), offset(jf), k))
    return b"".join(out)


def _deny(number: int) -> int:
    return SECCOMP_RET_ERRNO | number


def _filter(numbers: dict[str, int], sockets: bool, processes: bool, files: bool, allocation: bool,
            memfd: bool) -> bytes:
    rows: list[tuple] = [  # type: ignore[type-arg]
        (LD_W_ABS, 0, 0, ARCH),
        (JEQ_K, 1, 0, numbers["arch"]),            # another ABI: deny
        (RET_K, 0, 0, _deny(errno.EACCES)),
        (LD_W_ABS, 0, 0, NR),
        (JGE_K, 0, 1, X32_SYSCALL_BIT),             # x32 numbers on x86_64: deny
        (RET_K, 0, 0, _deny(errno.EACCES)),
    ]
    dispatch: list[tuple[str, str]] = []  # (system call, label of its rule)
    if sockets or files:
        dispatch.append(("io_uring_setup", "eacces"))
    if sockets:
        dispatch.append(("socket", "socket"))
    if processes:
        dispatch += [("prlimit64", "prlimit"), ("setpriority", "who"),
                     *((name, "pid") for name in ("sched_setparam", "sched_setscheduler", "sched_setattr"))]
    if files:
        dispatch += [(name, "eperm") for name in REFUSED]
        dispatch += list(MODE_IN.items())
        dispatch.append(("openat2", "enosys"))
    if allocation:
        dispatch.append(("fallocate", "fallocate"))
    if memfd:
        dispatch.append(("memfd_create", "enosys"))
    rows += [(JEQ_K, label, 0, numbers[name]) for name, label in dispatch if numbers[name]]
    rows.append((RET_K, 0, 0, SECCOMP_RET_ALLOW))  # any other system call
    rows += [("label", "socket"),                   # socket(family, type, protocol)
             (LD_W_ABS, 0, 0, ARG0),
             (JEQ_K, "allow", "eacces", AF_NETLINK),
             ("label", "prlimit"),                  # prlimit64(pid, resource, new, old)
             (LD_W_ABS, 0, 0, ARG0),
             (JEQ_K, "allow", 0, 0),                # its own process
             (LD_W_ABS, 0, 0, ARG2),
             (JEQ_K, 0, "eperm", 0),                # new limits given
             (LD_W_ABS, 0, 0, ARG2_HIGH),
             (JEQ_K, "allow", "eperm", 0),          # only reading them
             ("label", "who"),                      # setpriority(which, who, prio)
             (LD_W_ABS, 0, 0, ARG1),
             (JEQ_K, "allow", "eperm", 0),
             ("label", "pid"),                      # sched_set*(pid, ...)
             (LD_W_ABS, 0, 0, ARG0),
             (JEQ_K, "allow", "eperm", 0),
             ("label", "open1"),                    # open(path, flags, mode): the mode counts when creating
             (LD_W_ABS, 0, 0, ARG1),
             (JSET_K, "mode2", "allow", O_CREAT | O_TMPFILE_BIT),
             ("label", "open2"),                    # openat(dir, path, flags, mode)
             (LD_W_ABS, 0, 0, ARG2),
             (JSET_K, "mode3", "allow", O_CREAT | O_TMPFILE_BIT),
             ("label", "mode1"),                    # chmod(path, mode), fchmod(fd, mode), creat, mknod
             (LD_W_ABS, 0, 0, ARG1),
             (JSET_K, "eperm", "allow", SETID),
             ("label", "mode2"),                    # fchmodat(dir, path, mode), mknodat; open's mode
             (LD_W_ABS, 0, 0, ARG2),
             (JSET_K, "eperm", "allow", SETID),
             ("label", "mode3"),                    # openat's mode
             (LD_W_ABS, 0, 0, ARG3),
             (JSET_K, "eperm", "allow", SETID),
             ("label", "fallocate"),                # fallocate(fd, mode, offset, len)
             (LD_W_ABS, 0, 0, ARG1),
             (JSET_K, "allow", "eopnotsupp", FALLOC_FL_PUNCH_HOLE | FALLOC_FL_COLLAPSE_RANGE),
             ("label", "eacces"), (RET_K, 0, 0, _deny(errno.EACCES)),
             ("label", "eperm"), (RET_K, 0, 0, _deny(errno.EPERM)),
             ("label", "enosys"), (RET_K, 0, 0, _deny(errno.ENOSYS)),
             ("label", "eopnotsupp"), (RET_K, 0, 0, _deny(errno.EOPNOTSUPP)),
             ("label", "allow"), (RET_K, 0, 0, SECCOMP_RET_ALLOW)]  # (BPF jumps forward only)
    return _assemble(rows)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def filter_program(sockets: bool = True, processes: bool = False, files: bool = True, allocation: bool = False,
                   memfd: bool = False) -> bytes:
    """The filter as struct sock_filter rows (what bwrap's --seccomp FD reads, too)."""
    return _filter(ARCHES[os.uname().machine], sockets, processes, files, allocation, memfd)


def install(sockets: bool, processes: bool, files: bool = True, allocation: bool = False, memfd: bool = False) -> None:
    """Install the filter on this process (it passes to every child). Needs no_new_privs set
    (landlock.restrict_self sets it). OSError when the kernel refuses."""
    install_program(filter_program(sockets, processes, files, allocation, memfd))


def install_program(program: bytes) -> None:
    """Install a filter made by filter_program()."""
    buffer = ctypes.create_string_buffer(program, len(program))
    fprog = _SockFprog(len(program) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.restype = ctypes.c_int
    if libc.prctl(ctypes.c_int(PR_SET_SECCOMP), ctypes.c_ulong(SECCOMP_MODE_FILTER), ctypes.byref(fprog),
                  ctypes.c_ulong(0), ctypes.c_ulong(0)) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"seccomp filter: {errno.errorcode.get(err, err)}")
