"""UNTOUCHED for a task that names code, not files: the files that define what it is about did not
change, nor any module they import or that imports them.

"When I start a new waiting list by calling `join(name)` without passing a list, it sometimes comes
back with riders from an earlier list" names no file. heldout18's g03 wrote `MAX_WAITING = 10` over
the package's `__init__.py`, left `join` in `rampqueue/waitlist.py` as it was, and said done; no
check spoke, as UNTOUCHED reads only the files a task spells out. A person would look where `join`
is defined. A fix may sit in a helper the function imports, or in the module that calls it, so
those count as its place too; a change of tests or documents only (a task to test or document the
function) is not judged.

Sources are read through the workspace (confined, bounded: task_checks.code_sources) and parsed,
never run.
"""

from __future__ import annotations

import ast
import posixpath
import re
from collections.abc import Iterable

from ..files.workspace import Workspace
from .project_tests import is_test_path
from .task_checks import (CODE_SUFFIXES, TaskFinding, asks_only, code_sources, says_change_nothing,
                          spelled_files)

# What a task calls code: `join(name)`, `bin_for`, join(name), "function parse_line", "the parse_line function"
# (before "function", only a name that looks like code: "a new function" names none).
_CODE_REF = re.compile(r"`([A-Za-z_]\w*)(?:\([^`\n]{0,80}\))?`|(?<![\w.])([A-Za-z_]\w*)\([^()\n]{0,80}\)"
                       r"|\b(?:function|method|class)\s+`?([A-Za-z_]\w*)|\b([a-z]\w*_\w*|[a-z]+[A-Z]\w*)`?\s+(?:function|method)\b")
_DEFINES = r"^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+{}\b"
_MAX_PLACES = 3  # a name defined in more files than this says nothing about where the change belongs
_DOCS = (".md", ".rst", ".txt", ".adoc")


def code_names(task: str) -> list[str]:
    """The names of code the task refers to, in order."""
    return list(dict.fromkeys(next(g for g in m.groups() if g) for m in _CODE_REF.finditer(task)))


def _module_path(module: str, files: set[str]) -> str | None:
    base = module.replace(".", "/")
    for candidate in (f"{base}.py", f"{base}/__init__.py"):
        if candidate in files:
            return candidate
    return None


def _imported(rel: str, text: str, files: set[str]) -> set[str]:
    """The workspace's Python files `rel` imports (absolute from the top, or relative)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return set()
    package = posixpath.dirname(rel).replace("/", ".")
    found: set[str] = set()
    for node in ast.walk(tree):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".") if package else []
                parts = parts[:len(parts) - (node.level - 1)] if node.level > 1 else parts
                base = ".".join([*parts, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            modules = [base, *(f"{base}.{alias.name}" if base else alias.name for alias in node.names)]
        for module in modules:
            if module and (path := _module_path(module, files)) is not None:
                found.add(path)
    return found


def untouched_code(task: str, workspace: Workspace, files: Iterable[str], changed: set[str]) -> list[TaskFinding]:
    """A finding when the task names no file but names code defined in the workspace, and of the
    files that changed none is where that code is defined, imports from or is imported by."""
    if not changed or spelled_files(task) or asks_only(task) or says_change_nothing(task):
        return []
    if all(rel.endswith(_DOCS) or is_test_path(rel) for rel in changed):
        return []  # tests or documents of the code: they name it, they are not its place
    names = code_names(task)
    if not names:
        return []
    present = [rel for rel in files if rel.endswith(CODE_SUFFIXES)]
    sources = dict(code_sources(workspace, [rel for rel in present if not is_test_path(rel)]))
    python = set(rel for rel in sources if rel.endswith(".py"))
    placed: list[tuple[str, list[str]]] = []
    for name in names:
        pattern = re.compile(_DEFINES.format(re.escape(name)), re.MULTILINE)
        where = [rel for rel, text in sources.items() if pattern.search(text)]
        if not where or len(where) > _MAX_PLACES:
            continue
        place = set(where)
        for rel in where:
            if rel in python:
                place |= _imported(rel, sources[rel], python)
        place |= {rel for rel in python if set(where) & _imported(rel, sources[rel], python)}
        # A data file the code reads by name (`bingo.json`) is its place too.
        place |= {rel for rel in changed if any(posixpath.basename(rel) in sources.get(p, "") for p in place)}
        if changed & place:
            return []  # the change is where the code it names lives
        placed.append((name, where))
    if not placed:
        return []
    name, where = placed[0]
    return [TaskFinding("untouched", f"{name}, which the task is about, is defined in {', '.join(where)}, "
                                     f"which did not change (nor what it imports or what imports it)")]
