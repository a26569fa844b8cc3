"""The app's own credentials, kept out of its process environment.

`/proc/PID/environ` (and `ps e`, which reads it) shows the environment a process was started
with, for as long as it runs: removing a variable from `os.environ` does not change it. A command
that can read that file for the app's processes (as root, the kernel lets it even under Landlock)
would print the API keys the app was started with, and the model would read them.

So `withhold_secrets()`, called first thing when `smallops` starts, moves every variable that
looks like a credential (the test that scrubs commands' environments; paths such as SSL_CERT_FILE
stay, as they reveal nothing and TLS may need them) out of `os.environ`
into this module, blanks its bytes in the start-up environment block that /proc shows, and marks
the process not dumpable (so a process of the same user without CAP_SYS_PTRACE cannot read its
/proc files or memory at all). The terminal guard forks after this, so both of the app's processes
are clean. The backends read keys through `get()`; commands get withheld values only when the
person passes them on (`pass_env`), through `environ_with_secrets()`.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import MutableMapping

from .confine import scrub_environment

PR_SET_DUMPABLE = 4
_WITHHELD: dict[str, str] = {}


def get(name: str) -> str | None:
    """A variable of the app's environment, withheld or not."""
    return os.environ.get(name) or _WITHHELD.get(name)


def environ_with_secrets() -> dict[str, str]:
    """The environment the app was started with, withheld credentials included."""
    return {**_WITHHELD, **os.environ}


def withhold_secrets(environ: MutableMapping[str, str] | None = None) -> list[str]:
    """Move credential-looking variables out of the process environment; return their names."""
    environ = os.environ if environ is None else environ
    _, flagged = scrub_environment(dict(environ))
    # A path (SSL_CERT_FILE, KUBECONFIG) reveals nothing by itself, and TLS may depend on it.
    removed = [name for name in flagged if not os.path.isabs(environ[name])]
    for name in removed:
        _WITHHELD[name] = environ.pop(name)  # os.environ.pop unsets it: children do not inherit it
    if removed and environ is os.environ:
        _blank_start_up_block(set(removed))
    if environ is os.environ:
        _not_dumpable()
    return removed


def _blank_start_up_block(names: set[str]) -> int:
    """Overwrite NAME=VALUE with zeros where the kernel keeps the start-up environment (the
    bytes between env_start and env_end of /proc/self/stat, which /proc/self/environ shows).
    Returns how many entries were blanked; 0 where /proc is not there."""
    try:
        with open("/proc/self/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        with open("/proc/self/environ", "rb") as f:
            block = f.read()
    except OSError:
        return 0
    env_start = int(fields[47])  # field 50 of stat(5); the fields after "comm)" start at field 3
    blanked = 0
    offset = 0
    for entry in block.split(b"\0"):
        name = entry.split(b"=", 1)[0].decode(errors="replace")
        if name in names and entry:
            ctypes.memset(env_start + offset, 0, len(entry))
            blanked += 1
        offset += len(entry) + 1
    return blanked


def _not_dumpable() -> None:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(ctypes.c_int(PR_SET_DUMPABLE), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0),
                   ctypes.c_ulong(0))
    except (OSError, AttributeError):
        pass
