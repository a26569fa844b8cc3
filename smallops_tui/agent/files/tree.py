"""Walking and removing a directory tree without recursion, however deep it is.

Python 3.11's `os.walk`, `os.makedirs` and `shutil.rmtree` recurse once per directory level, and
an approved command can make a tree deeper than the interpreter's recursion limit in a moment
(`for i in $(seq 1100); do mkdir d && cd d; done`): the session ended in RecursionError, and so
did every later session in that workspace, at its start. These keep their own stack.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator


def walk_tree(top: str | os.PathLike[str]) -> Iterator[tuple[str, list[str], list[str]]]:
    """`os.walk(top)` as it behaves by default (top-down, directories in the order the caller
    leaves in `dirnames`, symlinks to directories listed but not entered, unreadable
    directories skipped), with an explicit stack instead of recursion."""
    stack = [os.fspath(top)]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as entries:
                listed = list(entries)
        except OSError:
            continue
        dirnames: list[str] = []
        filenames: list[str] = []
        for entry in listed:
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            (dirnames if is_dir else filenames).append(entry.name)
        yield current, dirnames, filenames
        for name in reversed(dirnames):  # popped in the order the caller left them
            path = os.path.join(current, name)
            if not os.path.islink(path):
                stack.append(path)


def remove_tree(top: str | os.PathLike[str]) -> None:
    """Remove `top` and everything beneath it, links not followed, errors ignored (as
    `shutil.rmtree(top, ignore_errors=True)`), without recursion."""
    top = os.fspath(top)
    try:
        if not stat.S_ISDIR(os.lstat(top).st_mode):
            os.unlink(top)
            return
    except OSError:
        return
    # Directories in the order they were entered; removed deepest first, once emptied of files.
    entered: list[str] = []
    for current, dirnames, filenames in walk_tree(top):
        entered.append(current)
        for name in filenames + [d for d in dirnames if os.path.islink(os.path.join(current, d))]:
            try:
                os.unlink(os.path.join(current, name))
            except OSError:
                pass
    for directory in reversed(entered):
        try:
            os.rmdir(directory)
        except OSError:
            pass
