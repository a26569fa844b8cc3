"""The workspace: every file operation confined to one root, atomic, and undoable.

A model's path is hostile input. `resolve()` refuses `..` escapes, absolute paths outside the
root, symlinks (even dangling ones) that point out, and NUL bytes. Writes go to a temporary
file in the same directory, are fsynced and renamed over the target, so a crash leaves either
the old or the new file, never half of one. Each change first records a checkpoint, so the
last changes can be undone one at a time.
"""

from __future__ import annotations

import difflib
import errno
import hashlib
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .linediff import group_opcodes, line_opcodes

# Directories that are never walked for snapshots and name suggestions: tool caches, not work.
SKIPPED_DIRS = frozenset({".git", ".hg", ".svn", "__pycache__", "node_modules", ".venv", "venv",
                          ".mypy_cache", ".pytest_cache", ".ruff_cache", ".tox"})
MAX_SNAPSHOT_FILES = 20_000
MAX_READ_BYTES = 2_000_000


class PathEscape(ValueError):
    """A path that would leave the workspace (or is not a usable path at all)."""


class WorkspaceError(OSError):
    """A file operation inside the workspace that failed, with a sentence to show."""


@dataclass(frozen=True)
class FileDiff:
    path: str
    unified: str
    added: int
    removed: int
    opcodes: tuple[tuple[str, int, int, int, int], ...] = ()  # over split_lines() of both sides

    @property
    def changed(self) -> bool:
        return bool(self.added or self.removed)


@dataclass(frozen=True)
class Checkpoint:
    """The state of one file just before a change: enough to put it back."""

    path: str  # relative to the root
    before: bytes | None  # None: the file did not exist
    mode: int | None
    created_dirs: tuple[str, ...] = ()
    label: str = ""


@dataclass(frozen=True)
class NetChanges:
    created: tuple[str, ...] = ()
    modified: tuple[str, ...] = ()
    deleted: tuple[str, ...] = ()

    @property
    def any(self) -> bool:
        return bool(self.created or self.modified or self.deleted)

    def describe(self) -> str:
        parts = []
        for label, paths in (("created", self.created), ("modified", self.modified), ("deleted", self.deleted)):
            if paths:
                parts.append(f"{label}: {', '.join(paths)}")
        return "; ".join(parts) or "no files changed"


def split_lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def _range(start: int, stop: int) -> str:
    """A unified-diff range, as difflib writes it."""
    beginning, length = start + 1, stop - start
    if length == 1:
        return f"{beginning}"
    if not length:
        beginning -= 1
    return f"{beginning},{length}"


def diff_texts(before: str | None, after: str | None, path: str = "file", context: int = 3) -> FileDiff:
    """Unified diff of two versions of a file (None = absent) with added/removed line counts."""
    old, new = split_lines(before or ""), split_lines(after or "")
    opcodes = line_opcodes(old, new)
    out: list[str] = []
    added = removed = 0
    groups = group_opcodes(opcodes, context)
    if groups:
        out.append(f"--- {f'a/{path}' if before is not None else '/dev/null'}\n")
        out.append(f"+++ {f'b/{path}' if after is not None else '/dev/null'}\n")
    for group in groups:
        first, last = group[0], group[-1]
        out.append(f"@@ -{_range(first[1], last[2])} +{_range(first[3], last[4])} @@\n")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out.extend(" " + line for line in old[i1:i2])
                continue
            out.extend("-" + line for line in old[i1:i2])
            out.extend("+" + line for line in new[j1:j2])
            removed += i2 - i1
            added += j2 - j1
    lines = []
    for line in out:
        if not line.endswith("\n"):
            # Same marker as git, so a missing final newline is visible rather than silent.
            line += "\n\\ No newline at end of file\n"
        lines.append(line)
    return FileDiff(path, "".join(lines), added, removed, tuple(opcodes))


