"""With network off, a seccomp filter refuses the sockets Landlock cannot see.

Landlock (up to ABI 7) restricts TCP bind/connect and abstract Unix sockets, but not Unix sockets
reached by path: a command could connect to the tmux server, the D-Bus session bus, an ssh or gpg
agent or docker, and have them act outside the sandbox. Nor does it restrict UDP. So when network
is off, the command's process tree also gets this filter: `socket()` fails with EACCES for every
family but TCP over IPv4/IPv6 (left to Landlock) and netlink (the kernel's own configuration
queries); `socketpair()` still works, as it only connects a process to itself. io_uring, which
can open sockets without the `socket()` system call, is refused, and so is every system call made
in another architecture's ABI (32-bit code would reach `socketcall`).

Under bwrap, which already gives the command no network namespace and a private /tmp and /run,
the same filter goes in through `bwrap --seccomp FD` for the Unix sockets still visible elsewhere.
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
# (audit architecture, socket, io_uring_setup) per machine; the filter needs all three.
ARCHES = {"x86_64": (0xC000003E, 41, 425), "aarch64": (0xC00000B7, 198, 425)}
# struct seccomp_data: nr at 0, arch at 4, args[i] at 16 + 8 i (the low 32 bits, little-endian).
NR, ARCH, ARG0, ARG1, ARG2 = 0, 4, 16, 24, 32


def supported() -> bool:
    return os.uname().machine in ARCHES


def _filter(arch: int, socket_nr: int, io_uring_nr: int) -> bytes:
    deny = SECCOMP_RET_ERRNO | errno.EACCES
    # Each row: (code, jump if true, jump if false, constant). Jumps count rows after this one.
    rows = [
        (LD_W_ABS, 0, 0, ARCH),
        (JEQ_K, 1, 0, arch),            # another ABI: deny
        (RET_K, 0, 0, deny),
        (LD_W_ABS, 0, 0, NR),
        (JGE_K, 0, 1, X32_SYSCALL_BIT),  # x32 numbers on x86_64: deny
        (RET_K, 0, 0, deny),
        (JEQ_K, 0, 1, io_uring_nr),
        (RET_K, 0, 0, deny),
        (JEQ_K, 1, 0, socket_nr),
        (RET_K, 0, 0, SECCOMP_RET_ALLOW),  # any other system call
        (LD_W_ABS, 0, 0, ARG0),          # socket(family, type, protocol)
        (JEQ_K, 8, 0, AF_NETLINK),
        (JEQ_K, 1, 0, AF_INET),
        (JEQ_K, 0, 7, AF_INET6),
        (LD_W_ABS, 0, 0, ARG1),
        (AND_K, 0, 0, SOCK_TYPE_MASK),
        (JEQ_K, 0, 4, SOCK_STREAM),
        (LD_W_ABS, 0, 0, ARG2),
        (JEQ_K, 1, 0, 0),                # protocol 0 or TCP: Landlock judges connect and bind
        (JEQ_K, 0, 1, IPPROTO_TCP),
        (RET_K, 0, 0, SECCOMP_RET_ALLOW),
        (RET_K, 0, 0, deny),
    ]
    return b"".join(struct.pack("HBBI", code, jt, jf, k) for code, jt, jf, k in rows)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def filter_program() -> bytes:
    """The filter as struct sock_filter rows (what bwrap's --seccomp FD reads, too)."""
    return _filter(*ARCHES[os.uname().machine])


def deny_outside_sockets() -> None:
    """Install the filter on this process (it passes to every child). Needs no_new_privs set
    (landlock.restrict_self sets it). OSError when the kernel refuses."""
    program = filter_program()
    buffer = ctypes.create_string_buffer(program, len(program))
    fprog = _SockFprog(len(program) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.restype = ctypes.c_int
    if libc.prctl(ctypes.c_int(PR_SET_SECCOMP), ctypes.c_ulong(SECCOMP_MODE_FILTER), ctypes.byref(fprog),
                  ctypes.c_ulong(0), ctypes.c_ulong(0)) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"seccomp filter: {errno.errorcode.get(err, err)}")
