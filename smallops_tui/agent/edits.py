"""What an edit action would make of a file: before, after and the diff — computed, not applied.

The same preview feeds the risk rules, the guards, the diff pane and the executor, so what
the person approves is exactly what gets written.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, InsertLines, ReplaceLines, WriteFile
from .workspace import FileDiff, PathEscape, Workspace, WorkspaceError, diff_texts, split_lines


class EditError(ValueError):
    """The edit cannot be applied as written (bad line range, missing file, ...)."""


@dataclass(frozen=True)
class EditPreview:
    path: str  # relative to the workspace root
    before: str | None  # None: the file does not exist yet
    after: str
    diff: FileDiff

    @property
    def is_new_file(self) -> bool:
        return self.before is None

    @property
    def no_op(self) -> bool:
        return self.before == self.after


def _with_newline(text: str) -> str:
    return text if not text or text.endswith("\n") else text + "\n"


def apply_line_edit(action: ReplaceLines | InsertLines, before: str) -> str:
    """The text after a line edit; EditError with a plain sentence if the range is wrong."""
    lines = split_lines(before)
    count = len(lines)
    new_lines = split_lines(_with_newline(action.content))
    if isinstance(action, ReplaceLines):
        if action.start > action.end:
            raise EditError(f"start ({action.start}) is after end ({action.end})")
        if action.end > count:
            raise EditError(
                f"lines {action.start}-{action.end} do not exist: {action.path} has {count} line"
                f"{'s' if count != 1 else ''}"
            )
        result = lines[: action.start - 1] + new_lines + lines[action.end:]
    else:
        if action.after > count:
            raise EditError(
                f"cannot insert after line {action.after}: {action.path} has {count} line{'s' if count != 1 else ''}"
            )
        head = lines[: action.after]
        if head and not head[-1].endswith("\n"):
            head[-1] += "\n"  # inserting after a last line that had no newline
        result = head + new_lines + lines[action.after:]
    return "".join(result)


def preview_edit(action: Action, workspace: Workspace) -> EditPreview:
    """Before/after/diff of an edit action. Raises PathEscape or EditError."""
    if not isinstance(action, (WriteFile, ReplaceLines, InsertLines)):
        raise TypeError(f"{action.action} is not an edit")
    target = workspace.resolve(action.path)
    rel = workspace.relative(action.path)
    if target.is_dir():
        raise EditError(f"{rel} is a directory")
    try:
        before = workspace.read_text_or_none(action.path)
    except WorkspaceError as exc:
        raise EditError(str(exc)) from None
    if isinstance(action, WriteFile):
        after = action.content
    else:
        if before is None:
            raise EditError(f"{rel} does not exist; {action.action} only edits an existing file")
        after = apply_line_edit(action, before)
    return EditPreview(rel, before, after, diff_texts(before, after, rel))


def try_preview(action: Action, workspace: Workspace) -> tuple[EditPreview | None, str | None]:
    """(preview, None) for a valid edit; (None, reason) for one that cannot be applied."""
    try:
        return preview_edit(action, workspace), None
    except (PathEscape, EditError) as exc:
        return None, str(exc)
