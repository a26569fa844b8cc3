"""UNHINTED: a task that asks for type hints, and functions of its files still without them at `done`.

Asked to "add type hints to every function and method in cellar/blending.py", a small model hinted
one function (heldout10's t07, the `merge` arm, after its run) or none, and said "The changes to
cellar/blending.py are correct"; every test passed, so nothing stood beside the claim. The check
reads the code the task is about: the Python files it names (else the ones the session changed),
and in them the functions it names (else every function and method), and lists each parameter and
return without an annotation (`self` and `cls` need none, nor `__init__`'s return). A task that
speaks of attributes ("and its three attributes (fee, free and lent)") has its classes' instance
attributes read too, the ones it names or else every one: heldout19's q05 hinted every method,
none of the three attributes, and its done stood unflagged.

The code is parsed, never run; a file too large or that does not parse is not judged.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..files.workspace import PathEscape, Workspace, WorkspaceError
from .definitions import Function, functions_and_methods, module_name
from .project_tests import is_test_path
from .task_checks import spelled_files

# "typing" as what to add ("a pure typing pass", "add typing to rates.py"), not as what people do
# ("members keep typing `python -m fold`": heldout31's i09 kit, a right answer flagged UNHINTED;
# "save the members some typing", "less typing for members", "more typing than anyone wants").
_ASKS_FOR_HINTS = re.compile(
    r"\btype[- ]?(?:hints?|annotations?)\b|\bannotat(?:e|es|ing|ions?)\b"
    r"|\b(?:add|adds|adding|added|static|full|proper|complete|missing|strict|pure)\s+typing\b"
    r"|\btyping\s+(?:pass|annotations?|hints?|information|info|coverage)\b", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z_]\w*")
# A task that asks for its attributes' hints too ("and its three attributes (fee, free and lent)").
_ASKS_FOR_ATTRIBUTES = re.compile(r"\battributes?\b|\binstance variables?\b|\bfields?\b", re.IGNORECASE)
MAX_BYTES = 200_000
MAX_FILES = 20
SHOWN = 4  # functions named in the finding


@dataclass(frozen=True)
class HintFinding:
    kind: Literal["not_hinted"]
    text: str


def missing_hints(function: Function, method: bool) -> list[str]:
    """The parameters (and `return`) of a function that carry no annotation, or only Any or object
    ("depth: Any")."""
    arguments = function.args
    positional = arguments.posonlyargs + arguments.args
    if method and positional and positional[0].arg in {"self", "cls"} and not positional[0].annotation:
        positional = positional[1:]
    named = [*positional, *arguments.kwonlyargs]
    missing = [a.arg if a.annotation is None else f"{a.arg}: {_vague(a.annotation)}" for a in named
               if a.annotation is None or _vague(a.annotation)]
    all_positional = arguments.posonlyargs + arguments.args
    defaults = {**dict(zip([a.arg for a in all_positional][len(all_positional) - len(arguments.defaults):],
                           arguments.defaults, strict=True)),
                **{a.arg: d for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
                   if d is not None}}
    missing += [f"{a.arg}: {ast.unparse(a.annotation)} = None" for a in named
                if a.annotation is not None and not _vague(a.annotation) and _is_none(defaults.get(a.arg))
                and not _admits_none(a.annotation)]
    missing += [a.arg for a in (arguments.vararg, arguments.kwarg) if a and a.annotation is None]
    if function.name != "__init__" and (function.returns is None or _vague(function.returns)):
        missing.append("return" if function.returns is None else f"return: {_vague(function.returns)}")
    return missing


def _is_none(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _admits_none(annotation: ast.expr) -> bool:
    """Whether a hint lets None in: Optional[...], a union with None, None itself, a string hint
    that says so, or anything it cannot read (a TypeVar, an alias: fits, as the audit reads it).
    heldout23's kit: `on: date = None` for `on: Optional[date] = None`, a hint its default breaks."""
    match annotation:
        case ast.Constant(value=None):
            return True
        case ast.Constant(value=str(text)):
            try:
                return _admits_none(ast.parse(text, mode="eval").body)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                return True
        case ast.Subscript(value=ast.Name(id="Optional") | ast.Attribute(attr="Optional")):
            return True
        case ast.Subscript(value=ast.Name(id="Union") | ast.Attribute(attr="Union"), slice=ast.Tuple(elts=items)):
            return any(_admits_none(item) for item in items)
        case ast.BinOp(op=ast.BitOr(), left=left, right=right):
            return _admits_none(left) or _admits_none(right)
        case ast.Name(id=name):
            return not name[:1].islower() and name not in _CONCRETE  # an alias or a TypeVar may
    return False


# Names that are a type and no alias: a default of None never fits them.
_CONCRETE = frozenset({"int", "float", "str", "bytes", "bool", "list", "dict", "set", "tuple", "frozenset", "complex",
                       "date", "datetime", "time", "timedelta", "Decimal", "Fraction", "Path"})


