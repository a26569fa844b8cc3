"""Landlock and the few prctl(2) calls the command sandbox needs, through ctypes.

Hand-written rather than taken from PyPI: the `landlock` package (1.0.0.dev5, alpha) covers file
system rules only, with no network rules (ABI 4) and no scoping (ABI 6), and the kernel ABI is a
few dozen lines. This module uses the standard library only, because the command wrapper
(exec_wrapper.py) loads it by path in an interpreter started with `-I -S`.

Only writes are handled: reading stays allowed everywhere (a command may read /usr, the
toolchain, the project). Everything the kernel knows how to restrict about writing, removing,
making and renaming files is denied outside the directories given.
"""

from __future__ import annotations

import ctypes
import os
import sys

# Syscall numbers are the same on every architecture since Landlock arrived (5.13).
SYS_CREATE_RULESET, SYS_ADD_RULE, SYS_RESTRICT_SELF = 444, 445, 446
CREATE_RULESET_VERSION = 1 << 0
RULE_PATH_BENEATH, RULE_NET_PORT = 1, 2

# File system rights (include/uapi/linux/landlock.h) and the ABI that introduced each.
ACCESS_FS_WRITE_FILE = 1 << 1
ACCESS_FS_REMOVE_DIR = 1 << 4
ACCESS_FS_REMOVE_FILE = 1 << 5
ACCESS_FS_MAKE_CHAR = 1 << 6
ACCESS_FS_MAKE_DIR = 1 << 7
ACCESS_FS_MAKE_REG = 1 << 8
ACCESS_FS_MAKE_SOCK = 1 << 9
ACCESS_FS_MAKE_FIFO = 1 << 10
ACCESS_FS_MAKE_BLOCK = 1 << 11
ACCESS_FS_MAKE_SYM = 1 << 12
ACCESS_FS_REFER = 1 << 13  # ABI 2: rename/link across directories
ACCESS_FS_TRUNCATE = 1 << 14  # ABI 3
WRITE_RIGHTS_V1 = (ACCESS_FS_WRITE_FILE | ACCESS_FS_REMOVE_DIR | ACCESS_FS_REMOVE_FILE | ACCESS_FS_MAKE_CHAR
                   | ACCESS_FS_MAKE_DIR | ACCESS_FS_MAKE_REG | ACCESS_FS_MAKE_SOCK | ACCESS_FS_MAKE_FIFO
                   | ACCESS_FS_MAKE_BLOCK | ACCESS_FS_MAKE_SYM)
NO_DEVICES = ACCESS_FS_MAKE_CHAR | ACCESS_FS_MAKE_BLOCK
FILE_RIGHTS = ACCESS_FS_WRITE_FILE | ACCESS_FS_TRUNCATE  # the only write rights a non-directory accepts
ACCESS_NET_BIND_TCP = 1 << 0  # ABI 4
ACCESS_NET_CONNECT_TCP = 1 << 1
SCOPE_ABSTRACT_UNIX_SOCKET = 1 << 0  # ABI 6
SCOPE_SIGNAL = 1 << 1  # ABI 6: no signals to processes outside the sandbox

PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_CAPBSET_DROP = 24
PR_SET_CHILD_SUBREAPER = 36
PR_SET_NO_NEW_PRIVS = 38
PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 47, 4
CAP_LAST = 40  # CAP_CHECKPOINT_RESTORE; higher numbers are refused by the kernel and skipped
# What a command run as root keeps, each for a reason:
# - CAP_CHOWN, CAP_DAC_OVERRIDE, CAP_FOWNER: the workspace may hold files of another user (root
#   working in someone's checkout): writing, chmod and `tar x`/`cp -a` of them. Landlock and the
#   read-only mounts still decide *where*; the seccomp filter refuses setuid and setgid bits.
# - CAP_SETUID, CAP_SETGID: tools that drop to another user for part of their work (su, runuser,
#   apt's _apt, npm); an id changed under no_new_privs gains nothing.
# - CAP_NET_BIND_SERVICE: a server on a low port, with the network allowed.
# - CAP_KILL, only inside the command's own PID namespace (`isolated`): signals to what it started
#   under another id; without the namespace it would reach every process on the machine.
# Gone, among the rest: CAP_DAC_READ_SEARCH (open_by_handle_at opens any file of the workspace's
# file system by inode, past Landlock: a root command appended to ~/.bashrc and to the live session
# log), CAP_FSETID (keeps setuid bits on writes, setgid on another group's files), CAP_IPC_LOCK
# (locked memory past its rlimit), CAP_SYS_CHROOT, CAP_LEASE (a lease on a file the app opens
# stalls the app), CAP_AUDIT_WRITE, CAP_SYS_NICE (`chrt -f` got real-time scheduling; renice and
# chrt reached other processes), CAP_SYS_RESOURCE (it would raise the bounds of limits.py),
# CAP_SYS_ADMIN and CAP_PERFMON (with either, a Landlocked root process still reads other
# processes' /proc/PID/environ), CAP_SYS_PTRACE, CAP_MKNOD (a device node in the workspace would
# reach a raw disk), CAP_NET_RAW (raw packets pass Landlock's TCP rules), CAP_SYS_MODULE, CAP_BPF,
# CAP_NET_ADMIN, CAP_SETFCAP.
KEPT_ROOT_CAPABILITIES = {0: "CAP_CHOWN", 1: "CAP_DAC_OVERRIDE", 3: "CAP_FOWNER", 6: "CAP_SETGID", 7: "CAP_SETUID",
                          10: "CAP_NET_BIND_SERVICE"}
