"""A name the task moves from one Python module to another, at `done`: still defined where it was
(copied, not moved), or not defined where it was to go.

"Move `session_cost` out of studio/bookings.py into a new module, studio/rates.py" and
"MINIMUM_FARE belongs with the other tariff constants: move it from cabfare/bookings.py into
cabfare/meter.py" (heldout21's s11 and heldout17's h10 kits): the answers that copied the name and
left it defined in the old module, or put it in a module of another name, pass every test (the
behaviour is the same) and no check spoke. A module that imports the name from its new home, or
re-exports it so, does not define it.

Read from the task's words and the code, never from a task's answer. "It" is the last name the task
spelled as code before the verb. A file that does not parse is not judged.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Literal

from ..files.workspace import PathEscape, Workspace, WorkspaceError

_PY = r"`?((?:[\w.-]+/)*[\w-]+\.py)`?"
_NAME = r"`?([A-Za-z_][A-Za-z0-9_]*)`?(?:\(\))?"
_KIND = r"(?:(?:the|a)\s+)?(?:(?:function|method|class|constant|helper|variable)\s+)?"
_MOVE = re.compile(
    rf"\bmove\s+{_KIND}(?:(it|them)\b|{_NAME})(?:\s+(?:function|class|constant|helper))?"
    rf"(?:\s+(?:out\s+of|from)\s+(?:the\s+)?{_PY})?\s+(?:in)?to\s+(?:(?:a|the)\s+(?:new\s+)?(?:module|file)[,:]?\s+)?{_PY}",
    re.IGNORECASE)
# A name spelled as code: backticked, snake_case, ALL_CAPS or camelCase.
_SPELLED = re.compile(r"`([A-Za-z_]\w*)`|\b([A-Za-z]+_[A-Za-z0-9_]+|[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)*|[a-z]+[A-Z]\w*)\b")
MAX_BYTES = 400_000


@dataclass(frozen=True)
class MoveFinding:
    kind: Literal["still_defined", "not_added"]
    text: str


def moves(task: str) -> list[tuple[str, str | None, str]]:
    """(name, from module or None where the task does not say, to module) the task moves."""
    found = []
    for match in _MOVE.finditer(task):
        name = match.group(2)
        if name is None:  # "move it from ...": the last name spelled as code before
            before = [m.group(1) or m.group(2) for m in _SPELLED.finditer(task[:match.start()])]
            if not before:
                continue
            name = before[-1]
        if name.endswith(".py") or "/" in name:
            continue
        found.append((name, match.group(3), match.group(4)))
    return found[:4]


def _defines(workspace: Workspace, rel: str, name: str) -> bool | None:
    """Whether the module defines `name` at its top level (a def, a class, an assignment); None when
    it is missing or cannot be read."""
    try:
        data, _ = workspace.read_head(rel, MAX_BYTES)
        tree = ast.parse(data.decode("utf-8", "replace"))
    except (OSError, WorkspaceError, PathEscape, ValueError, SyntaxError, RecursionError, MemoryError):
        return None
    for node in tree.body:
        match node:
            case ast.FunctionDef(name=defined) | ast.AsyncFunctionDef(name=defined) | ast.ClassDef(name=defined):
                if defined == name:
                    return True
            case ast.Assign(targets=targets):
                if any(_binds(target, name) for target in targets):
                    return True
            case ast.AnnAssign(target=target) | ast.AugAssign(target=target):
                if _binds(target, name):
                    return True
    return False


def _binds(target: ast.expr, name: str) -> bool:
    match target:
        case ast.Name(id=bound):
            return bound == name
        case ast.Tuple(elts=items) | ast.List(elts=items):
            return any(_binds(item, name) for item in items)
    return False


def moved_findings(task: str, workspace: Workspace) -> list[MoveFinding]:
    found = []
    for name, source, target in moves(task):
        if source is not None and _defines(workspace, source, name):
            found.append(MoveFinding("still_defined", f"{name}, which the task moves out of {source}, is still "
                                                      "defined there"))
        there = _defines(workspace, target, name)
        if not there:
            where = f"{target} does not exist" if there is None and not _exists(workspace, target) else \
                f"{target} does not define it"
            found.append(MoveFinding("not_added", f"{name} is to move into {target}, and {where}"))
    return found


def _exists(workspace: Workspace, rel: str) -> bool:
    try:
        return workspace.resolve(rel).is_file()
    except (PathEscape, OSError, ValueError):
        return False
