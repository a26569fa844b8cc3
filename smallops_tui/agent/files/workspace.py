"""The workspace: every file operation confined to one root, atomic, and undoable.

A model's path is hostile input. `resolve()` refuses `..` escapes, absolute paths outside the
root, symlinks (even dangling ones) that point out, and NUL bytes. Writes go to a temporary
file in the same directory, are fsynced and renamed over the target, so a crash leaves either
the old or the new file, never half of one; a temp file left by a killed write is removed when
the next session starts. Each change first records a checkpoint, so the last changes can be
undone one at a time.

Only regular files and directories are ever opened: a FIFO blocks whoever opens it, a device can
be read forever. Files are read as bytes and decoded losslessly (UTF-8, else Latin-1), whole and
only up to MAX_EDIT_BYTES: a larger file is refused with a sentence, never cut. Writes into
smallops' own config and data directories (the live session log) are refused.
"""

from __future__ import annotations

import difflib
import errno
import glob
import hashlib
import os
import re
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ...paths import config_dir, data_dir
from .diffs import FileDiff, diff_texts, escaped_name
from .editor import EditorFiles, editor_bytes, written_through
from .stamps import FileStamp, Fingerprint, same_file
from .text import FileText, decode_file
from .tree import walk_tree
from .walk_cache import WalkCache

# Directories that are never walked for snapshots and name suggestions: tool caches, not work.
SKIPPED_DIRS = frozenset({".git", ".hg", ".svn", "__pycache__", "node_modules", ".venv", "venv", ".hypothesis",
                          ".mypy_cache", ".pytest_cache", ".ruff_cache", ".tox"})
MAX_SNAPSHOT_FILES = 20_000
# Small files inside those directories that make code run later: snapshots (and so the net diff at
# `done`) include them, so a planted hook or a changed git config shows.
CONTROL_FILES: dict[str, tuple[str, ...]] = {
    ".git": ("config", "config.worktree", "HEAD", "commondir", "info/*", "hooks/*", "modules/*/config",
             "modules/*/hooks/*"),
    ".venv": ("pyvenv.cfg", "bin/*", "lib/python*/site-packages/*.pth"),
    "venv": ("pyvenv.cfg", "bin/*", "lib/python*/site-packages/*.pth"),
    "node_modules": (".bin/*",),
}
# Files up to this size are read and edited whole; larger ones are never edited (so never cut)
# and a read shows their beginning, saying so.
MAX_EDIT_BYTES = 8_000_000
MAX_HASH_BYTES = MAX_EDIT_BYTES  # a file's content is hashed for change detection up to this size
SNAPSHOT_READ_BUDGET = 64_000_000  # bytes read in all by one snapshot; beyond, stat only
TEMP_PREFIX = ".smallops-tmp-"
_TEMP_PID = re.compile(r"^\.smallops-tmp-(\d+)-")


class PathEscape(ValueError):
    """A path that would leave the workspace (or is not a usable path at all)."""


class WorkspaceError(OSError):
    """A file operation inside the workspace that failed, with a sentence to show."""


class Undoable(Protocol):
    """A change put back as a whole by its own `undo` (an approved command's: command_undo.py)."""

    @property
    def path(self) -> str: ...

    @property
    def label(self) -> str: ...

    def undo(self, workspace: Workspace) -> list[str]: ...


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
                parts.append(f"{label}: {', '.join(escaped_name(p) for p in paths)}")
        return "; ".join(parts) or "no files changed"