ISOLATED_ROOT_CAPABILITIES = {**KEPT_ROOT_CAPABILITIES, 5: "CAP_KILL"}
_CAPABILITY_VERSION_3 = 0x20080522


class LandlockError(OSError):
    """Landlock could not be set up; the command must not run unconfined."""


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


_libc: ctypes.CDLL | None = None


def _lib() -> ctypes.CDLL:
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
        _libc.syscall.restype = ctypes.c_long
        _libc.prctl.restype = ctypes.c_int
    return _libc


def _check(result: int, what: str) -> int:
    if result < 0:
        err = ctypes.get_errno()
        raise LandlockError(err, f"{what}: {os.strerror(err)}")
    return result


def prctl(option: int, value: int) -> None:
    _check(_lib().prctl(ctypes.c_int(option), ctypes.c_ulong(value), ctypes.c_ulong(0), ctypes.c_ulong(0),
                        ctypes.c_ulong(0)), f"prctl({option})")


def abi_version() -> int:
    """The Landlock ABI this kernel offers; 0 when there is none (not Linux, too old, disabled)."""
    if not sys.platform.startswith("linux"):
        return 0
    try:
        version = _lib().syscall(ctypes.c_long(SYS_CREATE_RULESET), None, ctypes.c_size_t(0),
                                 ctypes.c_uint32(CREATE_RULESET_VERSION))
    except (OSError, AttributeError):
        return 0
    return max(int(version), 0)


def write_rights(abi: int) -> int:
    return WRITE_RIGHTS_V1 | (ACCESS_FS_REFER if abi >= 2 else 0) | (ACCESS_FS_TRUNCATE if abi >= 3 else 0)


def build_ruleset(writable: list[str], allow_network: bool, abi: int | None = None) -> int:
    """A ruleset fd: writes only beneath `writable` (directories or single files such as
    /dev/null); TCP bind and connect denied unless `allow_network` (ABI >= 4); no signals or
    abstract sockets beyond the sandbox (ABI >= 6). The caller applies it with `restrict_self`."""
    abi = abi_version() if abi is None else abi
    if abi < 1:
        raise LandlockError(0, "this kernel does not offer Landlock")
    rights = write_rights(abi)
    attr = _RulesetAttr(rights, 0, 0)
    if abi >= 4 and not allow_network:
        attr.handled_access_net = ACCESS_NET_BIND_TCP | ACCESS_NET_CONNECT_TCP
    if abi >= 6:
        attr.scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL
    size = ctypes.sizeof(_RulesetAttr) if abi >= 6 else (16 if abi >= 4 else 8)
    libc = _lib()
    fd = _check(libc.syscall(ctypes.c_long(SYS_CREATE_RULESET), ctypes.byref(attr), ctypes.c_size_t(size),
                             ctypes.c_uint32(0)), "landlock_create_ruleset")
    try:
        for path in writable:
            try:
                target = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except FileNotFoundError:
                continue
            try:
                # Device nodes are never made, not even in the workspace: one would reach a raw disk.
                allowed = rights & ~NO_DEVICES if os.path.isdir(path) else rights & FILE_RIGHTS
                beneath = _PathBeneathAttr(allowed, target)
                _check(libc.syscall(ctypes.c_long(SYS_ADD_RULE), ctypes.c_int(fd), ctypes.c_int(RULE_PATH_BENEATH),
                                    ctypes.byref(beneath), ctypes.c_uint32(0)), f"landlock_add_rule({path})")
            finally:
                os.close(target)
    except BaseException:
        os.close(fd)
        raise
    return fd


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]


def kept_root_capabilities(isolated: bool) -> dict[int, str]:
    return ISOLATED_ROOT_CAPABILITIES if isolated else KEPT_ROOT_CAPABILITIES


def drop_root_capabilities(isolated: bool = False) -> None:
    """For a process running as root: keep only `kept_root_capabilities(isolated)`, now and across
    exec (bounding set, inheritable and ambient sets; exec gives root no more than the bounding set)."""
    keep = kept_root_capabilities(isolated)
    for cap in range(CAP_LAST + 1):
        if cap not in keep:
            try:
                prctl(PR_CAPBSET_DROP, cap)
            except LandlockError as exc:
                if exc.errno != 22:  # EINVAL: a capability this kernel does not have
                    raise
    _check(_lib().prctl(ctypes.c_int(PR_CAP_AMBIENT), ctypes.c_ulong(PR_CAP_AMBIENT_CLEAR_ALL), ctypes.c_ulong(0),
                        ctypes.c_ulong(0), ctypes.c_ulong(0)), "prctl(PR_CAP_AMBIENT_CLEAR_ALL)")
    header = _CapHeader(_CAPABILITY_VERSION_3, 0)
    data = (_CapData * 2)()
    _check(_lib().capget(ctypes.byref(header), data), "capget")
    for k in range(2):
        kept = sum(1 << (cap - 32 * k) for cap in keep if 32 * k <= cap < 32 * (k + 1))
        data[k].effective &= kept
        data[k].permitted &= kept
        data[k].inheritable &= kept
    _check(_lib().capset(ctypes.byref(header), data), "capset")


def restrict_self(ruleset_fd: int) -> None:
    """Enforce the ruleset on this process and everything it starts from now on (irreversible)."""
    prctl(PR_SET_NO_NEW_PRIVS, 1)
    _check(_lib().syscall(ctypes.c_long(SYS_RESTRICT_SELF), ctypes.c_int(ruleset_fd), ctypes.c_uint32(0)),
           "landlock_restrict_self")
