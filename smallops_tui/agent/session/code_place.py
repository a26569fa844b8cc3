"""UNTOUCHED for a task that names code, not files: the files that define what it is about did not
change, nor any module they import or that imports them.

"When I start a new waiting list by calling `join(name)` without passing a list, it sometimes comes
back with riders from an earlier list" names no file. heldout18's g03 wrote `MAX_WAITING = 10` over
the package's `__init__.py`, left `join` in `rampqueue/waitlist.py` as it was, and said done; no
check spoke, as UNTOUCHED reads only the files a task spells out. A person would look where `join`
is defined. A fix may sit in a helper the function imports (two hops), or in a module that calls,
subclasses or re-exports it (which names it), so those count as its place too. Only a change made
wholly of Python code outside the tests is judged: a config, a document, a test or a deletion may
be the fix (an attacker's review found correct fixes of those kinds flagged by a wider first
version).

Sources are read through the workspace (confined, bounded: task_checks.code_sources) and parsed,
never run.
"""

from __future__ import annotations

import ast
import builtins
import posixpath
import re
from collections.abc import Iterable

from ..files.workspace import Workspace
from .project_tests import is_test_path
from .task_checks import TaskFinding, asks_only, code_sources, says_change_nothing, spelled_files

# What a task calls code, in its strong forms only: `join(name)`, `bin_for`, join(name). ("the
# function of", "that function" name nothing; an attacker's review found prose words read as names.)
# A bare snake_case name is code too ("parse_order happily takes blanks wider than that",
# heldout26's l04): an underscore between lower-case words is no prose.
_CODE_REF = re.compile(r"`([A-Za-z_]\w*)(?:\([^`\n]{0,80}\))?`|(?<![\w.])([A-Za-z_]\w{0,80})\([^()\n]{0,80}\)"
                       r"|(?<![\w./-])([a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9])(?![\w./-])")
_DEFINES = r"^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+{}\b"
_MAX_PLACES = 3  # a name defined in more files than this says nothing about where the change belongs
_MAX_NAMES = 6  # names read from one task
_BUILTINS = frozenset(dir(builtins))


def code_names(task: str) -> list[str]:
    """The names of code the task refers to, in order (no builtin: `open()` is Python's)."""
    names = (next(g for g in m.groups() if g) for m in _CODE_REF.finditer(task))
    return [name for name in dict.fromkeys(names) if name not in _BUILTINS][:_MAX_NAMES]


def _module_path(module: str, files: set[str]) -> str | None:
    base = module.replace(".", "/")
    for root in ("", "src/"):
        for candidate in (f"{root}{base}.py", f"{root}{base}/__init__.py"):
            if candidate in files:
                return candidate
    return None


def _imported(rel: str, text: str, files: set[str]) -> set[str]:
    """The workspace's Python files `rel` imports (absolute from the top or from src/, relative, or
    a sibling script's module)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return set()
    folder = posixpath.dirname(rel)
    package = folder.removeprefix("src/").removeprefix("src").replace("/", ".")
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
            if not module:
                continue
            path = _module_path(module, files)
            sibling = f"{folder}/{module.replace('.', '/')}.py" if folder else None
            for found_path in (path, sibling if sibling in files else None):
                if found_path is not None:
                    found.add(found_path)
    return found


def untouched_code(task: str, workspace: Workspace, files: Iterable[str], changed: set[str],
                   created: Iterable[str] = ()) -> list[TaskFinding]:
    """A finding when the task names no file but names Python code defined in the workspace, and
    every file that changed is Python code (not a test) that neither mentions that name nor is
    within two imports of where it is defined. Said only where it is plain: a change of any other
    kind of file (a config, a document, a test, a deletion) may be the fix, and is not judged."""
    if not changed or spelled_files(task) or asks_only(task) or says_change_nothing(task):
        return []
    present = set(files)
    if not all(rel.endswith(".py") and not is_test_path(rel) and rel in present for rel in changed):
        return []
    names = code_names(task)
    if not names:
        return []
    sources = dict(code_sources(workspace, [rel for rel in sorted(present) if rel.endswith(".py")
                                            and not is_test_path(rel)]))
    python = set(sources)
    if not changed <= python:
        return []  # a changed file past the bound of files read: cannot tell
    imports: dict[str, set[str]] = {}

    def imported(rel: str) -> set[str]:
        if rel not in imports:
            imports[rel] = _imported(rel, sources[rel], python)
        return imports[rel]

    made = set(created)
    placed: list[tuple[str, list[str]]] = []
    for name in names:
        pattern = re.compile(_DEFINES.format(re.escape(name)), re.MULTILINE)
        # Where it was defined before the session: a file the session made that defines the name
        # again is a copy beside it, not the fix (heldout26's l04: a stub parse_order.py written,
        # turnery/orders.py's parse_order left as it was, "The task is complete").
        where = [rel for rel, text in sources.items() if pattern.search(text) and rel not in made]
        if not where or len(where) > _MAX_PLACES:
            continue
        mention = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
        if any(mention.search(sources[rel]) and not (rel in made and pattern.search(sources[rel])) for rel in changed):
            return []  # a caller, a subclass, a re-export: the change speaks of it
        near = set(where)
        for _ in range(2):  # what the defining files import, and what those import
            near |= {dep for rel in list(near) for dep in imported(rel)}
        if changed & near or any(set(where) & imported(rel) for rel in changed):
            return []
        placed.append((name, where))
    if not placed:
        return []
    name, where = placed[0]
    return [TaskFinding("untouched", f"{name}, which the task is about, is defined in {', '.join(where)}, "
                                     f"which did not change (nor what it imports, and no changed file names it)")]
