"""The risk of an edit (write_file and the line and text edits), from its preview: where it writes,
how much of the file it wipes, and what kind of lines it changes. The shell is never read here.

A rewrite is destructive when it wipes at least half of a file's lines and at least
WIPE_MIN_LINES; a file that runs when called (executable, or `#!`) is code whatever its name.
"""

from __future__ import annotations

import difflib
import os

from ..files.edits import EditPreview, try_preview
from ..files.linediff import split_lines
from ..files.startup_files import VCS_DIRS, runs_later
from ..files.syntax import changed_line_kinds
from ..files.workspace import PathEscape, Workspace
from ..reply.kinds import EditAction
from .rules import DESTRUCTIVE_REWRITE, Findings

# A rewrite is destructive when it wipes at least half of a file's lines and at least this many:
# a one-line fix in a two-line file is a fix, not a wipe.
WIPE_MIN_LINES = 5
# A replaced line whose replacement is at least this similar was edited, not wiped.
EDITED_LINE_SIMILARITY = 0.5


def judge_edit(action: EditAction, rel: str, workspace: Workspace, preview: EditPreview | None,
               found: Findings) -> None:
    """The findings of an edit of `rel` (the action's path, inside the workspace)."""
    if any(part in VCS_DIRS for part in rel.split("/")):  # nested repos too: vendor/x/.git/hooks
        found.add("path.vcs_internals", rel)
    elif why := runs_later(workspace.root, rel, workspace.protected):
        found.add("write.runs_later", why)
    error = None
    if preview is None:
        preview, error = try_preview(action, workspace)
    if preview is None:
        found.add("edit.cannot_apply", error or "")
    else:
        _classify_edit(preview, found, script=_is_script(workspace, rel, preview))


def wiped_lines(before: str, after: str, opcodes: tuple[tuple[str, int, int, int, int], ...] = (),
                at_least: int | None = None) -> int:
    """How many of `before`'s lines the edit wipes: deleted, or replaced by something unlike them
    (a line changed in place, such as `a - b` -> `a + b`, is edited, not wiped).

    With `at_least`, counting stops as soon as the count can no longer reach it (what is
    returned is then below it, not exact): a 1,000-line edit of a 5,000-line file cannot wipe
    half of it, and comparing each of its lines costs a tenth of a second."""
    old, new = split_lines(before), split_lines(after)
    codes = opcodes or tuple(difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes())
    wiped = 0
    left = sum(i2 - i1 for tag, i1, i2, _, _ in codes if tag in ("delete", "replace"))  # lines not yet judged
    for tag, i1, i2, j1, j2 in codes:
        if at_least is not None and wiped + left < at_least:
            return wiped
        if tag == "delete":
            wiped += i2 - i1
            left -= i2 - i1
        elif tag == "replace":
            for k in range(i2 - i1):
                left -= 1
                replacement = new[j1 + k] if j1 + k < j2 else None
                if replacement is None or _unlike(old[i1 + k], replacement):
                    wiped += 1
    return wiped


def _unlike(line: str, replacement: str) -> bool:
    """Less similar than EDITED_LINE_SIMILARITY; the cheap upper bounds of the ratio first."""
    matcher = difflib.SequenceMatcher(None, line, replacement)
    return (matcher.real_quick_ratio() < EDITED_LINE_SIMILARITY or matcher.quick_ratio() < EDITED_LINE_SIMILARITY
            or matcher.ratio() < EDITED_LINE_SIMILARITY)


def _is_script(workspace: Workspace, rel: str, preview: EditPreview) -> bool:
    """A file that runs when called, whatever its name says: executable, or starting with `#!`
    (before or after the edit). Its contents are code even when they look like text."""
    if any(text is not None and text.startswith("#!") for text in (preview.before, preview.after)):
        return True
    try:
        target = workspace.resolve(rel)
        return target.is_file() and os.access(target, os.X_OK)
    except (PathEscape, OSError):
        return False


def _classify_edit(preview: EditPreview, found: Findings, script: bool = False) -> None:
    if preview.no_op:
        found.add("edit.no_change", preview.path)
        return
    kinds = changed_line_kinds(preview.path, preview.before, preview.after, preview.diff.opcodes or None)
    if preview.before is not None and preview.after is not None:
        old_lines = len(preview.before.splitlines())
        wiped = wiped_lines(preview.before, preview.after, preview.diff.opcodes,
                            at_least=max(WIPE_MIN_LINES, (old_lines + 1) // 2))
        if wiped >= WIPE_MIN_LINES and wiped * 2 >= old_lines:
            found.add(DESTRUCTIVE_REWRITE, f"{wiped} of {old_lines} lines of {preview.path} wiped")
    if preview.is_new_file:
        if (kinds.is_code and kinds.has_code_lines) or script:
            found.add("write.new_code_file", preview.path)
        else:
            found.add("write.new_text_file", preview.path)
        if kinds.control_flow:
            found.add("edit.control_flow", ", ".join(sorted(kinds.control_flow)))
        return
    if kinds.control_flow:
        found.add("edit.control_flow", ", ".join(sorted(kinds.control_flow)))
    elif kinds.cosmetic_only and not script:
        found.add("edit.cosmetic", preview.path)
    elif kinds.is_code or script:
        found.add("edit.code", preview.path)
    else:
        found.add("edit.text", preview.path)
