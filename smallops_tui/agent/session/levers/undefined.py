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

import ast
import posixpath
import re
from collections.abc import Iterator
from dataclasses import dataclass

from pyflakes import checker, messages

from ...files.edits import EditPreview
from ...files.workspace import PathEscape, Workspace, WorkspaceError
from .answers import Answer

SHOWN_NAMES = 5
SHOWN_NAME_CHARS = 60
MAX_CHARS = 40_000  # larger files are not judged (both sides are checked at every write)
# Names a module has that pyflakes (as of the Python it runs on) may not know: a package's
# `__path__`, the import system's globals, builtins of later Pythons.
_KNOWN = frozenset({"__path__", "__cached__", "__loader__", "__spec__", "__package__", "__builtins__",
                    "PythonFinalizationError", "_IncompleteInputError"})
_DYNAMIC = re.compile(r"\bglobals\s*\(|\bexec\s*\(|\bbuiltins\s*\.|__builtins__|\.install\s*\(|\bvars\s*\(\s*\)")
_GUARDS = frozenset({"version_info", "platform", "PY2", "PY3", "TYPE_CHECKING", "hexversion"})
_NOQA = re.compile(r"#\s*noqa\b", re.IGNORECASE)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # Python's own line breaks (not a form feed's or U+2028's)


@dataclass(frozen=True)
class UndefinedUse:
    name: str
    line: int  # where it is first used (1-based)
    in_all: bool  # named in `__all__`, not used in code


def undefined_uses(path: str, text: str) -> list[UndefinedUse] | None:
    """The names `text` uses in code (or lists in `__all__`) that nothing in it defines, imports or
    builds in, by the rules in the module's docstring; None where it cannot be judged (it does not
    parse, it makes names at run time, it is too large, or the checker failed on it: no verdict is
    ever a refusal)."""
    if len(text) > MAX_CHARS or _DYNAMIC.search(text):
        return None
    try:
        tree = ast.parse(text, filename=path)
        # The name given is no `__init__.py`, whose `__all__` pyflakes leaves unchecked: the rules
        # above say what counts there.
        found = checker.Checker(tree, filename="module.py", withDoctest=False).messages
        bound, in_code = _bound_names(tree), _names_in_code(tree)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    except Exception:  # noqa: BLE001 - pyflakes on a tree it did not expect: no verdict, not a crash
        return None
    lines = _LINE_BREAK.split(text)
    uses: dict[str, UndefinedUse] = {}
    for message in found:
        in_all = isinstance(message, messages.UndefinedExport)
        if not (in_all or isinstance(message, messages.UndefinedName)):
            continue
        name, line = str(message.message_args[0]), int(message.lineno)
        if not name.isidentifier() or name in _KNOWN or name in bound or (not in_all and name not in in_code):
            continue
        if 0 < line <= len(lines) and _NOQA.search(lines[line - 1]):
            continue
        if in_all and "__getattr__" in bound:
            continue  # a module's __getattr__ (PEP 562) makes its exports lazily
        uses.setdefault(name, UndefinedUse(name, line, in_all))
    return sorted(uses.values(), key=lambda use: use.line)


def _bound_names(tree: ast.AST) -> set[str]:
    """Every name the module binds anywhere, in any scope, but a parameter: a parameter binds its name in
    its own function only (heldout16's z02: a new function used `syrup_litres`, a parameter of the
    function beside it, and the write was let through to fail with NameError)."""
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            bound.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            bound.update(node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            bound.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            bound.add(node.rest)
    return bound


def _names_in_code(tree: ast.AST) -> set[str]:
    """The names read outside annotations (an annotation is not evaluated under `from __future__
    import annotations`, nor as a string) and outside the body of an `if` on the Python version,
    the platform or TYPE_CHECKING (`if sys.version_info < (3,): text = unicode` runs elsewhere)."""
    return {node.id for node in _outside_annotations(tree) if isinstance(node, ast.Name)}


def _guarded(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and any(
        isinstance(part, ast.Name | ast.Attribute) and (part.id if isinstance(part, ast.Name) else part.attr) in _GUARDS
        for part in ast.walk(node.test))


def _outside_annotations(node: ast.AST) -> Iterator[ast.AST]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        for name, value in ast.iter_fields(current):
            if name in ("annotation", "returns") or (name == "body" and _guarded(current)):
                continue
            if isinstance(value, ast.AST):
                stack.append(value)
            elif isinstance(value, list):
                stack.extend(item for item in value if isinstance(item, ast.AST))


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
    if use.name not in _listed_and_defined(preview.before or ""):
        return True
    package = posixpath.dirname(preview.path)
    try:
        folder = workspace.resolve(package or ".")
        return any(entry.name == use.name or entry.name.startswith(use.name + ".") for entry in folder.iterdir())
    except (PathEscape, WorkspaceError, OSError, ValueError):
        return True  # cannot tell: not refused


def _listed_and_defined(text: str) -> set[str]:
    """The names a module's `__all__` lists (as literal strings) that it also binds."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    listed: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets) and node.value is not None:
                listed.update(item.value for item in ast.walk(node.value)
                              if isinstance(item, ast.Constant) and isinstance(item.value, str))
    return listed & _bound_names(tree)


def _told(use: UndefinedUse, text: str) -> str:
    """One line for the model: where the name is used, as it was sent."""
    lines = _LINE_BREAK.split(text)
    sent = lines[use.line - 1].strip() if 0 < use.line <= len(lines) else ""
    where = "listed in __all__" if use.in_all else "used"
    return f"- {use.name[:SHOWN_NAME_CHARS]}: {where} at line {use.line}: {sent[:160]}"
