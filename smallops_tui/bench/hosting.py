"""A task laid over a real project (`smallops bench --host DIR`): the run's workspace is a copy of
the host project with the task's `repo/` laid over it, the task's own files winning.

The nine and most task sets are folders of one to five files; a person's project has `.github/`,
docs, tests, examples and build output. A model that passes in the bare folder and fails in the
hosted one fails on the tree, not the task: the bench measures both side by side.

The task's repository is copied by task_repo.py (someone else's files); the host as the workspace
copies: links as links (never followed out of the host), the host's
version control and tool folders (workspace.SKIPPED_DIRS) left out, bytecode left out. A host path
that the task has as a file where the host has a folder (or the other way round) is the task's.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from ..agent.files.workspace import SKIPPED_DIRS
from ..paths import shipped_dir
from .task_repo import copy_repo

NOT_COPIED = shutil.ignore_patterns("__pycache__", "*.pyc", *SKIPPED_DIRS)
HOST_FILES_LIMIT = 20_000  # a host past this many files is refused with a sentence: each run copies it


class HostError(ValueError):
    """A host folder that cannot be used, as one sentence."""


def shipped_hosts() -> dict[str, Path]:
    """The hosts shipped with smallops (fixtures/hosts/), by name."""
    folder = shipped_dir("hosts")
    if folder is None or not folder.is_dir():
        return {}
    return {entry.name: entry for entry in sorted(folder.iterdir()) if entry.is_dir()}


def resolve_host(name_or_path: str) -> Path:
    """A shipped host's name, or a folder; HostError with the choices otherwise."""
    hosts = shipped_hosts()
    if name_or_path in hosts:
        return hosts[name_or_path]
    path = Path(name_or_path).expanduser()
    if not path.is_dir():
        names = ", ".join(hosts) or "none"
        raise HostError(f"--host {name_or_path}: not a folder, nor a shipped host (shipped: {names})")
    count = 0
    for _dirpath, dirnames, filenames in os.walk(path):
        dirnames[:] = [d for d in dirnames if d not in SKIPPED_DIRS]
        count += len(filenames)
        if count > HOST_FILES_LIMIT:
            raise HostError(f"--host {name_or_path}: more than {HOST_FILES_LIMIT:,} files; every run copies the host, "
                            "so choose a smaller project (or a copy without its build output)")
    return path.resolve()


def _make_room(dest: Path, rel: Path, is_dir: bool) -> None:
    """Remove what the host has at `rel` when it is of the other kind than the task's entry."""
    target = dest / rel
    if target.is_symlink() or (target.exists() and target.is_dir() != is_dir):
        if target.is_dir() and not target.is_symlink():
            shutil.rmtree(target)
        else:
            target.unlink()


def lay_out(task_repo: Path, dest: Path, host: Path | None = None) -> None:
    """`dest` becomes the task's repository, laid over a copy of `host` when there is one. The
    task's repository is someone else's: it is copied by task_repo.copy_repo (no link followed
    out of it, no FIFO opened, bounded; RepoRefused otherwise) before anything is laid over."""
    if host is None:
        copy_repo(task_repo, dest)
        return
    shutil.copytree(host, dest, symlinks=True, ignore=NOT_COPIED)
    staged = Path(tempfile.mkdtemp(prefix="smallops-task-repo-")) / "repo"
    try:
        copy_repo(task_repo, staged)
        _lay_over(staged, dest)
    finally:
        shutil.rmtree(staged.parent, ignore_errors=True)


def _lay_over(task_repo: Path, dest: Path) -> None:
    """The task's files over the host's copy, the task's own winning."""
    for dirpath, dirnames, filenames in os.walk(task_repo):
        here = Path(dirpath).relative_to(task_repo)
        dirnames[:] = [d for d in dirnames if d not in ("__pycache__",)]
        for name in dirnames:
            _make_room(dest, here / name, is_dir=True)
            (dest / here / name).mkdir(exist_ok=True)
        for name in filenames:
            if name.endswith(".pyc"):
                continue
            _make_room(dest, here / name, is_dir=False)
            source = Path(dirpath) / name
            if source.is_symlink():
                os.symlink(os.readlink(source), dest / here / name)
            else:
                shutil.copy2(source, dest / here / name)
