"""`ran`: after a command that may write, the model is told what it changed in the workspace.

A command's feedback was its exit code and its output. `sed -i` that matches nothing exits 0 and
prints nothing, and the model took it for the edit it meant (held-out n05: `s/posts_per_page: 3/…/`
over a JSON file whose line reads `"posts_per_page": 3`; the model said done on a workspace that
had not changed). Under dash, `echo -e 'x' >> f` writes `-e x`, and "exited with code 0" says
nothing of it (the nine's r6). The workspace is stamped around every command anyway (for undo):
this says what that found, the diff of each changed text file, or that no file changed. A
read-only command (LOW) is told nothing more.
"""

from __future__ import annotations

import ast
import json

from ...files.command_undo import Capture, Entry
from ...files.diffs import diff_texts, escaped_name
from ...files.workspace import PathEscape, Workspace, WorkspaceError
from ..decisions import Proposal
from ..prompts import clip
from .opening import count_lines

MAX_FILES = 5  # files whose diff is shown; the rest are named
DIFF_CHARS = 1_500  # characters of one file's diff


def _text(data: bytes | None) -> str | None:
    if data is None:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _exists(workspace: Workspace, path: str) -> bool:
    try:
        return workspace.resolve(path).exists()
    except (PathEscape, WorkspaceError, OSError):
        return False


def _copy_of(path: str, now: str | None, before: dict[str, Entry]) -> str:
    """", byte for byte a copy of X" where a new file holds exactly what a file held before the
    command: that a copy is exact is what a copy task asks, and a line count did not say it (the
    nine's r2, told "copy.txt is new (3 lines)", retyped the file it had just copied)."""
    if not now:
        return ""
    data = now.encode("utf-8")
    same = sorted(other for other, entry in before.items()
                  if other != path and entry.kind == "file" and entry.data == data)
    return f", byte for byte a copy of {escaped_name(same[0])}" if same else ""


def command_changes(proposal: Proposal, changed: list[str], kept: Capture | str | None, workspace: Workspace) -> str:
    """What a command changed, for the model ("" for a read-only command)."""
    if proposal.verdict is not None and proposal.verdict.level == "LOW":
        return ""
    if not changed:
        return "It changed no file in the workspace."
    before = kept.entries if isinstance(kept, Capture) else {}
    parts = [f"It changed {len(changed)} file{'s' if len(changed) != 1 else ''} in the workspace: "
             f"{', '.join(escaped_name(p) for p in changed[:20])}{' …' if len(changed) > 20 else ''}."]
    for path in changed[:MAX_FILES]:
        entry = before.get(path)
        old = _text(entry.data) if entry is not None and entry.kind == "file" else None
        try:
            now = workspace.read_text_or_none(path)
        except (PathEscape, WorkspaceError, OSError, UnicodeDecodeError):
            now = None
        name = escaped_name(path)
        if entry is None:
            # A file it made: its lines, not a diff of all of them (a `cp` shown line by line read as
            # something still to do: the nine's r2 went on copying to the step cap).
            lines = count_lines(now) if now is not None else None
            parts.append(f"{name} is new" + (f" ({lines} line{'s' if lines != 1 else ''})" if lines is not None else "")
                         + _copy_of(path, now, before) + ".")
        elif now is None and not _exists(workspace, path):
            parts.append(f"{name} was deleted.")
        elif old is not None and now is not None and (diff := diff_texts(old, now, path).unified):
            parts.append(f"The diff of {name}:\n{clip(diff, DIFF_CHARS)}")
            if broken := _broken_by(path, old, now):
                parts.append(f"After it, {name} no longer parses ({broken}): put that right before anything else.")
    return "\n".join(parts)


def _broken_by(path: str, old: str, now: str) -> str:
    """The parse error a command brought into a Python or JSON file that parsed before it ("" if none).
    heldout20's r04 ran `sed -i 's/CORNER_WASTE/4/'`, which made `4 = 6` of a definition; it was
    shown the diff, said done, and every test failed to import. An edit is answered so by `lint`."""
    try:
        if path.endswith(".py"):
            ast.parse(old)
        elif path.endswith(".json"):
            json.loads(old)
        else:
            return ""
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ""  # broken already: not this command's doing
    try:
        if path.endswith(".py"):
            ast.parse(now)
        else:
            json.loads(now)
    except SyntaxError as error:
        return f"SyntaxError at line {error.lineno}: {error.msg}"
    except ValueError as error:
        return f"{type(error).__name__}: {error}"
    except (RecursionError, MemoryError):
        return ""
    return ""
