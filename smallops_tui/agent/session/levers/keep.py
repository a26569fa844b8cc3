"""Answers for edits that lose what the task did not ask to lose, or keep what it asks to lose
(`dropped`, `rename`, `remove`).

A small model asked to add a function to a module writes the module anew with only the new
function; asked to rename a file, it writes the new file from memory (its list markers lost) and
leaves the old one. Both are answered before the person sees them:
- `dropped`: an edit that removes a definition (a Python `def`/`class`, a JavaScript `function`, an
  exported name) the task does not name, so nothing the task did not mention disappears;
- `rename`: a task that says to rename or move file A to B, answered at a write of B with the `mv`
  that does it exactly;
- `remove`: a task that says to delete a file, answered at an edit of that file with the `rm`.
"""

from __future__ import annotations

import re
import shlex

from ...files.edits import EditPreview
from ...files.workspace import PathEscape, Workspace, WorkspaceError
from ..definitions import definitions, may_remove, unquoted
from ..task_checks import files_to_be_gone
from ..kept_checks import SECTIONED_SUFFIXES, RENAMING, outline
from .answers import Answer

# "rename the module sled/util.py to sled/timing.py" too (heldout30's c07: only "the file" was read).
_RENAME = re.compile(r"\b(?:rename|move)\s+(?:the\s+(?:file|module|script|config(?:uration)?(?:\s+file)?)\s+)?"
                     r"[`'\"]?([\w./-]+)[`'\"]?\s+(?:to|into|as)\s+"
                     r"[`'\"]?([\w./-]*[\w/])[`'\"]?", re.IGNORECASE)


# Documents whose parts an edit must not lose unasked: configuration files' sections and keys, a
# JSON object's keys, an ignore file's patterns (heldout12's v03, asked to add a room to rooms.json,
# wrote the rooms alone: its "defaults", which every room reads, were gone and 2 of 6 tests failed).
# A Markdown file's headings are GONE's at done only: a rewrite of a README moves them about.
_KEPT_PARTS = (*SECTIONED_SUFFIXES, ".json", ".gitignore", ".dockerignore")


# A task that reshapes a document may well take parts out without saying "remove": "clear the
# cache", "reset .gitignore to ignore only …", "switch the database to postgres", "convert the keys".
_RESHAPING = re.compile(r"\b(?:clear|reset|switch|convert|migrate|empty|wipe|purge|prune|trim|restructure|"
                        r"reorgani[sz]e|flatten|simplify|consolidate|only|instead)\b", re.IGNORECASE)


def _lost_parts(task: str, path: str, before: str, after: str, named: set[str]) -> list[str]:
    """The sections, keys or patterns of a kept document that the edit removes and the task does
    not name ('defaults.min_players': named when the task names min_players)."""
    kind = outline(path) if path.lower().endswith(_KEPT_PARTS) else None
    if kind is None or RENAMING.search(unquoted(task)) or _RESHAPING.search(unquoted(task)):
        return []
    start, end = kind.parts(before), kind.parts(after)
    if start is None or end is None:
        return []  # unreadable before, or now (lint's and the tests' concern)
    kept = set(end)
    return [f"'{part}'" for part in dict.fromkeys(start) if part not in kept and not _named(part, named)]


def _named(part: str, named: set[str]) -> bool:
    """Whether the task names a part by its own last word (`[dry] minutes`: minutes)."""
    words = re.findall(r"\w+", part)
    return bool(words) and words[-1] in named


def dropped_definitions(task: str, preview: EditPreview | None) -> Answer | None:
    """An edit that removes definitions (or a configuration's sections and keys) the task does not name."""
    if preview is None or preview.no_op or preview.before is None or may_remove(task):
        return None
    after = set(definitions(preview.after))
    named = set(re.findall(r"\w+", task))
    lost = [name for name in dict.fromkeys(definitions(preview.before)) if name not in after and name not in named]
    lost += _lost_parts(task, preview.path, preview.before, preview.after, named)
    if not lost:
        return None
    names = ", ".join(lost[:5]) + (" …" if len(lost) > 5 else "")
    return Answer(f"dropped: the model's edit of {preview.path} removes {names}, which the task does not name; answered",
                  f"Not written: that edit removes {names} from {preview.path}, and the task does not ask to remove "
                  f"{'it' if len(lost) == 1 else 'them'}. Contents of {preview.path} now:\n{preview.before}\n"
                  f"Write the whole file again: everything that is there, with the task's change.", rejects=True)


