"""`lint`'s second half: a whole-file write of Python that uses names nothing defines.

A small model rewriting a whole file leaves lines out: heldout14's x07 sent `cookclass/booking.py`
back without its imports (`COURSES` then raised NameError in every test); heldout11's u05 dropped
`GRADES`; heldout8's r07 used `argparse` and `Expense` it never imported. The file still parses, so
the syntax check lets it through, and the person is asked to approve a change that cannot run.
In the bench logs of heldout8–14, 12 of 76 Python write proposals did this; in the nine's, none of
53 (counted in the round of 6 December, evening: docs/bench.md).

pyflakes judges the names (scopes, class bodies, comprehensions, `global`, builtins), which a
hand-written walk would get wrong at the edges. The check refuses what the person would approve,
so it leans to letting code through (an attacker's review listed the idioms it must not refuse):

- only names the write *adds* to the undefined ones count: a file that already used an undefined
  name (a task may be to fix exactly that) is not refused for it;
- a name bound anywhere in the file but as a parameter (a conditional definition, a helper deleted
  after use, a class attribute), used only in annotations or under an `if` on the Python version, the platform or
  TYPE_CHECKING, or on a `# noqa` line does not count;
- a file that makes names at run time (`globals()`, `exec`, `builtins.`, gettext's `install`) is
  not judged, nor one over MAX_CHARS (pyflakes is quadratic on some shapes: hostile input);
- `__all__` counts only names that are identifiers, in a module with no `__getattr__`; in a
  package's `__init__.py`, only a name the file had in `__all__` and defined, and that is no
  submodule (a package's `__all__` may name its submodules, written or not yet);
- only a `write_file`: an edit step (`replace_text`) may use a name the next step imports.
"""

from __future__ import annotations

import posixpath

from ...files.edits import EditPreview
from ...files.workspace import PathEscape, Workspace, WorkspaceError
from ..undefined_names import LINE_BREAK, SHOWN_NAME_CHARS, SHOWN_NAMES, UndefinedUse, listed_and_defined, undefined_uses
from .answers import Answer


def names_left_undefined(preview: EditPreview | None, workspace: Workspace) -> Answer | None:
    """A whole-file Python write after which the file uses names that nothing defines, where it
    did not before (the caller passes only a write_file's preview)."""
    if preview is None or preview.no_op or not preview.path.endswith(".py"):
        return None
    after = undefined_uses(preview.path, preview.after)
    before = undefined_uses(preview.path, preview.before) if preview.before is not None else []
    if not after or before is None:
        return None  # unparsable before: the edit may be a step of a fix; unparsable after: the syntax check's
    known = {use.name for use in before}
    new = [use for use in after if use.name not in known and not _export_left(use, preview, workspace)]
    if not new:
        return None
    shown = new[:SHOWN_NAMES]
    names = ", ".join(use.name[:SHOWN_NAME_CHARS] for use in shown) + (" …" if len(new) > SHOWN_NAMES else "")
    lines = "\n".join(_told(use, preview.after) for use in shown)
    return Answer(f"lint: the model's edit of {preview.path} uses {names}, which nothing in it defines; answered "
                  "without a proposal",
                  f"Not written: after that edit, {preview.path} uses names nothing in it defines or imports, so it "
                  f"would fail (NameError, or AttributeError on `import *` for a name in __all__):\n{lines}\n"
                  "write_file replaces the whole file: send all of it again, with the imports and definitions "
                  "these names need.", rejects=True)


def _export_left(use: UndefinedUse, preview: EditPreview, workspace: Workspace) -> bool:
    """Whether a name in a package's `__all__` is left alone: one the file did not list and define
    before, or a submodule (a file or folder of that name beside it, of any suffix)."""
    if not use.in_all or posixpath.basename(preview.path) != "__init__.py":
        return False
    if use.name not in listed_and_defined(preview.before or ""):
        return True
    package = posixpath.dirname(preview.path)
    try:
        folder = workspace.resolve(package or ".")
        return any(entry.name == use.name or entry.name.startswith(use.name + ".") for entry in folder.iterdir())
    except (PathEscape, WorkspaceError, OSError, ValueError):
        return True  # cannot tell: not refused


def _told(use: UndefinedUse, text: str) -> str:
    """One line for the model: where the name is used, as it was sent."""
    lines = LINE_BREAK.split(text)
    sent = lines[use.line - 1].strip() if 0 < use.line <= len(lines) else ""
    where = "listed in __all__" if use.in_all else "used"
    return f"- {use.name[:SHOWN_NAME_CHARS]}: {where} at line {use.line}: {sent[:160]}"
