"""Files the app reads that someone else may have put there (session logs, themes, the config
file, a bench task's prompt): read only when they are regular files, never waiting.

`open("x.jsonl")` on a FIFO waits for a writer that may never come: one planted among the logs
hung `smallops sessions`, the sessions browser and the palette (even `q` and ^C), one among the
themes hung the start. A device may never end, or do something when opened. So a path is
stat()ed first (a link is followed: a config file kept in a dotfiles repository is fine) and
opened only when it is a regular file, then opened without blocking and checked again through
the descriptor (it may have been swapped in between). Anything else is an `IrregularFile`
(an OSError) whose message is the sentence to show.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO


class IrregularFile(OSError):
    """Not a regular file (a FIFO, a device, a socket, a directory), or larger than allowed."""

    def __str__(self) -> str:
        return str(self.strerror)


def kind_of(mode: int) -> str:
    """What a file is, as a sentence's noun: "a FIFO", "a device", ..."""
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "not a regular file"


def _refuse(path: str | os.PathLike[str], mode: int) -> IrregularFile:
    return IrregularFile(errno.EINVAL, f"{path} is {kind_of(mode)}, not a regular file: it was not read")


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """`path` opened for reading in binary, if it is a regular file (IrregularFile if not; the
    other OSErrors as open() gives them)."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise _refuse(path, info.st_mode)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _refuse(path, info.st_mode)
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def read_regular(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """The bytes of regular file `path`; with `limit`, IrregularFile when it holds more."""
    with open_regular(path) as f:
        data = f.read() if limit is None else f.read(limit + 1)
    if limit is not None and len(data) > limit:
        raise IrregularFile(errno.EFBIG, f"{path} is larger than {_size(limit)}: it was not read")
    return data


def read_regular_text(path: str | os.PathLike[str], limit: int | None = None) -> str:
    """As read_regular, decoded as UTF-8 (UnicodeDecodeError when it is not)."""
    return read_regular(path, limit).decode("utf-8")


def _size(n: int) -> str:
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n / size:g} {unit}"
    return f"{n} bytes"


def is_regular(path: Path) -> bool:
    """Whether `path` is a regular file (a link to one counts), without opening it."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False