def decode(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


class Workspace:
    """A directory the model works in; see the module docstring for the guarantees."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        path = Path(root).expanduser()
        if not path.is_dir():
            raise WorkspaceError(f"the workspace {path} is not a directory")
        self.root: Path = path.resolve()
        self.checkpoints: list[Checkpoint] = []

    # -- paths -----------------------------------------------------------------------------

    def resolve(self, path: str) -> Path:
        """Absolute path inside the root for a model-supplied path, or PathEscape."""
        if not isinstance(path, str):
            raise PathEscape(f"a path must be text, not {type(path).__name__}")
        if "\x00" in path:
            raise PathEscape("the path contains a NUL byte")
        candidate = Path(path.strip() or ".")
        if not candidate.is_absolute():
            candidate = self.root / candidate
        try:
            # realpath follows every symlink it can, dangling ones included, so a link that
            # points out is caught even when its target does not exist yet.
            resolved = Path(os.path.realpath(candidate))
        except (OSError, ValueError) as exc:
            raise PathEscape(f"the path {path!r} cannot be resolved: {exc}") from None
        if resolved != self.root and self.root not in resolved.parents:
            raise PathEscape(f"the path {path!r} is outside the workspace {self.root}")
        try:
            os.stat(resolved)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise PathEscape(f"the path {path!r} goes through a symlink loop") from None
        return resolved

    def relative(self, path: str | Path) -> str:
        resolved = self.resolve(str(path))
        rel = resolved.relative_to(self.root).as_posix()
        return rel or "."

    def contains(self, path: str) -> bool:
        try:
            self.resolve(path)
        except PathEscape:
            return False
        return True

    # -- reading ---------------------------------------------------------------------------

    def read_bytes(self, path: str) -> bytes:
        target = self.resolve(path)
        if target.is_dir():
            raise WorkspaceError(f"{self.relative(target)} is a directory, not a file")
        try:
            with open(target, "rb") as f:
                return f.read(MAX_READ_BYTES + 1)
        except FileNotFoundError:
            raise WorkspaceError(f"{path} does not exist") from None
        except OSError as exc:
            raise WorkspaceError(f"{path} cannot be read: {exc.strerror}") from None

    def read_text(self, path: str) -> str:
        return decode(self.read_bytes(path))

    def read_text_or_none(self, path: str) -> str | None:
        """Current text of a file, or None when it does not exist (or is not a file)."""
        target = self.resolve(path)
        if not target.is_file():
            return None
        return self.read_text(path)

    def list_dir(self, path: str) -> list[str]:
        target = self.resolve(path)
        if not target.exists():
            raise WorkspaceError(f"{path} does not exist")
        if not target.is_dir():
            raise WorkspaceError(f"{path} is a file, not a directory")
        entries = []
        for entry in sorted(os.scandir(target), key=lambda e: e.name):
            entries.append(entry.name + ("/" if entry.is_dir(follow_symlinks=False) else ""))
        return entries

    def exists(self, path: str) -> bool:
        return self.resolve(path).exists()

    def is_file(self, path: str) -> bool:
        return self.resolve(path).is_file()

    def is_dir(self, path: str) -> bool:
        return self.resolve(path).is_dir()

    # -- writing ---------------------------------------------------------------------------

    def write_text(self, path: str, content: str, label: str = "") -> Checkpoint:
        """Atomically replace (or create) a file, after recording a checkpoint."""
        return self.write_bytes(path, content.encode("utf-8"), label)

    def write_bytes(self, path: str, data: bytes, label: str = "") -> Checkpoint:
        target = self.resolve(path)
        if target.is_dir():
            raise WorkspaceError(f"{self.relative(target)} is a directory; a file cannot replace it")
        before: bytes | None = None
        mode: int | None = None
        if target.exists():
            before = target.read_bytes()
            mode = stat.S_IMODE(target.stat().st_mode)
        created = self._make_parents(target)
        checkpoint = Checkpoint(self.relative(target), before, mode, created, label)
        self._atomic_write(target, data, mode)
        self.checkpoints.append(checkpoint)
        return checkpoint

    def _make_parents(self, target: Path) -> tuple[str, ...]:
        created = []
        missing = []
        parent = target.parent
        while not parent.exists():
            missing.append(parent)
            parent = parent.parent
        for directory in reversed(missing):
            directory.mkdir()
            created.append(directory.relative_to(self.root).as_posix())
        return tuple(created)

    @staticmethod
    def _atomic_write(target: Path, data: bytes, mode: int | None) -> None:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".smallops-tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            if mode is None:
                umask = os.umask(0)
                os.umask(umask)
                mode = 0o666 & ~umask
            os.chmod(tmp, mode)
            os.replace(tmp, target)
        except BaseException:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
            raise
        try:
            dir_fd = os.open(target.parent, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(dir_fd)  # the rename itself must survive a crash too
        except OSError:
            pass
        finally:
            os.close(dir_fd)

    def undo(self) -> Checkpoint | None:
        """Put back the file changed last; returns its checkpoint, or None if nothing to undo."""
        if not self.checkpoints:
            return None
        checkpoint = self.checkpoints.pop()
        target = self.resolve(checkpoint.path)
        if checkpoint.before is None:
            if target.exists():
                target.unlink()
            for directory in reversed(checkpoint.created_dirs):
                try:
                    (self.root / directory).rmdir()
                except OSError:
                    break  # not empty any more: something else was put there
        else:
            self._atomic_write(target, checkpoint.before, checkpoint.mode)
        return checkpoint

    # -- whole-workspace views -------------------------------------------------------------

    def walk_files(self) -> list[str]:
        """Relative paths of the files in the workspace, tool caches skipped, capped."""
        found: list[str] = []
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_DIRS)
            for name in sorted(filenames):
                rel = os.path.relpath(os.path.join(dirpath, name), self.root)
                found.append(Path(rel).as_posix())
                if len(found) >= MAX_SNAPSHOT_FILES:
                    return found
        return found

    def snapshot(self) -> dict[str, str]:
        """Content hash per file, to tell later what a session really changed."""
        result = {}
        for rel in self.walk_files():
            try:
                with open(self.root / rel, "rb") as f:
                    result[rel] = hashlib.sha256(f.read()).hexdigest()
            except OSError:
                continue
        return result

    def net_changes(self, before: dict[str, str]) -> NetChanges:
        after = self.snapshot()
        created = tuple(sorted(set(after) - set(before)))
        deleted = tuple(sorted(set(before) - set(after)))
        modified = tuple(sorted(p for p in set(before) & set(after) if before[p] != after[p]))
        return NetChanges(created, modified, deleted)

    def nearest_names(self, path: str, limit: int = 5) -> list[str]:
        """Existing paths that a missing one was probably meant to be."""
        files = self.walk_files()
        dirs = sorted({str(Path(f).parent.as_posix()) for f in files} - {"."})
        pool = files + [d + "/" for d in dirs]
        wanted = path.strip().lstrip("./") or "."
        close = difflib.get_close_matches(wanted, pool, n=limit, cutoff=0.5)
        base = Path(wanted).name
        by_name = [p for p in pool if Path(p.rstrip("/")).name == base and p not in close]
        return (close + by_name)[:limit]

    def nearest_listing(self, path: str) -> tuple[str, list[str]]:
        """The deepest existing directory on the way to `path`, and what it holds."""
        target = self.resolve(path)
        parent = target if target.is_dir() else target.parent
        while not parent.is_dir() and parent != self.root:
            parent = parent.parent
        rel = parent.relative_to(self.root).as_posix() or "."
        return rel, self.list_dir(rel)

    @staticmethod
    def diff(before: str | None, after: str | None, path: str = "file") -> FileDiff:
        return diff_texts(before, after, path)
