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
REMOVING = re.compile(r"\b(remove|delete|drop|unused|dead|clean|rewrite|replace|refactor|merge|inline|split|move)",
                       re.IGNORECASE)


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
