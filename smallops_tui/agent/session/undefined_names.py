"""The names a Python text uses that nothing in it defines, imports or builds in, judged by pyflakes.

A small model rewriting a whole file leaves lines out: heldout14's x07 sent `cookclass/booking.py`
back without its imports (`COURSES` then raised NameError in every test); heldout11's u05 dropped
`GRADES`; heldout8's r07 used `argparse` and `Expense` it never imported. The file still parses.
The `lint` lever answers such a write (levers/undefined.py); the checks at `done` read the net change
with it too (UNDEFINED), where a command, not a write, made the file.

pyflakes judges the names (scopes, class bodies, comprehensions, `global`, builtins), which a
hand-written walk would get wrong at the edges. Both users lean to letting code through (an
attacker's review listed the idioms they must not refuse):

- a name bound anywhere in the file but as a parameter (a conditional definition, a helper deleted
  after use, a class attribute), used only in annotations or under an `if` on the Python version, the platform or
  TYPE_CHECKING, or on a `# noqa` line does not count;
- a file that makes names at run time (`globals()`, `exec`, `builtins.`, gettext's `install`) is
  not judged, nor one over MAX_CHARS (pyflakes is quadratic on some shapes: hostile input);
- `__all__` counts only names that are identifiers, in a module with no `__getattr__`.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from pyflakes import checker, messages

from .definitions import python_tree

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
LINE_BREAK = re.compile(r"\r\n|\r|\n")  # Python's own line breaks (not a form feed's or U+2028's)


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
    lines = LINE_BREAK.split(text)
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


def listed_and_defined(text: str) -> set[str]:
    """The names a module's `__all__` lists (as literal strings) that it also binds."""
    tree = python_tree(text)
    if tree is None:
        return set()
    listed: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets) and node.value is not None:
                listed.update(item.value for item in ast.walk(node.value)
                              if isinstance(item, ast.Constant) and isinstance(item.value, str))
    return listed & _bound_names(tree)
