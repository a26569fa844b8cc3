"""What a file defines, read by a pattern (a Python `def`/`class`, a JavaScript `function`, an exported
name), and the words of a task that may mean to remove what it does not name: shared by the
`dropped` lever (levers/keep.py), which answers an edit that loses a definition, and the GONE check
at `done` (kept_checks.py). And a parsed Python module's functions and methods, for the checks
that judge them one by one (UNTESTED in test_evidence.py, UNHINTED in hint_checks.py)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

Function = ast.FunctionDef | ast.AsyncFunctionDef

_DEFINITION = re.compile(
    r"^[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)|^class[ \t]+(\w+)"
    r"|^(?:export[ \t]+)?(?:default[ \t]+)?(?:async[ \t]+)?function\*?[ \t]+(\w+)"
    r"|^export[ \t]+(?:const|let|var|class)[ \t]+(\w+)", re.MULTILINE)
# A task that may mean to remove what it does not name ("remove the unused functions").
# "Take the `--fax` option out of …" (heldout30's c10: GONE flagged the fax code it asked removed).
REMOVING = re.compile(r"\b(remove|delete|drop|unused|dead|clean|rewrite|replace|refactor|merge|inline|split|move"
                      r"|take\s+(?:(?!\d+\b)[^\s.!?]+\s+){0,8}?(?:out|away)\b|get rid of|strip out|rip out)",
                      re.IGNORECASE)
# What a task quotes: text it names, not what it asks (`the "Removed in 1.4.0" notes`). A quote
# is at most one line and 200 characters; a lone apostrophe ("don't", "the shop's") opens none.
_QUOTED = re.compile(r'"[^"\n]{0,200}"|`[^`\n]{0,200}`|(?<!\w)\'[^\'\n]{0,200}\'(?!\w)')


def module_files(module: str) -> tuple[str, str]:
    """The files `python -m a.b` may run: a/b.py, or the package a/b's __main__.py (module_name's
    inverse, for a command)."""
    path = module.replace(".", "/")
    return f"{path}.py", f"{path}/__main__.py"


def module_name(rel: str) -> str | None:
    """The dotted name a Python file is imported by (`pond/score.py` -> `pond.score`, a package's
    `__init__.py` its package, `src/` left off as its runners put it on the path), or None where a
    part is no identifier."""
    if not rel.endswith(".py"):
        return None
    parts = rel[:-3].split("/")
    if parts[0] == "src" and len(parts) > 1:
        parts = parts[1:]
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts) if parts and all(part.isidentifier() for part in parts) else None


def unquoted(task: str) -> str:
    """The task with what it quotes blanked out (its length kept)."""
    return _QUOTED.sub(lambda match: " " * len(match.group()), task)


# A value that drops or moves ("the beads class drops to £40", "judging moves to 14:30"): no
# removal. heldout23's d07 wrote its INI without the [DEFAULT] header under "drops to £40", and
# neither `dropped` nor GONE spoke, both reading "drops" as removing.
_VALUE_CHANGE = re.compile(r"\b(?:drop|move)(?:s|d|ped|ping|ing)?\s+(?:(?:down|up|back)\s+)?(?:to|by|below|under|from)\s+"
                           r"(?:[£$€]\s?)?\d", re.IGNORECASE)


def may_remove(task: str) -> bool:
    """Whether the task, outside what it quotes, may mean to remove what it does not name."""
    return REMOVING.search(_VALUE_CHANGE.sub(" ", unquoted(task))) is not None


def python_tree(text: str) -> ast.Module | None:
    """The text parsed as Python, or None where it does not parse: hostile text (a NUL byte, nesting
    past the recursion limit) is no parse either, never a crash."""
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def definitions(text: str) -> list[str]:
    """The names defined in `text`, in order (functions, classes, exported names)."""
    return [next(g for g in m.groups() if g) for m in _DEFINITION.finditer(text)]


def functions_and_methods(tree: ast.Module) -> Iterator[tuple[str, Function, bool]]:
    """(name, node, whether it is a method) of a module's functions and its classes' methods, in
    order; a method is named `Class.name`."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node.name, node, False
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    yield f"{node.name}.{item.name}", item, True
