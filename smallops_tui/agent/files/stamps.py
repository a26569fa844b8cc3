"""What is known of a file at a moment, to tell later whether it changed: a `Fingerprint` (the file a
proposal was made from; the executor writes only onto that same file) and a `FileStamp` (one path in
a snapshot of the workspace)."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Fingerprint:
    """A file as it was when a proposal was made: the executor writes only onto this same file."""

    exists: bool
    size: int = 0
    mtime_ns: int = 0
    digest: str = ""

    @classmethod
    def of(cls, data: bytes | None, st: os.stat_result | None) -> Fingerprint:
        if data is None or st is None:
            return cls(False)
        return cls(True, st.st_size, st.st_mtime_ns, hashlib.sha256(data).hexdigest())


@dataclass(frozen=True)
class FileStamp:
    """What is known about one path at a moment, to tell later whether it changed."""

    kind: str  # "file", "symlink" (never followed) or "other"
    size: int
    mtime_ns: int
    ino: int
    digest: str | None = None  # sha256 of the content, when it was read
    link: str = ""  # a symlink's target


def same_file(a: FileStamp, b: FileStamp) -> bool:
    """Unchanged: the same stat (cheap), else the same content when both were read."""
    if a.kind != b.kind or a.link != b.link:
        return False
    if (a.size, a.mtime_ns, a.ino) == (b.size, b.mtime_ns, b.ino):
        return True
    return a.digest is not None and a.digest == b.digest
