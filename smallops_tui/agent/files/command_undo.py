"""Undo for an approved command: the workspace is kept as it was before the command, so `u` can
put back what it changed or deleted and remove what it created.

Before each command, `PreImages.capture()` keeps every file the workspace snapshot sees (its
bytes, mode, or a symlink's target) and every directory. Bytes are read once and kept while the
file stays the same (size, mtime, ctime and inode: ctime cannot be set back by a command), so a
session pays the read once, then a stat per file per command. After the command,
`CommandCheckpoint.of()` keeps only what the command touched.

Bounded: a workspace over UNDO_BUDGET bytes (or MAX_SNAPSHOT_FILES files) is not kept, and its
commands are said to be "not undoable" before they are approved (`not_undoable()`). The tool
directories a snapshot skips (.git, node_modules, .venv, caches) are not kept either: undo puts
back the project's files, not a repository's history or an environment.

Every path is resolved through the workspace (no symlink leads undo outside) before it is
written or removed.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field

from .stamps import FileStamp
from .workspace import MAX_SNAPSHOT_FILES, SKIPPED_DIRS, PathEscape, Workspace, WorkspaceError, file_kind
from .tree import walk_tree

UNDO_BUDGET = 64 * 1024 * 1024  # bytes of file content kept to undo a command


@dataclass(frozen=True)
class Entry:
    """One path as it was: a file's bytes and mode, or a symlink's target."""

    kind: str  # "file" or "symlink"
    data: bytes = b""
    mode: int | None = None
    link: str = ""


@dataclass
class Capture:
    """The workspace just before a command (with each file's stat key: size, mtime, ctime, inode)."""

    entries: dict[str, Entry]
    dirs: set[str]
    keys: dict[str, tuple[int, int, int, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class CommandCheckpoint:
    """What one command changed, and how to put it back."""

    command: str
    restore: dict[str, Entry]  # changed or deleted: as they were
    created: tuple[str, ...]  # files and symlinks it made
    created_dirs: tuple[str, ...]  # directories it made (removed when empty again)
    removed_dirs: tuple[str, ...]  # directories it removed (made again)
    refusal: str = ""  # not empty: this command cannot be undone, and this says why

    # The same names a file Checkpoint has, for code that shows either.
    @property
    def path(self) -> str:
        return f"the command `{self.command}`"

    @property
    def label(self) -> str:
        return self.command

    @property
    def paths(self) -> list[str]:
        return sorted(set(self.restore) | set(self.created))

    @classmethod
    def of(cls, command: str, before: Capture, after: dict[str, FileStamp], workspace: Workspace) -> CommandCheckpoint:
        changed: dict[str, Entry] = {}
        for rel, entry in before.entries.items():
            now = after.get(rel)
            if now is None or not _same(entry, before.keys.get(rel), now, workspace, rel):
                changed[rel] = entry
        created = tuple(sorted(rel for rel in after if rel not in before.entries))
        dirs_now = _dirs(workspace)
        return cls(command, changed, created, tuple(sorted(dirs_now - before.dirs)),
                   tuple(sorted(before.dirs - dirs_now)))

    @classmethod
    def refused(cls, command: str, why: str) -> CommandCheckpoint:
        return cls(command, {}, (), (), (), refusal=why)

    @property
    def changes_anything(self) -> bool:
        return bool(self.refusal or self.restore or self.created or self.created_dirs or self.removed_dirs)

    def undo(self, workspace: Workspace) -> list[str]:
        """Put the workspace back as it was before the command; the paths it touched. A
        WorkspaceError with a sentence when it cannot (the checkpoint is kept: `u` may try again)."""
        if self.refusal:
            raise WorkspaceError(f"the command `{self.command}` cannot be undone: {self.refusal}")
        try:
            return self._undo(workspace)
        except OSError as exc:
            if isinstance(exc, WorkspaceError):
                raise
            raise WorkspaceError(f"cannot undo `{self.command}`: {exc.filename or ''} {exc.strerror}") from None

    def _undo(self, workspace: Workspace) -> list[str]:
        for rel in self.created:
            target = _inside(workspace, rel, follow_last=False)
            try:
                st = os.lstat(target)
            except FileNotFoundError:
                continue
            if stat.S_ISDIR(st.st_mode):
                raise WorkspaceError(f"cannot undo `{self.command}`: {rel} is now {file_kind(st.st_mode)}")
            os.unlink(target)
        for rel in reversed(self.created_dirs):  # deepest first
            try:
                os.rmdir(_inside(workspace, rel, follow_last=False))
            except OSError:
                continue  # not empty: something else was put there since
        for rel in self.removed_dirs:
            os.makedirs(_inside(workspace, rel), exist_ok=True)
        for rel, entry in sorted(self.restore.items()):
            target = _inside(workspace, rel, follow_last=False)
            if os.path.isdir(target) and not os.path.islink(target):
                raise WorkspaceError(f"cannot undo `{self.command}`: {rel} is now a directory with files in it")
            os.makedirs(target.parent, exist_ok=True)
            if entry.kind == "symlink":
                if os.path.lexists(target):
                    os.unlink(target)
                os.symlink(entry.link, target)
            else:
                if os.path.islink(target):
                    os.unlink(target)
                workspace._atomic_write(target, entry.data, entry.mode, keep_special_bits=True)
        return self.paths


def _inside(workspace: Workspace, rel: str, follow_last: bool = True):  # type: ignore[no-untyped-def]
    """The absolute path of `rel`, its directories resolved through the workspace (a symlink
    planted on the way out is refused); the last part itself is not followed unless asked."""
    try:
        if follow_last:
            return workspace.resolve(rel)
        parent = workspace.resolve(os.path.dirname(rel) or ".")
        return parent / os.path.basename(rel)
    except PathEscape as exc:
        raise WorkspaceError(f"cannot undo: {exc}") from None


def _key(st: os.stat_result) -> tuple[int, int, int, int]:
    return st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino


def _same(entry: Entry, key: tuple[int, int, int, int] | None, now: FileStamp, workspace: Workspace, rel: str) -> bool:
    if entry.kind == "symlink":
        return now.kind == "symlink" and now.link == entry.link
    if now.kind != "file" or now.size != len(entry.data):
        return False
    try:
        st = os.lstat(workspace.root / rel)
        if _key(st) == key:
            return True  # not written, not chmodded, not touched: ctime would have moved
        with open(workspace.root / rel, "rb") as f:
            return f.read(len(entry.data) + 1) == entry.data and stat.S_IMODE(st.st_mode) == entry.mode
    except OSError:
        return False


def _dirs(workspace: Workspace) -> set[str]:
    found = set()
    for dirpath, dirnames, _ in walk_tree(workspace.root):  # no recursion: a tree can be deeper
        dirnames[:] = [d for d in dirnames if d not in SKIPPED_DIRS]
        for name in dirnames:
            found.add(os.path.relpath(os.path.join(dirpath, name), workspace.root))
    return found


@dataclass
class PreImages:
    """The bytes of the workspace's files, read once and kept while each file stays the same."""

    budget: int = UNDO_BUDGET
    _cache: dict[str, tuple[tuple[int, int, int, int], Entry]] = field(default_factory=dict)

    def not_undoable(self, stamps: dict[str, FileStamp]) -> str | None:
        """Why a command run now could not be undone (the workspace is past the bound), or None."""
        files = [s for s in stamps.values() if s.kind == "file"]
        total = sum(s.size for s in files)
        if len(stamps) >= MAX_SNAPSHOT_FILES:
            return f"the workspace holds {len(stamps):,} files or more; undo keeps up to {MAX_SNAPSHOT_FILES - 1:,}"
        if total > self.budget:
            return (f"the workspace's files hold {total / 2**20:,.0f} MB; undo keeps up to "
                    f"{self.budget / 2**20:,.0f} MB")
        return None

    def capture(self, workspace: Workspace) -> Capture | str:
        """The workspace as it is now, or the sentence saying why it is past the bound."""
        entries: dict[str, Entry] = {}
        cache: dict[str, tuple[tuple[int, int, int, int], Entry]] = {}
        total = 0
        paths = workspace.walk_files(control_files=True)  # a planted .git/config or hook is put back too
        if len(paths) >= MAX_SNAPSHOT_FILES:
            return f"the workspace holds {len(paths):,} files or more; undo keeps up to {MAX_SNAPSHOT_FILES - 1:,}"
        for rel in paths:
            path = workspace.root / rel
            try:
                st = os.lstat(path)
            except OSError:
                continue
            key = _key(st)
            if stat.S_ISLNK(st.st_mode):
                entry = Entry("symlink", link=os.readlink(path))
            elif not stat.S_ISREG(st.st_mode):
                continue
            else:
                total += st.st_size
                if total > self.budget:
                    self._cache.clear()
                    return (f"the workspace's files hold more than {self.budget / 2**20:,.0f} MB, the most undo keeps")
                kept = self._cache.get(rel)
                if kept is not None and kept[0] == key:
                    entry = kept[1]
                else:
                    try:
                        with open(path, "rb") as f:
                            data = f.read(st.st_size + 1)
                    except OSError as exc:
                        return f"{rel} cannot be read ({exc.strerror})"
                    entry = Entry("file", data, stat.S_IMODE(st.st_mode))
            cache[rel] = (key, entry)
            entries[rel] = entry
        self._cache = cache
        return Capture(entries, _dirs(workspace), {rel: kept[0] for rel, kept in cache.items()})