def _clip(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class FileTooLarge(WorkspaceError):
    """A file larger than smallops reads whole: it is never edited, so it is never cut."""


class FileChanged(WorkspaceError):
    """The file is not what the person was shown: it changed after the proposal was made."""


NOT_REGULAR_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                     (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                     (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symlink"))


def file_kind(mode: int) -> str:
    for test, name in NOT_REGULAR_KINDS:
        if test(mode):
            return name
    return "a regular file" if stat.S_ISREG(mode) else "a special file"


def _size(n: int) -> str:
    return f"{n:,} bytes" if n < 10_000 else f"{n / 1_000_000:.1f} MB"


def _is_temp_name(name: str) -> bool:
    return name.startswith(TEMP_PREFIX) or name.endswith(".smallops-tmp")


def _stale_temp(name: str) -> bool:
    """A temp file whose writer is gone (killed mid-write): safe to remove."""
    match = _TEMP_PID.match(name)
    if match is None:
        return name.endswith(".smallops-tmp")  # the older naming, without a pid
    pid = int(match.group(1))
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


class Workspace:
    """A directory the model works in; see the module docstring for the guarantees."""

    def __init__(self, root: str | os.PathLike[str], protected: tuple[str | os.PathLike[str], ...] | None = None) -> None:
        path = Path(root).expanduser()
        if not path.is_dir():
            raise WorkspaceError(f"the workspace {path} is not a directory")
        self.root: Path = path.resolve()
        # A file's Checkpoint, or a command's CommandCheckpoint (command_undo.py), newest last.
        self.checkpoints: list[Checkpoint | Undoable] = []
        if protected is None:
            protected = (config_dir(), data_dir())
        self.protected: tuple[Path, ...] = tuple(Path(os.path.realpath(Path(p).expanduser())) for p in protected)
        self.editor: EditorFiles | None = None  # an editor's own copy of the files (editor.py), when there is one
        self._walks = WalkCache()

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
            if exc.errno == errno.ENAMETOOLONG:
                longest = max((len(os.fsencode(p)) for p in resolved.parts), default=0)
                raise PathEscape(f"the path {_clip(path)!r} is too long for the file system "
                                 f"(a name of {longest} bytes; the limit is usually 255)") from None
            if exc.errno not in (errno.ENOENT, errno.ENOTDIR):
                raise PathEscape(f"the path {_clip(path)!r} cannot be used: {exc.strerror}") from None
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

    def check_writable(self, target: Path) -> None:
        """WorkspaceError if `target` lies in smallops' own config or data directory (where the
        live session log is): a session must not be able to rewrite its own record."""
        for directory in self.protected:
            if target == directory or directory in target.parents:
                raise WorkspaceError(f"{self._rel(target)} is inside smallops' own files ({directory}), "
                                     "where its settings and session logs live; writes there are refused")

    def _rel(self, target: Path) -> str:
        try:
            return target.relative_to(self.root).as_posix() or "."
        except ValueError:
            return str(target)

    # -- reading ---------------------------------------------------------------------------

    def _stat(self, target: Path) -> os.stat_result | None:
        try:
            return os.stat(target)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise WorkspaceError(f"{self._rel(target)} cannot be read: {exc.strerror}") from None

    def _open_regular(self, target: Path) -> tuple[int, os.stat_result]:
        """An fd on a regular file. Never opens a FIFO, a device or a socket: opening some of
        them blocks or has effects, and reading others never ends."""
        st = self._stat(target)
        if st is None:
            raise WorkspaceError(f"{self._rel(target)} does not exist")
        if not stat.S_ISREG(st.st_mode):
            raise WorkspaceError(f"{self._rel(target)} is {file_kind(st.st_mode)}, not a regular file; "
                                 "smallops only opens regular files")
        try:
            # O_NONBLOCK: if a FIFO was swapped in since the stat, open still returns at once.
            fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | os.O_CLOEXEC)
        except OSError as exc:
            raise WorkspaceError(f"{self._rel(target)} cannot be read: {exc.strerror}") from None
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            os.close(fd)
            raise WorkspaceError(f"{self._rel(target)} is {file_kind(st.st_mode)}, not a regular file")
        return fd, st

    def _read_fd(self, fd: int, limit: int) -> bytes:
        chunks: list[bytes] = []
        left = limit
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def read_with_stat(self, path: str, limit: int = MAX_EDIT_BYTES) -> tuple[bytes, os.stat_result]:
        """A regular file's whole content and its stat; FileTooLarge past `limit` (never a part)."""
        target = self.resolve(path)
        fd, st = self._open_regular(target)
        try:
            if st.st_size > limit:
                raise FileTooLarge(f"{self._rel(target)} is {_size(st.st_size)}, larger than the "
                                   f"{_size(limit)} smallops reads and edits whole; it is left as it is")
            data = self._read_fd(fd, limit + 1)
        except OSError as exc:
            if isinstance(exc, WorkspaceError):
                raise
            raise WorkspaceError(f"{self._rel(target)} cannot be read: {exc.strerror}") from None
        finally:
            os.close(fd)
        if len(data) > limit:  # it grew while being read
            raise FileTooLarge(f"{self._rel(target)} is larger than the {_size(limit)} smallops reads and edits whole")
        return data, st

    def read_bytes(self, path: str) -> bytes:
        return self.read_with_stat(path)[0]

    def read_head(self, path: str, limit: int) -> tuple[bytes, int]:
        """The first `limit` bytes of a regular file, and its whole size."""
        target = self.resolve(path)
        fd, st = self._open_regular(target)
        try:
            return self._read_fd(fd, limit), st.st_size
        except OSError as exc:
            raise WorkspaceError(f"{self._rel(target)} cannot be read: {exc.strerror}") from None
        finally:
            os.close(fd)

    def read_file(self, path: str) -> FileText:
        in_editor = self._editor_bytes(path)
        return decode_file(in_editor if in_editor is not None else self.read_bytes(path))

    def _editor_bytes(self, path: str) -> bytes | None:
        """A regular file's text as the editor holds it (unsaved edits and all), or None: the disk's."""
        if self.editor is None:
            return None
        target = self.resolve(path)
        st = self._stat(target)
        if st is None or not stat.S_ISREG(st.st_mode):
            return None
        text = self.editor.read(self.relative(target))
        return editor_bytes(text, self.read_bytes(path)) if text is not None else None

    def read_text(self, path: str) -> str:
        return self.read_file(path).text

    def read_text_or_none(self, path: str) -> str | None:
        """Current text of a file, or None when it does not exist (or is not a regular file)."""
        target = self.resolve(path)
        st = self._stat(target)
        if st is None or not stat.S_ISREG(st.st_mode):
            return None
        return self.read_text(path)

    def list_dir(self, path: str) -> list[str]:
        target = self.resolve(path)
        if not target.exists():
            raise WorkspaceError(f"{path} does not exist")
        if not target.is_dir():
            raise WorkspaceError(f"{path} is a file, not a directory")
        entries = []
        try:
            for entry in sorted(os.scandir(target), key=lambda e: e.name):
                if _is_temp_name(entry.name):
                    continue
                entries.append(entry.name + ("/" if entry.is_dir(follow_symlinks=False) else ""))
        except OSError as exc:
            raise WorkspaceError(f"{path} cannot be listed: {exc.strerror}") from None
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

    def current(self, path: str) -> tuple[bytes | None, Fingerprint, int | None]:
        """(content or None if absent, fingerprint, mode) of a file about to be replaced."""
        target = self.resolve(path)
        st = self._stat(target)
        if st is None:
            return None, Fingerprint(False), None
        if not stat.S_ISREG(st.st_mode):
            raise WorkspaceError(f"{self._rel(target)} is {file_kind(st.st_mode)}; a file cannot replace it")
        in_editor = self._editor_bytes(path)
        if in_editor is not None:  # what the person sees: the edit is previewed, and checked, against it
            digest = hashlib.sha256(in_editor).hexdigest()
            return in_editor, Fingerprint(True, len(in_editor), 0, digest), stat.S_IMODE(st.st_mode)
        data, st = self.read_with_stat(path)
        return data, Fingerprint.of(data, st), stat.S_IMODE(st.st_mode)

    def write_bytes(self, path: str, data: bytes, label: str = "", expected: Fingerprint | None = None) -> Checkpoint:
        """Replace a file with exactly `data`. With `expected`, only if the file is still the one
        that fingerprint was taken of (else FileChanged, and nothing is written)."""
        target = self.resolve(path)
        self.check_writable(target)
        before, found, mode = self.current(path)
        if expected is not None and found != expected:
            raise FileChanged(f"{self._rel(target)} changed on disk after the proposal was made")
        created = self._make_parents(target)
        checkpoint = Checkpoint(self.relative(target), before, mode, created, label)
        if self.editor is None or not written_through(self.editor, checkpoint.path, data):
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
        try:
            for directory in reversed(missing):
                directory.mkdir()
                created.append(directory.relative_to(self.root).as_posix())
        except OSError as exc:
            raise WorkspaceError(f"the directory {self._rel(directory)} cannot be made: {exc.strerror}") from None
        return tuple(created)

    @staticmethod
    def _atomic_write(target: Path, data: bytes, mode: int | None, keep_special_bits: bool = False) -> None:
        # The temp name carries the pid, so a later session can tell a write that was killed
        # (its temp file is removed at start) from one in flight; it does not carry the target's
        # name, so a long name cannot make it too long.
        try:
            fd, tmp = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", dir=target.parent)
        except OSError as exc:
            raise WorkspaceError(f"cannot write in {target.parent}: {exc.strerror}") from None
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            if mode is None:
                umask = os.umask(0)
                os.umask(umask)
                mode = 0o666 & ~umask
            elif not keep_special_bits:
                # New content is not what was made setuid or setgid: the kernel clears these bits on a
                # write too. (An undo puts a file back as it was, bits and all.)
                mode &= ~(stat.S_ISUID | stat.S_ISGID)
            os.chmod(tmp, mode)
            os.replace(tmp, target)
        except BaseException as exc:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
            if isinstance(exc, OSError) and not isinstance(exc, WorkspaceError):
                raise WorkspaceError(f"{target.name} cannot be written: {exc.strerror}") from None
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

    def undo(self) -> Checkpoint | Undoable | None:
        """Put back the file (or the command's files) changed last; returns its checkpoint, or None if nothing to undo.
        WorkspaceError (the checkpoint kept) when the path is no longer a file that can be put back."""
        if not self.checkpoints:
            return None
        checkpoint = self.checkpoints[-1]
        if not isinstance(checkpoint, Checkpoint):  # a command's (command_undo.py): many paths at once
            checkpoint.undo(self)
            self.checkpoints.pop()
            return checkpoint
        try:
            target = self.resolve(checkpoint.path)
        except PathEscape as exc:
            raise WorkspaceError(f"cannot undo the change to {checkpoint.path}: {exc}") from None
        st = self._stat(target)
        if st is not None and not stat.S_ISREG(st.st_mode):
            raise WorkspaceError(f"cannot undo the change to {checkpoint.path}: it is now {file_kind(st.st_mode)}")
        if checkpoint.before is None:
            if st is not None:
                try:
                    target.unlink()
                except OSError as exc:
                    raise WorkspaceError(f"cannot undo the change to {checkpoint.path}: {exc.strerror}") from None
            for directory in reversed(checkpoint.created_dirs):
                try:
                    (self.root / directory).rmdir()
                except OSError:
                    break  # not empty any more: something else was put there
        else:
            self._atomic_write(target, checkpoint.before, checkpoint.mode, keep_special_bits=True)
        self.checkpoints.pop()
        return checkpoint

    # -- whole-workspace views -------------------------------------------------------------

    def walk_files(self, control_files: bool = False) -> list[str]:
        """Relative paths of the files in the workspace, tool caches skipped (but, with
        `control_files`, the CONTROL_FILES inside them listed), capped. The plain list is kept
        while no directory walked has changed (walk_cache.py); the control files are always read."""
        if control_files:
            return self._walk(True)[0]
        return self._walks.files(lambda: self._walk(False))

    def _walk(self, control_files: bool) -> tuple[list[str], list[str]]:
        """The files found, and the directories entered to find them."""
        found: list[str] = []
        entered: list[str] = []
        for dirpath, dirnames, filenames in walk_tree(self.root):
            entered.append(dirpath)
            controls = [os.path.join(d, p) for d in dirnames if control_files and d in CONTROL_FILES
                        for p in CONTROL_FILES[d]]
            dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_DIRS)
            filenames = filenames + sorted({f for p in controls for f in glob.glob(p, root_dir=dirpath)
                                            if os.path.isfile(os.path.join(dirpath, f))})
            for name in sorted(filenames):
                if _is_temp_name(name):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, name), self.root)
                found.append(Path(rel).as_posix())
                if len(found) >= MAX_SNAPSHOT_FILES:
                    return found, entered
        return found, entered

    def remove_stale_temp_files(self) -> list[str]:
        """Remove temp files left by a write that was killed (kill -9) before its rename."""
        removed = []
        for dirpath, dirnames, filenames in walk_tree(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIPPED_DIRS]
            for name in filenames:
                if _is_temp_name(name) and _stale_temp(name):
                    try:
                        os.unlink(os.path.join(dirpath, name))
                        removed.append(os.path.relpath(os.path.join(dirpath, name), self.root))
                    except OSError:
                        continue
        return removed

    def stamp(self, rel: str, budget: list[int] | None = None, previous: FileStamp | None = None) -> FileStamp | None:
        """The stamp of one path, not following symlinks, never opening a special file. Content
        is hashed only when the stat changed since `previous`, within a byte `budget`."""
        path = self.root / rel
        try:
            st = os.lstat(path)
        except OSError:
            return None
        if stat.S_ISLNK(st.st_mode):
            try:
                link = os.readlink(path)
            except OSError:
                link = "?"
            return FileStamp("symlink", 0, 0, 0, link=link)
        if not stat.S_ISREG(st.st_mode):
            return FileStamp("other", 0, st.st_mtime_ns, st.st_ino)
        stamp = FileStamp("file", st.st_size, st.st_mtime_ns, st.st_ino)
        if previous is not None and same_file(previous, stamp):
            return previous
        if st.st_size > MAX_HASH_BYTES or (budget is not None and budget[0] < st.st_size):
            return stamp
        try:
            data = self.read_bytes(rel)
        except (WorkspaceError, PathEscape):
            return stamp
        if budget is not None:
            budget[0] -= len(data)
        return FileStamp("file", st.st_size, st.st_mtime_ns, st.st_ino, hashlib.sha256(data).hexdigest())

    def snapshot(self, previous: dict[str, FileStamp] | None = None) -> dict[str, FileStamp]:
        """A stamp per file, to tell later what a session really changed. Bounded: stat only
        for files that did not change since `previous`, and content read within a budget."""
        budget = [SNAPSHOT_READ_BUDGET]
        result = {}
        for rel in self.walk_files(control_files=True):
            stamp = self.stamp(rel, budget, (previous or {}).get(rel))
            if stamp is not None:
                result[rel] = stamp
        return result

    def net_changes(self, before: dict[str, FileStamp]) -> NetChanges:
        after = self.snapshot(previous=before)
        created = tuple(sorted(set(after) - set(before)))
        deleted = tuple(sorted(set(before) - set(after)))
        modified = tuple(sorted(p for p in set(before) & set(after) if not same_file(before[p], after[p])))
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
