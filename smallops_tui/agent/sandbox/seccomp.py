"""Two seccomp filters for a command: sockets with network off, and processes outside its tree.

**Sockets.** With network off, `socket()` fails with EACCES for every family but netlink (the
kernel's own configuration queries): no inet or inet6 socket at all, so nothing can send, TCP Fast
Open (`sendto(MSG_FASTOPEN)`, which connects without `connect()`) and a `listen()` that binds
0.0.0.0 by itself included, over IPv4 and v4-mapped IPv6 alike; and no Unix socket, which Landlock
cannot see when reached by path (the tmux server, the D-Bus session bus, ssh or gpg agents,
docker would act outside the sandbox). `socketpair()` still works: it only connects a process to
itself. io_uring, which can open sockets without the `socket()` system call, is refused, and so
is every system call made in another architecture's ABI (32-bit code would reach `socketcall`).
Under namespaces the network namespace holds only a loopback that is down; the filter is the
second wall, and the only one where namespaces cannot be had.

**Processes.** Where the command has no PID namespace of its own (namespaces.py could not make
one), it could still change processes outside its tree that it can name: `prlimit --pid` (which
killed the app with SIGXCPU), `renice`, `chrt -p`. Then prlimit64 with a pid and new limits,
setpriority for another process, and sched_setscheduler/setparam/setattr for another process
fail with EPERM (their own process, pid 0, still works).

Under bwrap, the socket filter goes in through `bwrap --seccomp FD`.
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
# BPF opcodes: load word absolute, jump if equal / greater-or-equal (constant), and, return.
LD_W_ABS, JEQ_K, JGE_K, AND_K, RET_K = 0x20, 0x15, 0x35, 0x54, 0x06
AF_UNIX, AF_INET, AF_INET6, AF_NETLINK = 1, 2, 10, 16
SOCK_STREAM, SOCK_TYPE_MASK = 1, 0xF
IPPROTO_TCP = 6
X32_SYSCALL_BIT = 0x40000000
# Per machine: the audit architecture and the system call numbers the filters name.
ARCHES = {
    "x86_64": dict(arch=0xC000003E, socket=41, io_uring_setup=425, prlimit64=302, setpriority=141,
                   sched_setparam=142, sched_setscheduler=144, sched_setattr=314),
    "aarch64": dict(arch=0xC00000B7, socket=198, io_uring_setup=425, prlimit64=261, setpriority=140,
                    sched_setparam=118, sched_setscheduler=119, sched_setattr=274),
}
# struct seccomp_data: nr at 0, arch at 4, args[i] at 16 + 8 i (the low 32 bits, little-endian).
NR, ARCH, ARG0, ARG1, ARG2 = 0, 4, 16, 24, 32
ARG2_HIGH = ARG2 + 4


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


def _filter(numbers: dict[str, int], sockets: bool, processes: bool) -> bytes:
    deny_socket = SECCOMP_RET_ERRNO | errno.EACCES
    deny_process = SECCOMP_RET_ERRNO | errno.EPERM
    rows: list[tuple] = [  # type: ignore[type-arg]
        (LD_W_ABS, 0, 0, ARCH),
        (JEQ_K, 1, 0, numbers["arch"]),            # another ABI: deny
        (RET_K, 0, 0, deny_socket),
        (LD_W_ABS, 0, 0, NR),
        (JGE_K, 0, 1, X32_SYSCALL_BIT),             # x32 numbers on x86_64: deny
        (RET_K, 0, 0, deny_socket),
    ]
    if sockets:
        rows += [(JEQ_K, "deny_socket", 0, numbers["io_uring_setup"]),
                 (JEQ_K, "socket", 0, numbers["socket"])]
    if processes:
        rows += [(JEQ_K, "prlimit", 0, numbers["prlimit64"]),
                 (JEQ_K, "who", 0, numbers["setpriority"])]
        rows += [(JEQ_K, "pid", 0, numbers[name]) for name in ("sched_setparam", "sched_setscheduler", "sched_setattr")]
    rows.append((RET_K, 0, 0, SECCOMP_RET_ALLOW))  # any other system call
    if sockets:
        rows += [("label", "socket"),
                 (LD_W_ABS, 0, 0, ARG0),            # socket(family, type, protocol)
                 (JEQ_K, "allow", 0, AF_NETLINK),
                 ("label", "deny_socket"),
                 (RET_K, 0, 0, deny_socket)]
    if processes:
        rows += [("label", "prlimit"),               # prlimit64(pid, resource, new, old)
                 (LD_W_ABS, 0, 0, ARG0),
                 (JEQ_K, "allow", 0, 0),             # its own process
                 (LD_W_ABS, 0, 0, ARG2),
                 (JEQ_K, 0, "deny_process", 0),       # new limits given
                 (LD_W_ABS, 0, 0, ARG2_HIGH),
                 (JEQ_K, "allow", "deny_process", 0),  # only reading them
                 ("label", "who"),                   # setpriority(which, who, prio)
                 (LD_W_ABS, 0, 0, ARG1),
                 (JEQ_K, "allow", "deny_process", 0),
                 ("label", "pid"),                   # sched_set*(pid, ...)
                 (LD_W_ABS, 0, 0, ARG0),
                 (JEQ_K, "allow", "deny_process", 0),
                 ("label", "deny_process"),
                 (RET_K, 0, 0, deny_process)]
    rows += [("label", "allow"), (RET_K, 0, 0, SECCOMP_RET_ALLOW)]  # (BPF jumps forward only)
    return _assemble(rows)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def filter_program(sockets: bool = True, processes: bool = False) -> bytes:
    """The filter as struct sock_filter rows (what bwrap's --seccomp FD reads, too)."""
    return _filter(ARCHES[os.uname().machine], sockets, processes)


def install(sockets: bool, processes: bool) -> None:
    """Install the filter on this process (it passes to every child). Needs no_new_privs set
    (landlock.restrict_self sets it). OSError when the kernel refuses."""
    program = filter_program(sockets, processes)
    buffer = ctypes.create_string_buffer(program, len(program))
    fprog = _SockFprog(len(program) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.restype = ctypes.c_int
    if libc.prctl(ctypes.c_int(PR_SET_SECCOMP), ctypes.c_ulong(SECCOMP_MODE_FILTER), ctypes.byref(fprog),
                  ctypes.c_ulong(0), ctypes.c_ulong(0)) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"seccomp filter: {errno.errorcode.get(err, err)}")


def deny_outside_sockets() -> None:
    """The socket filter alone (older callers)."""
    install(sockets=True, processes=False)
