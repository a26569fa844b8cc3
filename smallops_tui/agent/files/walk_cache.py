"""The workspace's file list, walked again only when a directory in it changed.

Every turn asks for the list (the `paths` schema, the guards, the opening, the harness's answers):
in a real project of 2,000–20,000 files that walk was a fifth of an auto-approved step's CPU, and
0.5 s a turn in a tree of 5,000 files. A walk's result depends only on the names in the
directories it entered, and a directory's mtime changes whenever a name in it is created, removed
or renamed; so the list is kept with the mtime of each directory walked, and a stat of each (one
per directory, not per file) says whether it still holds.

A directory changed while it was being walked, or within the filesystem's timestamp granularity
before, could carry the same mtime after a second change: such a walk is not kept (the next ask
walks again), as git treats a "racily clean" index entry.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass

# Timestamps are as coarse as 2 s on some filesystems (FAT, some network mounts); a directory
# changed this close to a walk is not trusted to show its next change.
RACY_NS = 2_000_000_000


@dataclass(frozen=True)
class Walked:
    files: tuple[str, ...]
    directories: tuple[tuple[str, int], ...]  # each directory walked, and its mtime (ns) after the walk


def _mtime(path: str) -> int | None:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


def stamp_directories(directories: list[str], started_ns: int) -> tuple[tuple[str, int], ...] | None:
    """Each directory with its mtime, or None when one is gone or too fresh to trust."""
    stamped = []
    for directory in directories:
        mtime = _mtime(directory)
        if mtime is None or mtime >= started_ns - RACY_NS:
            return None
        stamped.append((directory, mtime))
    return tuple(stamped)


class WalkCache:
    """The last trustworthy walk, handed out while no directory it entered has changed."""

    def __init__(self) -> None:
        self._walked: Walked | None = None

    def files(self, walk: Callable[[], tuple[list[str], list[str]]]) -> list[str]:
        """The files of `walk()` (which returns the files and the directories it entered), from the
        last walk when every one of those directories has its mtime still."""
        kept = self._walked
        if kept is not None and all(_mtime(path) == mtime for path, mtime in kept.directories):
            return list(kept.files)
        started = time.time_ns()
        files, directories = walk()
        stamped = stamp_directories(directories, started)
        self._walked = Walked(tuple(files), stamped) if stamped is not None else None
        return files

    def forget(self) -> None:
        """Walk again next time (after a change this process made: cheaper than a stat per directory)."""
        self._walked = None
