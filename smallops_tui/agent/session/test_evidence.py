"""UNTESTED FIX: a bug the task reports, "fixed" while the project's tests say nothing about it.

A small model asked to fix a bug described by its symptom ("doubling 1 1/2 cups gives 11 cups")
writes a plausible change and says it is fixed (held-out p02: a `split(' /')` no quantity matches).
When every test passed before the change as after it, and no test was added or changed, nothing
that ran shows the bug gone: the flag says so beside the claim. It is a statement about evidence,
true of an honest fix without a test too; the person then tries the symptom or asks for a test.
"""

from __future__ import annotations

import ast
import copy
import re
from collections.abc import Iterator

from .guards import GuardFlag
from ..files.workspace import NetChanges, PathEscape, Workspace, WorkspaceError
from .added_checks import CONFIG_SUFFIXES
from .definitions import functions_and_methods, python_tree
from .project_tests import MAX_TEST_FILES, SuiteVerdict, is_test_path
from .task_checks import spelled_files

# The words of a bug report: what goes wrong, and the asking to fix it.
_BUG_WORDS = re.compile(
    # "fix the imports" after a rename (heldout's k11) is the rename's bookkeeping, not a bug.
    r"\b(?:fix(?:es|ed)?(?!\s+(?:up\s+)?(?:the|all|any|its|their)\s+(?:imports?|references|callers|call sites|us(?:es|ages))\b)"
    r"|bug(?:gy|s)?|broken|breaks|wrong(?:ly)?|crash(?:es|ed|ing)?|fails|failing|"
    r"incorrect(?:ly)?|regression|mis-?handl\w*|messing up|off[- ]by[- ]one)\b"
    # A symptom told without a bug word (heldout8's r01: "lists the 00:05 tram as -1425 minutes
    # away ... their wait should count forward past midnight"; heldout7's q03: "Something's off").
    r"|\bsomething(?:'s| is) (?:off|wrong)|\b(?:goes|going|went) missing|\b(?:shows?|turns?) up\b[^.]{0,40}?\bas\b"
    r"|\bcomes? out (?:as|negative|wrong)|\bchok(?:es|ing)\b|\b(?:as|is|are|shows?|gives?|returns?) -\d", re.I)
# Words a symptom uses and a specification uses too: "it should return the pace", "prints a count
# instead of the lines", "should fail with a usage error" (heldout9's s02 and s07, heldout11's u09,
# all features), "lets ... through". They tell a bug only where no sentence (or line) of the task opens by asking for
# something new. The marks before the verb are bounded: an unbounded run made the search quadratic.
_SPEC_WORDS = re.compile(
    r"\b(?:instead of|error|fail|should (?:count|show|give|return|come out|fail))\b"
    # A check that misses what it should catch (heldout14's x04: "lets through codes that break the
    # blank's MACS", then a done with the check unwritten and every test passing, unflagged); a
    # feature says it too ("add a rule that lets HTTPS through"), so it is a spec word.
    r"|\b(?:lets?|slips?) (?:[^.\n]{0,60}? )?through\b", re.I)
_ASKS_FOR_NEW = re.compile(
    r"(?:^|[.!?;:]\s|\n)[\s\-*#>`'\"(]{0,8}(?:please\s+|can you\s+|could you\s+)?"
    r"(?:add|implement|create|write|introduce|support|extend|move|extract|refactor|document|give)\b", re.I)


def reports_bug(task: str) -> bool:
    """Whether the task reports something going wrong (UNTESTED FIX's), not a feature to build
    (UNTESTED's): one check decides for both, so no task gets both flags or the other's words."""
    return bool(_BUG_WORDS.search(task) or (_SPEC_WORDS.search(task) and not _ASKS_FOR_NEW.search(task)))


_CODE = re.compile(r"\.(?:py|pyi|js|mjs|cjs|ts|tsx|jsx|go|rs|rb|java|c|h|cc|cpp|hpp|sh)$")


def _green_throughout(start: SuiteVerdict | None, now: SuiteVerdict) -> bool:
    """Every test ran and passed at the start as now: a failing test speaks for itself (TESTS FAIL,
    or the task's own failing test)."""
    return (start is not None and start.ran and now.ran and not start.failed and not now.failed
            and start.passed > 0 and now.passed > 0)


def untested_fix(task: str, start: SuiteVerdict | None, now: SuiteVerdict, changed: set[str]) -> GuardFlag | None:
    """The flag when the task reports a bug, files changed (code, or only data), no test file did, and
    every test passed both at the start and now (so none of them could tell the bug from its fix)."""
    if not reports_bug(task) or not _green_throughout(start, now):
        return None
    if any(is_test_path(path) for path in changed):
        return None
    if not changed:
        return None  # DONE WITHOUT CHANGE speaks for it
    if not any(_CODE.search(path) for path in changed):
        # Only data changed (heldout11's u01: a bug in how the code sorts times, "fixed" by reordering
        # the timetable it reads, every test passing as before, unflagged). Not where a configuration
        # file changed or the task names what changed: a setting, or the data the task is about.
        if any(path.endswith(CONFIG_SUFFIXES) for path in changed) or set(spelled_files(task)) & changed:
            return None
        files = ", ".join(sorted(changed)[:3]) + (" …" if len(changed) > 3 else "")
        return GuardFlag("untested_fix", f"the task reports a bug, and no code changed, only {files}; the project's "
                                         f"{now.passed} tests passed at the start as they pass now: no test shows "
                                         "the bug fixed")
    return GuardFlag("untested_fix", f"the task reports a bug; the project's {now.passed} tests passed at the "
                                     "start as they pass now, and no test was added or changed: no test shows "
                                     "the bug fixed")


