"""A task's starting repository, copied for a run as someone else's files (issue 30).

A folder given with `bench --tasks-dir` is someone else's: `shutil.copytree` followed its links
(a link to a secret outside became a file in the workspace, and its content went to the model
server), made sparse files dense (4 KB on disk became 301 MB), and had no bound. Here:
- a link is copied as a link when it leads to a place inside the repository, and refused with a
  sentence when it leads outside (or is absolute): nothing outside is ever read through one;
- a FIFO, a device or a socket is refused (never opened: a FIFO would hang the copy);
- a regular file is opened without following a link and without blocking, checked through the
  descriptor, and copied up to the size it had when it was checked;
- the repository is bounded: at most MAX_FILES entries and MAX_BYTES of file content, counted by
  size (what the copy would write), so a sparse file counts what it would become.
Modes are copied without setuid, setgid and sticky bits.
"""

from __future__ import annotations

import os
import stat
from fnmatch import fnmatch
from pathlib import Path

from ..agent.files.workspace import SKIPPED_DIRS
from ..agent.regular_files import kind_of

MAX_FILES = 10_000
MAX_BYTES = 64 << 20
CHUNK = 1 << 20
# pip byte-compiles the shipped tasks: the model must not see that; nor a tool folder (as hosting.py)
SKIPPED = ("__pycache__", "*.pyc", *sorted(SKIPPED_DIRS))


class RepoRefused(ValueError):
    """The repository cannot be used as it is; the message says why, naming the path."""


def _link_inside(repo: Path, link: Path, target: str) -> bool:
    """Whether `target`, read from the link at `link`, leads to a place inside `repo`: by its
    words (relative, never above the repository) and as the kernel resolves it now (a link
    through another link, `b/..` with b -> `.`, must not get out either)."""
    if os.path.isabs(target):
        return False
    depth = len(link.parent.relative_to(repo).parts)
    for part in Path(target).parts:
        depth += -1 if part == ".." else (0 if part == "." else 1)
        if depth < 0:
            return False
    top = os.path.realpath(repo)
    resolved = os.path.realpath(link)
    return resolved == top or resolved.startswith(top.rstrip("/") + "/")


def copy_repo(source: Path, dest: Path | None) -> int:
    """Copy the repository at `source` to `dest` (None: only check it); the bytes it holds.
    RepoRefused with a sentence for a link leading out, a special file, or past the bounds."""
    if source.is_symlink() or not source.is_dir():
        raise RepoRefused("repo/ is a link, not a folder of its own" if source.is_symlink() else "repo/ is not a folder")
    if dest is not None:
        dest.mkdir(parents=True)
    files = total = 0
    stack = [Path()]
    while stack:
        rel = stack.pop()
        with os.scandir(source / rel) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                if any(fnmatch(entry.name, pattern) for pattern in SKIPPED):
                    continue
                files += 1
                if files > MAX_FILES:
                    raise RepoRefused(f"repo/ holds more than {MAX_FILES:,} files and folders")
                path = rel / entry.name
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISLNK(info.st_mode):
                    target = os.readlink(source / path)
                    if not _link_inside(source, source / path, target):
                        raise RepoRefused(f"repo/{path} is a link leading outside the repository (to {target}): a "
                                          "task's repository must hold its own files")
                    if dest is not None:
                        os.symlink(target, dest / path)
                elif stat.S_ISDIR(info.st_mode):
                    if dest is not None:
                        (dest / path).mkdir(mode=0o755)
                    stack.append(path)
                elif stat.S_ISREG(info.st_mode):
                    total += info.st_size
                    if total > MAX_BYTES:
                        raise RepoRefused(f"repo/ holds more than {MAX_BYTES >> 20} MiB of file content (repo/{path} "
                                          f"is {info.st_size:,} bytes{_sparse(info)})")
                    if dest is not None:
                        _copy_file(source / path, dest / path, info.st_size)
                else:
                    raise RepoRefused(f"repo/{path} is {kind_of(info.st_mode)}: a task's repository holds files, "
                                      "folders and links only")
    return total


def _sparse(info: os.stat_result) -> str:
    held = info.st_blocks * 512
    return f", {held:,} of them on disk" if held < info.st_size else ""


def _copy_file(source: Path, dest: Path, size: int) -> None:
    fd = os.open(source, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise RepoRefused(f"{source.name} changed while it was copied")
        out = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                      stat.S_IMODE(info.st_mode) & 0o777 | 0o600)
        try:
            left = size
            while left > 0 and (block := os.read(fd, min(CHUNK, left))):
                left -= len(block)
                view = memoryview(block)
                while view:
                    view = view[os.write(out, view):]
        finally:
            os.close(out)
    finally:
        os.close(fd)
