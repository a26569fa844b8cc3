"""No file a command made or changed keeps a setuid or setgid bit: the second wall.

The first is the seccomp filter (seccomp.py), which refuses such a mode wherever it is set. A
setuid file left in the workspace would run as its owner for anyone who runs it later, outside
any sandbox: as root's, it is root. After each command the files it created or changed are
looked at, and a setuid or setgid bit on a regular file is taken off; the person and the model
are told which (where the filter holds, none ever is).

Opened without following a link and without blocking (a FIFO there must not hang the step); the
mode is changed through the descriptor, so the file looked at is the file changed.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

SETID = stat.S_ISUID | stat.S_ISGID


def strip_setid(root: Path, paths: Iterable[str]) -> list[str]:
    """Take the setuid and setgid bits off the regular files among `paths` (relative to `root`,
    which is the workspace); the paths changed."""
    stripped = []
    for rel in paths:
        if os.path.isabs(rel) or ".." in Path(rel).parts:
            continue
        try:
            fd = os.open(root / rel, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
        except OSError:
            continue  # gone, a link, or unreadable
        try:
            info = os.fstat(fd)
            if stat.S_ISREG(info.st_mode) and info.st_mode & SETID:
                os.fchmod(fd, stat.S_IMODE(info.st_mode) & ~SETID)
                stripped.append(rel)
        except OSError:
            continue
        finally:
            os.close(fd)
    return stripped


def stripped_sentence(paths: list[str]) -> str:
    """What the person and the model are told."""
    shown = ", ".join(paths[:5]) + (f" and {len(paths) - 5} more" if len(paths) > 5 else "")
    return (f"[sandbox] the setuid/setgid bit was taken off {shown}: a command may not leave a file that runs as its "
            "owner for whoever starts it")
