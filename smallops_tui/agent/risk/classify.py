"""Hard-coded risk rules. The model's opinion of its own action never counts.

The rules are data: `RULES` (risk/rules.py) maps each rule id to its level and reason, and the
command tables (command_tables.py) say which programs, options and operands trigger which rule.
`classify()` collects every rule that fires; the verdict's level is the highest among them, so
an action is as risky as its riskiest part. Commands fail closed: only an invocation
positively recognised as read-only is LOW (command_risk.py). A path outside the workspace is
refused outright, not just flagged.
"""

from __future__ import annotations

import difflib
import os

from ..reply.actions import EDIT_TYPES, Action, Done, ListDir, ReadFile, RunCommand, path_problem
from .command_risk import classify_command
from .command_tables import COMMAND_RULES, CommandPattern
from ..files.edits import EditPreview, try_preview
from .rules import LEVELS, RULES, Findings, Level, RiskVerdict, Rule, one_level_higher
from ..files.startup_files import VCS_DIRS, runs_later
from ..files.syntax import changed_line_kinds
from ..files.linediff import split_lines
from ..files.workspace import PathEscape, Workspace

__all__ = ["COMMAND_RULES", "CommandPattern", "LEVELS", "Level", "RULES", "RiskVerdict", "Rule", "classify",
           "one_level_higher", "wiped_lines"]

# A rewrite is destructive when it wipes at least half of a file's lines and at least this many:
# a one-line fix in a two-line file is a fix, not a wipe.
WIPE_MIN_LINES = 5
# A replaced line whose replacement is at least this similar was edited, not wiped.
EDITED_LINE_SIMILARITY = 0.5



def classify(action: Action, workspace: Workspace, preview: EditPreview | None = None) -> RiskVerdict:
    """The risk of an action in a workspace, by the hard-coded rules alone.

    `preview` is the edit's before/after/diff when the caller has it already (it is computed once
    per proposal and shared by the risk rules, the guards and the diff view).
    """
    found = Findings()
    if isinstance(action, RunCommand):
        classify_command(action.command, workspace, found)
        return found.verdict()
    if isinstance(action, Done):
        found.add("done.claim")
        return found.verdict()
    if problem := path_problem(action.path):  # actions are checked when made; one built unchecked is refused here
        found.add("path.control_characters", problem)
        return found.verdict()
    try:
        rel = workspace.relative(action.path)
    except PathEscape as exc:
        found.add("path.outside_workspace", str(exc))
        return found.verdict()
    if isinstance(action, ReadFile):
        found.add("read.file", rel)
    elif isinstance(action, ListDir):
        found.add("read.listing", rel)
    elif isinstance(action, EDIT_TYPES):
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
    return found.verdict()


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
            found.add("edit.destructive_rewrite", f"{wiped} of {old_lines} lines of {preview.path} wiped")
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
