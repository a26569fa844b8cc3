"""What the log keeps of the workspace, so a session can be rebuilt at any step without it.

At the start a session records every file the snapshot sees (the tool caches skipped, see
workspace.SKIPPED_DIRS): its content when it is small enough and the budget allows, otherwise
its fingerprint only (size and sha256). After every change it applies (an edit, an undo, a
command) it records the files that changed, the same way. A command can change any file: the
workspace is stamped before and after it, and whatever differs is recorded.

The bounds (a file over FILE_LIMIT bytes, or past the budget of its record) make a file
fingerprint-only. A rebuild (fork.py) then takes it from the original workspace if that still
holds a file with the same fingerprint, and otherwise refuses, naming the file.

Not recorded: empty directories, the tool directories a snapshot skips (.git, node_modules,
.venv, caches: a rebuilt copy has none of them), and changes made by anything other than the
session (an editor, between steps).
"""

from __future__ import annotations

import base64
import hashlib
import os
import stat
from collections.abc import Iterable

from ..log.events import FileRecord
from .stamps import FileStamp, same_file
from .text import decode
from .workspace import SKIPPED_DIRS, PathEscape, Workspace, WorkspaceError

FILE_LIMIT = 512 * 1024  # a file larger than this is recorded by fingerprint only
BASELINE_BUDGET = 4 * 1024 * 1024  # content recorded at the start, in all
CHANGE_BUDGET = 4 * 1024 * 1024  # content recorded for one change (a command can change many files)
BOUNDS = (f"files over {FILE_LIMIT // 1024} KB, and files past {BASELINE_BUDGET // (1024 * 1024)} MB recorded at "
          f"the start or {CHANGE_BUDGET // (1024 * 1024)} MB per change, are kept by fingerprint only")


def content_record(path: str, data: bytes, mode: int | None, budget: list[int] | None = None) -> FileRecord:
    """A file's record: its content (text when UTF-8, else base64), or its fingerprint only when
    it is over FILE_LIMIT or the `budget` (bytes left, decremented) cannot take it."""
    digest = hashlib.sha256(data).hexdigest()
    record = FileRecord(path=path, size=len(data), digest=digest, mode=mode)
    if len(data) > FILE_LIMIT or (budget is not None and budget[0] < len(data)):
        return record
    if budget is not None:
        budget[0] -= len(data)
    try:
        record.text = data.decode("utf-8")
    except UnicodeDecodeError:
        record.b64 = base64.b64encode(data).decode("ascii")
    return record


def record_path(workspace: Workspace, rel: str, stamp: FileStamp | None, budget: list[int] | None) -> FileRecord:
    """The record of one path as it is now (`stamp` None: it is gone)."""
    if stamp is None:
        return FileRecord(path=rel, kind="deleted")
    if stamp.kind == "symlink":
        return FileRecord(path=rel, kind="symlink", link=stamp.link)
    if stamp.kind != "file":
        return FileRecord(path=rel, kind="other")
    if stamp.size > FILE_LIMIT or (budget is not None and budget[0] < stamp.size):
        return FileRecord(path=rel, size=stamp.size, digest=stamp.digest, mode=_mode(workspace, rel))
    try:
        data = workspace.read_bytes(rel)
    except (WorkspaceError, PathEscape, OSError):
        return FileRecord(path=rel, size=stamp.size, digest=stamp.digest)
    return content_record(rel, data, _mode(workspace, rel), budget)


def record_files(workspace: Workspace, stamps: dict[str, FileStamp], paths: Iterable[str], budget: int) -> list[FileRecord]:
    """Records of `paths`, within `budget` bytes of content. The few control files a snapshot
    lists inside the tool directories (.git/config, hooks: see workspace.CONTROL_FILES) are left
    out: without the rest of their directory they would make a broken one in a rebuild."""
    left = [budget]
    return [record_path(workspace, rel, stamps.get(rel), left) for rel in sorted(paths)
            if not SKIPPED_DIRS.intersection(rel.split("/")[:-1])]


def changed_paths(before: dict[str, FileStamp], after: dict[str, FileStamp]) -> list[str]:
    """Paths created, changed or deleted between two snapshots."""
    return sorted({p for p in set(before) ^ set(after)}
                  | {p for p in set(before) & set(after) if not same_file(before[p], after[p])})


def _mode(workspace: Workspace, rel: str) -> int | None:
    try:
        return stat.S_IMODE(os.lstat(workspace.root / rel).st_mode)
    except OSError:
        return None


def start_of(records: list[FileRecord], now: dict[str, FileStamp], text_limit: int) -> tuple[dict[str, FileStamp], dict[str, str]]:
    """The stamps and texts of a workspace as a record says it was (a fork's original start), so
    the net diff and the `done` guards count from there. A stamp made from a record matches a file
    by its sha256; a file recorded without one is taken as it is `now`."""
    stamps: dict[str, FileStamp] = {}
    texts: dict[str, str] = {}
    for record in records:
        if record.kind == "symlink":
            stamps[record.path] = FileStamp("symlink", 0, 0, 0, link=record.link)
        elif record.kind == "file" and record.digest is not None:
            stamps[record.path] = FileStamp("file", record.size, 0, 0, record.digest)
            data = record_data(record)
            if data is not None and len(data) <= text_limit:
                texts[record.path] = decode(data)
        elif record.path in now:
            stamps[record.path] = now[record.path]
    return stamps, texts


def record_data(record: FileRecord) -> bytes | None:
    """The bytes a record holds, or None when it holds a fingerprint only."""
    if record.text is not None:
        return record.text.encode("utf-8")
    if record.b64 is not None:
        return base64.b64decode(record.b64)
    return None
