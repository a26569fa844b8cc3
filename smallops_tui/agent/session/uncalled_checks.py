"""UNCALLED: a function or class the session added that nothing calls, imports or names.

A small model asked to change how a program behaves often writes the new behaviour beside the old
code under a name of its own, and nothing runs it: heldout27's kit has `find_species_any_case` in a
new module with `bonsai.care` still calling `find_species`; heldout26's l04 wrote a stub
parse_order.py next to turnery/orders.py; heldout16's z02 wrote a second `syrup_yield`. The tests
pass (they call the old code), and the summary says the change is made. A person reading the diff
asks who calls the new function.

Only top-level functions and classes of the Python files the session made or changed count, that no
file of the start defined; a name the task gives (it asked for that function), `main`, a test, and
a file of tests are not judged; a name used anywhere in the workspace's text but its definition
(a call, an import, `__all__`, an entry point in pyproject.toml, a README) is a use. The code is
parsed, never run.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping

from .definitions import python_tree
from .project_tests import is_test_path

SHOWN = 3
_NOT_JUDGED = frozenset({"main", "cli", "run", "app"})


def _added(text: str, start_names: set[str]) -> list[tuple[str, int]]:
    """(name, line) of the top-level functions and classes of `text` that no file defined at the start."""
    tree = python_tree(text)
    if tree is None:
        return []
    return [(node.name, node.lineno) for node in tree.body
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            and node.name not in start_names and not node.name.startswith("test") and node.name not in _NOT_JUDGED
            and not node.decorator_list]  # a decorator registers it (a route, a command, a fixture)


def _start_names(first_texts: Mapping[str, str]) -> set[str]:
    names: set[str] = set()
    for rel, text in first_texts.items():
        if rel.endswith(".py") and (tree := python_tree(text)) is not None:
            names.update(node.name for node in ast.walk(tree)
                         if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef))
    return names


def uncalled(task: str, first_texts: Mapping[str, str], changed: Mapping[str, str],
             texts: Iterable[tuple[str, str]]) -> list[str]:
    """The findings' texts: `changed` holds the Python files the session made or changed (path, text
    now), `texts` every readable file of the workspace now, where a use may be."""
    start = _start_names(first_texts)
    added = [(rel, name, line) for rel, text in changed.items() if not is_test_path(rel)
             for name, line in _added(text, start)
             if not re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", task)]
    if not added:
        return []
    pending = {name for _, name, _ in added}
    for rel, text in texts:
        for name in list(pending):
            uses = len(re.findall(rf"(?<![\w]){re.escape(name)}(?![\w])", text))
            defined_here = sum(1 for a_rel, a_name, _ in added if a_rel == rel and a_name == name)
            if uses > defined_here:
                pending.discard(name)
        if not pending:
            return []
    found = [(rel, name) for rel, name, _ in added if name in pending]
    return [f"{name}, which the session added to {rel}, is called, imported or named nowhere: what it does runs "
            f"nowhere" for rel, name in found[:SHOWN]]
