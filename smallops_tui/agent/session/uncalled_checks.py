"""UNCALLED: a function or class the session added that nothing calls, imports or names; LEFT
BEHIND: one the project had, used at the start, that a removal left with no use.

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
from collections import Counter
from collections.abc import Collection, Iterable, Mapping

from .definitions import may_remove, python_tree
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


# A removal that takes what only the removed code used: "the fax code that only it uses" (heldout30's
# c10), "anything else that only existed for it" (heldout31's i10), "helpers nothing else uses".
# Not "dead code" or "unused" alone: "legacy_export.py is dead code. Delete it and clean up anything
# that still imports it" (heldout8's r05) leaves a helper only it used where it is.
_ONLY_FOR_IT = re.compile(r"\b(?:that|which|what)\s+only\s+(?:it|they|this|that|the\s+\w+(?:\s+\w+)?)\s+"
                          r"(?:uses?|used|needs?|needed|calls?|called)\b|\bonly\s+(?:existed|exists?)\s+(?:for|because)\b"
                          r"|\bnothing\s+else\s+(?:uses?|needs?|calls?)\b", re.IGNORECASE)


def _top_level_names(text: str) -> list[str]:
    tree = python_tree(text)
    return [] if tree is None else [node.name for node in tree.body if isinstance(
        node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and not node.decorator_list]


def _words(text: str) -> Counter[str]:
    """How often each identifier-like word occurs in a text (code, strings, comments, prose)."""
    return Counter(re.findall(r"[A-Za-z_]\w*", text))


def left_behind(task: str, first_texts: Mapping[str, str], texts: Iterable[tuple[str, str]],
                files_now: Collection[str] = ()) -> list[str]:
    """LEFT BEHIND's texts: the task removes something together with what only it used, and a
    top-level function or class of the project's code, used at the start, is still defined and now
    called, imported or named nowhere else (heldout30's c10 kit kept the two fax functions, heldout31's
    i10 kit kept `parse_pipe_line`, each with its only caller gone). `texts`: every readable file of
    the workspace now; `files_now`: every file there, so that one past the bounded read is not taken
    for a use gone. A name the task spells (it says what to keep), a test file, `main` and a decorated
    definition are not judged."""
    if not may_remove(task) or not _ONLY_FOR_IT.search(task):
        return []
    now = dict(texts)
    # Each text's words counted once: a real tree's hundreds of files and thousands of definitions
    # are read in one pass each, not a search per definition per file.
    at_start = {rel: _words(text) for rel, text in first_texts.items()}
    # A use by a test alone keeps nothing: a test of what was removed is left behind with it
    # (heldout32's aa10 kit kept `fetch_rates` and its test, the --live option gone, unflagged).
    used_now: Counter[str] = Counter()
    for rel, text in now.items():
        if not is_test_path(rel):
            used_now.update(_words(text))
    unread = set(files_now) - now.keys()
    total_at_start: Counter[str] = Counter()
    for words in at_start.values():
        total_at_start.update(words)
    found = []
    for rel, text in first_texts.items():
        if not rel.endswith(".py") or is_test_path(rel) or rel not in now:
            continue
        kept = set(_top_level_names(now[rel]))
        for name in _top_level_names(text):
            if name in _NOT_JUDGED or name not in kept or used_now[name] > 1 or total_at_start[name] <= 1 \
                    or re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", task):
                continue  # gone, still used, never used, or spelled by the task
            users = sorted(other for other, words in at_start.items()
                           if words[name] > (other == rel) and not is_test_path(other))
            if users and not unread & set(users):  # used at the start, by files read now: left with no use
                found.append(f"{name} ({rel}) was used at the start by {', '.join(users[:SHOWN])}; now nothing "
                             "calls, imports or names it, and the task removes what only the removed code used")
    return found[:SHOWN]