# UNTESTED CHANGE: a change of behaviour no test reaches. Asked for a feature ("add a function
# pace_per_km(...)", "a --json option"), a small model writes a plausible one and says done; the
# project's tests, which never call it, pass as they did (heldout9's s02 and s07 kind). Judged by
# what the code does: a function whose body changed, or a new one, once docstrings and annotations
# are set aside (a docstring or typing task changes no behaviour), and named in no test file.
MAX_CODE_CHARS = 200_000  # of one file: a larger one is not parsed for the check
MAX_CHANGED_FILES = 200  # a session that changed more files is not judged (each would be read and parsed)
MAX_NAMES_SHOWN = 4
MAX_TASK_CHARS = 20_000  # of the task read for the names it asks for


class _Unannotated(ast.NodeTransformer):
    """`x: int = v` as `x = v`, and a bare `x: int` (no effect in a function) as nothing."""

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.stmt | None:
        if node.value is None:
            return None  # removed: a dump is compared, never compiled
        return ast.Assign(targets=[node.target], value=node.value)


def _bare(node: ast.AST) -> str:
    """A function's code without its docstring and its annotations, as a comparable dump."""
    node = _Unannotated().visit(copy.deepcopy(node))
    for inner in ast.walk(node):
        if isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef):
            inner.returns = None
            if inner.body and _is_docstring(inner.body[0]):
                inner.body = inner.body[1:] or [ast.Pass()]
        elif isinstance(inner, ast.arg):
            inner.annotation = None
    return ast.dump(node)


def _is_docstring(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _class_header(node: ast.ClassDef) -> ast.AST:
    """What a class is besides its body: its bases, keywords and decorators (`class C(dict)` made
    `class C(list)` changes what every method does)."""
    return ast.Tuple(elts=[*node.bases, *(k.value for k in node.keywords), *node.decorator_list], ctx=ast.Load())


def _module_rest(tree: ast.Module) -> str:
    """The module's code outside its functions, imports and docstrings, and its classes' headers: a
    change there (a constant, a class attribute, a base class, top-level code) is not a function's,
    and the check does not judge it."""
    parts: list[ast.AST] = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            parts.append(_class_header(node))
            parts += [item for item in node.body
                      if not isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and not _is_docstring(item)]
        elif not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Import | ast.ImportFrom) \
                and not _is_docstring(node):
            parts.append(node)
    return "\n".join(ast.dump(part) for part in parts)


def _functions(tree: ast.Module) -> dict[tuple[str, int], str]:
    """Each function and method by name (a method as `Class.name`) and its place among those of that
    name (a property's getter and setter, a function defined twice), as its bare dump."""
    found: dict[tuple[str, int], str] = {}
    seen: dict[str, int] = {}
    for name, node, _ in functions_and_methods(tree):
        seen[name] = seen.get(name, -1) + 1
        found[(name, seen[name])] = _bare(node)
    return found


def _parse(text: str) -> ast.Module | None:
    return python_tree(text) if len(text) <= MAX_CODE_CHARS else None


def changed_functions(before: str | None, after: str) -> set[str] | None:
    """The functions (and methods) of a Python file whose code changed or that are new, docstrings
    and annotations aside; None when the file cannot be judged so: it does not parse, or code
    outside its functions changed (a constant, a class attribute, top-level code)."""
    new = _parse(after)
    old = _parse(before) if before is not None else ast.Module(body=[], type_ignores=[])
    if new is None or old is None:
        return None
    try:
        if before is not None and _module_rest(old) != _module_rest(new):
            return None
        old_functions, new_functions = _functions(old), _functions(new)
    except (RecursionError, MemoryError):
        return None
    return {name for (name, place), code in new_functions.items() if old_functions.get((name, place)) != code}


_IDENTIFIER = re.compile(r"\w+")


def _named(function: str, names: set[str]) -> bool:
    """Whether a test names the function: a method by its name, a dunder (`__init__`) by its class."""
    owner, _, name = function.rpartition(".")
    return (owner if owner and name.startswith("__") else name) in names


