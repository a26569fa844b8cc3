"""What the session changed on disk, kept as it goes: the workspace at the start (for the net
diff at `done` and its guards, and recorded in the log so a fork can rebuild it), and after every
change the session applies (an edit, an undo, a command) the files that changed, logged as a
`files_changed` event. A command can change any file: the workspace is stamped around it. When a
follow-up task begins, what changed meanwhile (the person edited a file) is recorded as well, and
the net diff and the `done` guards count from the task's start.

File work (walking, hashing, reading) runs on a worker thread where the caller is on the event
loop: a large workspace must not stall the screen.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Literal

from ..files.recording import BASELINE_BUDGET, BOUNDS, CHANGE_BUDGET, changed_paths, record_files, start_of
from ..files.stamps import FileStamp
from ..files.visible import shown_path
from ..files.workspace import MAX_SNAPSHOT_FILES, NetChanges, PathEscape, Workspace, WorkspaceError
from ..log.events import Event, FileRecord, FilesChanged, WorkspaceRecorded
from .guards import SessionHistory

ChangedBy = Literal["edit", "undo", "command", "outside"]
BASELINE_FILE_LIMIT = 256 * 1024  # a larger file's starting text is not kept for the net diff
BASELINE_FILES = 500


def baseline_texts(workspace: Workspace, stamps: dict[str, FileStamp]) -> dict[str, str]:
    """The start-of-session text of the workspace's (small, regular) files, for the net diff at `done`."""
    texts: dict[str, str] = {}
    small = [rel for rel, stamp in stamps.items() if stamp.kind == "file" and stamp.size <= BASELINE_FILE_LIMIT]
    for rel in small[:BASELINE_FILES]:
        try:
            texts[rel] = workspace.read_text(rel)
        except (WorkspaceError, PathEscape):
            continue
    return texts


class ChangeRecorder:
    """The workspace as the log last recorded it, the session's start, and the net change since."""

    def __init__(self, workspace: Workspace, history: SessionHistory, emit: Callable[[Event], object]) -> None:
        self.workspace = workspace
        self.history = history  # its `baseline` is the start the `done` guards count from
        self.emit = emit
        self.recorded: dict[str, FileStamp] = {}  # a command's changes are what differs from this
        self.baseline_texts: dict[str, str] = {}
        self.baseline_taken = False
        self.since = "the session started"  # what the net change counts from, in words

    async def take_baseline(self, carried_start: list[FileRecord] | None) -> None:
        """What the workspace holds at the start; also removes temp files left by a write that was
        killed. A fork (`carried_start`: the original's record of its start) counts from there."""
        if self.baseline_taken:
            return

        def take() -> tuple[dict[str, FileStamp], dict[str, FileStamp], dict[str, str], WorkspaceRecorded | None]:
            self.workspace.remove_stale_temp_files()
            stamps = self.workspace.snapshot()
            if carried_start is not None:
                return stamps, *start_of(carried_start, stamps, BASELINE_FILE_LIMIT), None
            recorded = WorkspaceRecorded(step=0, files=record_files(self.workspace, stamps, stamps, BASELINE_BUDGET),
                                         bounds=BOUNDS, cut=len(stamps) >= MAX_SNAPSHOT_FILES)
            return stamps, stamps, baseline_texts(self.workspace, stamps), recorded

        now, self.history.baseline, self.baseline_texts, recorded = await asyncio.to_thread(take)
        for rel, text in self.baseline_texts.items():  # what `done` judges a file's net change from
            self.history.first_texts.setdefault(rel, text)
        self.recorded = dict(now)
        self.baseline_taken = True
        if recorded is not None:
            self.emit(recorded)

    async def begin_task(self, step: int, recorded: dict[str, FileStamp] | None = None) -> None:
        """A follow-up task's start (filed under `step`): the files that differ from the log's last
        record of them (`recorded` when the log was written by another process) are recorded as
        changed `outside` the session, and the net change and the `done` guards count from now."""
        before = self.recorded if recorded is None else recorded

        def take() -> tuple[dict[str, FileStamp], list[FileRecord], dict[str, str]]:
            now = self.workspace.snapshot(before)
            changed = changed_paths(before, now)
            files = record_files(self.workspace, now, changed, CHANGE_BUDGET) if changed else []
            return now, files, baseline_texts(self.workspace, now)

        now, files, texts = await asyncio.to_thread(take)
        self._emit(step, "outside", now, files)
        if files:
            self.history.changes += 1  # what was read before may be stale now
        self.history.baseline, self.baseline_texts = now, texts
        self.history.first_texts = dict(texts)
        self.baseline_taken = True
        self.since = "this task started"

    def stamps_with(self, paths: list[str]) -> dict[str, FileStamp]:
        """The recorded stamps, with `paths` stamped as they are now (a path gone is dropped)."""
        stamps = dict(self.recorded)
        for rel in paths:
            stamp = self.workspace.stamp(rel)
            if stamp is None:
                stamps.pop(rel, None)
            else:
                stamps[rel] = stamp
        return stamps

    def record(self, step: int, by: ChangedBy, paths: list[str]) -> None:
        """Log the files `paths` as they are now, so a rebuild can follow. On the caller's thread:
        for an undo, which has just read the same file."""
        if paths:
            stamps = self.stamps_with(paths)
            self._emit(step, by, stamps, record_files(self.workspace, stamps, paths, CHANGE_BUDGET))

    async def record_async(self, step: int, by: ChangedBy, paths: list[str],
                           stamps: dict[str, FileStamp] | None = None) -> None:
        """`record` with the file work off the event loop; `stamps`: already taken."""
        if not paths:
            return
        if stamps is None:
            stamps = await asyncio.to_thread(self.stamps_with, paths)
        files = await asyncio.to_thread(record_files, self.workspace, stamps, paths, CHANGE_BUDGET)
        self._emit(step, by, stamps, files)

    def _emit(self, step: int, by: ChangedBy, stamps: dict[str, FileStamp], files: list[FileRecord]) -> None:
        self.recorded = stamps
        if files:  # (a change only inside a tool directory is not recorded: see recording.py)
            self.emit(FilesChanged(step=step, by=by, files=files))

    def net_diff(self) -> tuple[NetChanges, str]:
        """What the session changed on disk since it started, as unified diffs (reads every file:
        call it off the UI thread)."""
        if not self.baseline_taken:  # ended while the starting state was still being recorded
            return NetChanges(), "the session ended before its starting state was recorded\n"
        net = self.workspace.net_changes(self.history.baseline)
        parts = [f"net change since {self.since}: {net.describe()}\n"]
        for path in net.created + net.modified:
            parts.append(self._diff_of(path, modified=path in net.modified))
        parts += [f"deleted: {shown_path(path)}\n" for path in net.deleted]
        return net, "".join(parts)

    def _diff_of(self, path: str, modified: bool) -> str:
        if modified and path not in self.baseline_texts:
            return f"{shown_path(path)}: changed (too large to keep its starting text for a diff)\n"
        try:
            after = self.workspace.read_text_or_none(path)
        except (WorkspaceError, PathEscape) as exc:  # a link out, a file grown too large, ...
            return f"{shown_path(path)}: changed ({exc})\n"
        if after is None:
            return f"{shown_path(path)}: changed (not a regular file now)\n"
        return self.workspace.diff(self.baseline_texts.get(path), after, path).unified
