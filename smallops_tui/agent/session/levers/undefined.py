"""`lint`'s second half: a Python edit that uses names nothing defines.

A small model rewriting a whole file leaves lines out: heldout14's x07 sent `cookclass/booking.py`
back without its imports (`COURSES` then raised NameError in every test); heldout11's u05 dropped
`GRADES`; heldout8's r07 used `argparse` and `Expense` it never imported. The file still parses, so
the syntax check lets it through, and the person is asked to approve a change that cannot run.
In the bench logs of heldout8–14, 13 of 76 Python write proposals did this; in the nine's, none of
53 (counted in the round of 6 December, evening: docs/bench.md).

pyflakes judges the names (scopes, class bodies, comprehensions, `global`, `__all__`, builtins),
which a hand-written walk would get wrong at the edges. Only names the edit *adds* to the undefined
ones count: a file that already used an undefined name (a task may be to fix exactly that) is not
refused for it.
"""

from __future__ import annotations

import ast
import posixpath
from collections.abc import Callable
from dataclasses import dataclass

from pyflakes import checker, messages

from ...files.edits import EditPreview
from ...files.workspace import PathEscape, Workspace, WorkspaceError
from .answers import Answer

SHOWN_NAMES = 5


@dataclass(frozen=True)
class UndefinedUse:
    name: str
    line: int  # where it is first used (1-based)
    in_all: bool  # named in `__all__`, not used in code


def undefined_uses(path: str, text: str, submodule: Callable[[str], bool] = lambda name: False,
                   ) -> list[UndefinedUse] | None:
    """The names `text` uses (or lists in `__all__`) that nothing defines, imports or builds in;
    None where it does not parse or cannot be judged (it is hostile input: any failure of the
    checker is no verdict, never a refusal). In a package's `__init__.py`, `__all__` may name a
    submodule (`submodule(name)` says which), which `import *` imports."""
    try:
        tree = ast.parse(text, filename=path)
        # pyflakes leaves `__all__` unchecked in any `__init__.py` for the submodules' sake; the
        # name given here is not one, and submodules are left out below instead.
        found = checker.Checker(tree, filename="module.py").messages
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    except Exception:  # noqa: BLE001 - pyflakes on a tree it did not expect: no verdict, not a crash
        return None
    uses: dict[str, UndefinedUse] = {}
    for message in found:
        if isinstance(message, (messages.UndefinedName, messages.UndefinedExport)):
            name = str(message.message_args[0])
            if isinstance(message, messages.UndefinedExport) and _is_init(path) and submodule(name):
                continue
            uses.setdefault(name, UndefinedUse(name, int(message.lineno),
                                               isinstance(message, messages.UndefinedExport)))
    return sorted(uses.values(), key=lambda use: use.line)


def names_left_undefined(preview: EditPreview | None, workspace: Workspace) -> Answer | None:
    """A Python edit after which the file uses names that nothing defines, where it did not before."""
    if preview is None or preview.no_op or not preview.path.endswith(".py"):
        return None
    package = posixpath.dirname(preview.path)

    def submodule(name: str) -> bool:
        try:
            return any(workspace.resolve(posixpath.join(package, place)).exists() for place in (name + ".py", name))
        except (PathEscape, WorkspaceError, OSError, ValueError):
            return False

    after = undefined_uses(preview.path, preview.after, submodule)
    before = undefined_uses(preview.path, preview.before, submodule) if preview.before is not None else []
    if not after or before is None:
        return None  # unparsable before: the edit may be a step of a fix; unparsable after: the syntax check's
    known = {use.name for use in before}
    new = [use for use in after if use.name not in known]
    if not new:
        return None
    shown = new[:SHOWN_NAMES]
    names = ", ".join(use.name for use in shown) + (" …" if len(new) > SHOWN_NAMES else "")
    lines = "\n".join(_told(use, preview.after) for use in shown)
    return Answer(f"lint: the model's edit of {preview.path} uses {names}, which nothing in it defines; answered "
                  "without a proposal",
                  f"Not written: after that edit, {preview.path} uses names nothing in it defines or imports, so it "
                  f"would fail with NameError:\n{lines}\nwrite_file replaces the whole file: send all of it again, with "
                  "the imports and definitions these names need.", rejects=True)


def _is_init(path: str) -> bool:
    return posixpath.basename(path) == "__init__.py"


def _told(use: UndefinedUse, text: str) -> str:
    """One line for the model: where the name is used, as it was sent."""
    lines = text.splitlines()
    sent = lines[use.line - 1].strip() if 0 < use.line <= len(lines) else ""
    where = "listed in __all__" if use.in_all else "used"
    return f"- {use.name}: {where} at line {use.line}: {sent[:160]}"