def retyped_rename(task: str, workspace: Workspace, preview: EditPreview | None) -> Answer | None:
    """A write of the file a task says another file is to be renamed (or moved) to."""
    if preview is None or not preview.is_new_file:
        return None
    for match in _RENAME.finditer(task):
        source, target = match.group(1), match.group(2)
        try:
            if workspace.relative(source) == preview.path or not workspace.resolve(source).is_file():
                continue
            if target.endswith("/") or workspace.resolve(target).is_dir():
                target = target.rstrip("/") + "/" + source.rsplit("/", 1)[-1]
            if workspace.relative(target) != preview.path:
                continue
        except (PathEscape, WorkspaceError, OSError):
            continue
        command = f"mv {shlex.quote(source)} {shlex.quote(preview.path)}"
        return Answer(f"rename: the model wrote {preview.path} instead of renaming {source}; answered with the mv",
                      f"Not written: the task renames {source} to {preview.path}, and a file written anew is not "
                      f"{source} renamed (its content would have to be retyped exactly, and {source} would stay). "
                      f"Use run_command: {command}", rejects=True)
    return None


# A task that moves or renames a file may mean it edited on the way (its imports, then the mv).
_MOVES = re.compile(r"\b(?:rename[ds]?|renaming|move[ds]?|moving|mv|split\w*|merg\w*)\b", re.IGNORECASE)


def edited_removal(task: str, workspace: Workspace, preview: EditPreview | None) -> Answer | None:
    """An edit of a file the task says to delete (heldout31's i10: asked to remove `python -m
    yachts.oldlist` with its test, the model wrote README text over yachts/oldlist.py three times and
    never deleted it). Answered with the `rm` of every file the task deletes that is still there."""
    if preview is None or preview.is_new_file or _MOVES.search(task):
        return None
    gone = files_to_be_gone(task)
    if preview.path not in gone:
        return None
    there = []
    for rel in gone:
        try:
            if workspace.resolve(rel).is_file():
                there.append(rel)
        except (PathEscape, WorkspaceError, OSError):
            continue
    command = "rm " + " ".join(shlex.quote(rel) for rel in there or [preview.path])
    return Answer(f"remove: the model edited {preview.path}, which the task says to delete; answered with the rm",
                  f"Not written: the task asks for {preview.path} to be deleted, and an edit keeps it. Use "
                  f"run_command: {command}", rejects=True)


_SPELLED_FILE = re.compile(r"(?<![\w./-])((?:[\w.-]+/)*[\w-][\w.-]*\.[A-Za-z0-9]+)(?![\w/-])")


def named_elsewhere(task: str, preview: EditPreview | None) -> Answer | None:
    """A new file whose name the task spells (`counter.py`), written in a folder the task does not
    mention (`src/counter.py`): in a real project, the model put the task's new file beside the
    project's own sources. Answered with the path the task gives."""
    if preview is None or not preview.is_new_file:
        return None
    folder, _, name = preview.path.rpartition("/")
    if not folder:
        return None
    spelled = [m.group(1) for m in _SPELLED_FILE.finditer(task)]
    if preview.path in spelled or any(part in task for part in folder.split("/")):
        return None
    named = [s for s in spelled if s.rsplit("/", 1)[-1] == name]
    if not named:
        return None
    return Answer(f"where: the model wrote the task's {named[0]} as {preview.path}; answered with the task's path",
                  f"Not written: the task names {named[0]}, not {preview.path}. Write it where the task says: "
                  f"{named[0]}.", rejects=True)