def untested_change(task: str, start: SuiteVerdict | None, now: SuiteVerdict, changed: dict[str, set[str] | None],
                    test_texts: list[str]) -> GuardFlag | None:
    """The flag when code changed in functions no test file names, while every test passed both at
    the start and now and no test changed. `changed`: each changed code file's changed functions
    (None: not judged); `test_texts`: the project's test files. A bug report is UNTESTED FIX's."""
    if reports_bug(task) or not _green_throughout(start, now):
        return None
    if not changed or any(is_test_path(path) for path in changed) or any(v is None for v in changed.values()):
        return None
    names = sorted({name for functions in changed.values() if functions for name in functions})
    if not names:
        return None  # docstrings, annotations, imports: no behaviour changed
    in_tests = {word for text in test_texts for word in _IDENTIFIER.findall(text)}
    if any(_named(name, in_tests) for name in names):
        return None
    return GuardFlag("untested_change", f"no test names {_shown(names)}, the code that changed; the project's {now.passed} "
                                        "tests passed at the start as they pass now, and no test was added or changed: "
                                        "nothing that ran tried the change")


def _changed_paths(net: NetChanges) -> list[str]:
    return sorted({*net.created, *net.modified})


def _python_changes(workspace: Workspace, net: NetChanges, start_texts: dict[str, str]
                    ) -> Iterator[tuple[str, str | None, str | None]]:
    """Each file of Python or tests the session created or changed, as (path, text at the start or
    None for a new file, text now or None where it cannot be judged: a test file, a file that cannot
    be read, or one changed whose starting text was not kept). Reads the files: off the event loop."""
    for path in _changed_paths(net):
        if not path.endswith(".py") and not is_test_path(path):
            continue
        before = start_texts.get(path) if path in net.modified else None
        if is_test_path(path) or (path in net.modified and before is None):
            yield path, before, None
            continue
        try:
            after = workspace.read_text_or_none(path)
        except (WorkspaceError, PathEscape, OSError):
            after = None
        yield path, before, after


def code_changes(workspace: Workspace, net: NetChanges, start_texts: dict[str, str]) -> dict[str, set[str] | None]:
    """Each file of Python or tests the session created or changed, with its changed functions (a
    test file is listed, so a changed test is seen): None where it cannot be judged (its starting
    text was not kept, it is unreadable, or code outside its functions changed). Reads the files:
    off the event loop."""
    if len(paths := _changed_paths(net)) > MAX_CHANGED_FILES:
        return {paths[0]: None}  # a change this wide is not judged function by function
    return {path: None if after is None else changed_functions(before, after)
            for path, before, after in _python_changes(workspace, net, start_texts)}


def added_functions(workspace: Workspace, net: NetChanges, start_texts: dict[str, str]) -> set[str]:
    """The functions and methods (`Class.name`) the session's code files define by a name they did not
    define at the start, judged even where code outside functions changed too. Reads the files: off
    the event loop."""
    added: set[str] = set()
    if len(_changed_paths(net)) > MAX_CHANGED_FILES:
        return added
    for _, before, after in _python_changes(workspace, net, start_texts):
        if after is None:
            continue
        new, old = _parse(after), _parse(before) if before is not None else ast.Module(body=[], type_ignores=[])
        if new is None or old is None:
            continue
        try:
            had = {name for name, _ in _functions(old)}
            added.update(name for name, _ in _functions(new) if name not in had)
        except (RecursionError, MemoryError):
            continue
    return added


def untested_addition(task: str, start: SuiteVerdict | None, now: SuiteVerdict, added: set[str],
                      test_texts: list[str]) -> GuardFlag | None:
    """The flag when a function the task names is one the session added and no test names it, while
    every test passed at the start as now. Read where UNTESTED cannot be (code outside functions
    changed too): heldout16's z02 added the `syrup_yield(sap_litres, brix)` its task asked for, wrong,
    beside constants it moved, and said done, unflagged, with all six tests passing."""
    if not added or not _green_throughout(start, now):
        return None
    words = set(_IDENTIFIER.findall(task[:MAX_TASK_CHARS]))
    asked = sorted(name for name in added if name.rpartition(".")[2] in words)
    in_tests = {word for text in test_texts for word in _IDENTIFIER.findall(text)}
    untested = [name for name in asked if not _named(name, in_tests)]
    if not untested:
        return None
    return GuardFlag("untested_change", f"no test names {_shown(untested)}, which the task asks for and the session "
                                        f"added; the project's {now.passed} tests passed at the start as they pass "
                                        "now: nothing that ran tried it")


def _shown(names: list[str]) -> str:
    more = len(names) - MAX_NAMES_SHOWN
    return ", ".join(names[:MAX_NAMES_SHOWN]) + (f" and {more} more" if more > 0 else "")


def test_texts(workspace: Workspace) -> list[str]:
    """The project's test files' texts (bounded), for the names they call."""
    texts = []
    for path in [p for p in workspace.walk_files() if p.endswith(".py") and is_test_path(p)][:MAX_TEST_FILES]:
        try:
            text = workspace.read_text_or_none(path)
        except (WorkspaceError, PathEscape, OSError):
            continue
        if text is not None and len(text) <= MAX_CODE_CHARS:
            texts.append(text)
    return texts