def _vague(annotation: ast.expr) -> str:
    """"Any" or "object" for a hint that says nothing of the value, else "". Every held-out kit with a
    hints task (heldout19's q04, heldout21's s08, heldout22's e08) has a wrong answer that hints a
    float as Any: the tests pass, and the hint tells a reader nothing. `*args`/`**kwargs` may be Any."""
    match annotation:
        case ast.Name(id="Any" | "object") | ast.Attribute(attr="Any", value=ast.Name(id="typing" | "t")):
            return "Any" if getattr(annotation, "id", "Any") != "object" else "object"
        case ast.Constant(value="Any" | "object"):
            return str(annotation.value)
    return ""


def unhinted(task: str, files: Sequence[tuple[str, str]]) -> list[HintFinding]:
    """The finding for the files' (path, text) code, for a task that asks for type hints."""
    if not _ASKS_FOR_HINTS.search(task):
        return []
    named = set(_WORD.findall(task))
    lacking: list[str] = []
    total = 0
    attributes_counted = False
    vague_seen = none_seen = False
    for rel, text in files:
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        functions = list(functions_and_methods(tree))
        asked = [f for f in functions if f[0].rsplit(".", 1)[-1] in named] or functions
        where = f"{rel}: " if len(files) > 1 else ""
        for name, node, method in asked:
            total += 1
            if missing := missing_hints(node, method):
                lacking.append(f"{where}{name} ({', '.join(missing)})")
                vague_seen = vague_seen or any(": " in entry and not entry.endswith(" = None") for entry in missing)
                none_seen = none_seen or any(entry.endswith(" = None") for entry in missing)
        if _ASKS_FOR_ATTRIBUTES.search(task):
            attributes = _attributes(tree)
            spelled = [(name, hinted) for name, hinted in attributes if name.rsplit(".", 1)[-1] in named]
            for name, hinted in spelled or attributes:  # the ones the task names, else every one
                total += 1
                attributes_counted = True
                if not hinted:
                    lacking.append(f"{where}{name} (attribute)")
    if not lacking:
        return []
    shown = "; ".join(lacking[:SHOWN]) + (f"; and {len(lacking) - SHOWN} more" if len(lacking) > SHOWN else "")
    what = "functions and attributes" if attributes_counted else "functions"
    notes = [*(["a hint of Any or object says nothing"] if vague_seen else []),
             *(["a default of None the hint does not admit is no hint of it"] if none_seen else [])]
    vague = f" ({'; '.join(notes)})" if notes else ""
    return [HintFinding("not_hinted", f"the task asks for type hints, and {len(lacking)} of {total} {what} "
                                      f"still lack them{vague}: {shown}")]


def _attributes(tree: ast.Module) -> list[tuple[str, bool]]:
    """Each class's instance attributes (`self.x = ...` in its methods) as ("Class.x", hinted):
    hinted by `x: T` in the class body or `self.x: T = ...` in a method."""
    found: dict[str, bool] = {}
    for cls in (node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)):
        declared = {item.target.id for item in cls.body if isinstance(item, ast.AnnAssign)
                    and isinstance(item.target, ast.Name)}
        for method in (item for item in cls.body if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)):
            for node in ast.walk(method):
                targets = node.targets if isinstance(node, ast.Assign) else \
                    [node.target] if isinstance(node, ast.AnnAssign | ast.AugAssign) else []
                for target in targets:
                    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                            and target.value.id == "self":
                        key = f"{cls.name}.{target.attr}"
                        hinted = isinstance(node, ast.AnnAssign) or target.attr in declared
                        found[key] = found.get(key, False) or hinted
    return list(found.items())


def hint_findings(task: str, workspace: Workspace, changed: Sequence[str]) -> list[HintFinding]:
    """UNHINTED at `done`: the task's named Python files, else the code files the session changed."""
    if not _ASKS_FOR_HINTS.search(task):
        return []
    candidates = [rel for rel in spelled_files(task) if rel.endswith((".py", ".pyi"))] or \
        [rel for rel in changed if rel.endswith((".py", ".pyi")) and not is_test_path(rel)]
    files: list[tuple[str, str]] = []
    for rel in list(dict.fromkeys(candidates))[:MAX_FILES]:
        try:
            data, size = workspace.read_head(rel, MAX_BYTES)
        except (OSError, WorkspaceError, PathEscape, ValueError):
            continue
        if size <= MAX_BYTES:
            files.append((rel, data.decode("utf-8", "replace")))
    return unhinted(task, files)


def audited_modules(task: str, changed: Sequence[str]) -> tuple[str, ...]:
    """The modules whose hints the tests at done are to be held against (project_tests.HINTS_AUDIT):
    the Python the session changed, outside the tests, for a task that asks for type hints."""
    if not _ASKS_FOR_HINTS.search(task):
        return ()
    modules = []
    for rel in sorted(changed):
        if not is_test_path(rel) and (module := module_name(rel)):
            modules.append(module)
    return tuple(modules[:MAX_FILES])


def contradiction(calls: Sequence[str]) -> str:
    """HINTS CONTRADICTED's text: the calls the project's tests made that did not fit the hints."""
    shown = "; ".join(calls[:2]) + (f"; and {len(calls) - 2} more" if len(calls) > 2 else "")
    return f"the project's tests call the code with values its new type hints do not allow: {shown}"
