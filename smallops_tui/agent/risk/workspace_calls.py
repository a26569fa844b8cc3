"""`python3 -c` that only calls the workspace's own functions, with literal arguments, and prints
what they return: judged as running the workspace's code (MEDIUM, as `python3 -m pkg.mod` is),
not as inline code the rules cannot judge (HIGH).

Why: the harness tells a model that ran a module which only defines functions to call one this
way (session/script_run.py). Judged HIGH, that advice was refused every time under
approve-non-high (heldout18's g08 asked what a function returns, was told to run the call, was
refused, and answered from nothing). The program is parsed, never run, and read against a
whitelist; anything else, or anything that cannot be read, stays inline code (HIGH):

- statements: `from pkg.mod import name[, name as alias]`, `print(...)` and calls, nothing else;
- a module is the workspace's own, found as Python would find it from the workspace's top level
  (a package folder, or a `.py` file), never a standard-library or built-in module's name, no
  part of it private (`_x`), every file inside the workspace;
- a name imported is a function or class that module defines at its top level, defined once,
  with no decorator but a few well-known ones (a decorator can put anything under the name);
- what print is given: calls of those names, those names, a few pure builtins (repr, str, len,
  sorted, list, tuple) and literals (numbers, strings, bytes, True/False/None, `...`, and lists,
  tuples, sets and dicts of them, a sign before a number): no attribute, no operator, no other name.
"""

from __future__ import annotations

import ast
import sys

from ..files.workspace import PathEscape, Workspace

MAX_PROGRAM_CHARS = 2000  # a call the harness suggests is a line; a long program is something else
MAX_MODULE_BYTES = 256 * 1024  # a module larger than this is not read: the program stays HIGH
_PRINT = "print"
_PURE_BUILTINS = frozenset({"repr", "str", "len", "sorted", "list", "tuple"})
# Decorators that keep a function or class what it is: the name still calls the code below it.
_KEEPING_DECORATORS = frozenset({"dataclass", "total_ordering", "lru_cache", "cache", "wraps"})
_NOT_WORKSPACE = frozenset(sys.stdlib_module_names) | frozenset(sys.builtin_module_names)


def workspace_call(program: str, workspace: Workspace) -> str:
    """What the program calls ("pkg.mod.f") when it only calls the workspace's functions with
    literal arguments and prints the results; "" for anything else (the caller keeps it HIGH)."""
    if len(program) > MAX_PROGRAM_CHARS:
        return ""
    try:
        tree = ast.parse(program, mode="exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ""
    callables: dict[str, str] = {}  # bound name -> "module.name"
    calls: set[str] = set()
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom):
            imported = _imported(statement, workspace)
            if imported is None:
                return ""
            callables.update(imported)
        elif _is_print(statement):
            assert isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)
            if not all(_harmless(arg, callables, calls) for arg in statement.value.args):
                return ""
        elif isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            if not _harmless(statement.value, callables, calls):  # a call whose result is not printed
                return ""
        else:
            return ""
    return ", ".join(sorted(calls))


def _is_print(statement: ast.stmt) -> bool:
    if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)):
        return False
    call = statement.value
    return (isinstance(call.func, ast.Name) and call.func.id == _PRINT
            and all(k.arg in ("sep", "end") and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)
                    for k in call.keywords))


def _harmless(node: ast.expr, callables: dict[str, str], calls: set[str]) -> bool:
    """A literal, a name imported from the workspace, or a call of one (or of a pure builtin)
    with such arguments; `calls` collects the workspace functions called."""
    match node:
        case ast.Constant():
            return True
        case ast.UnaryOp(op=ast.USub() | ast.UAdd(), operand=ast.Constant(value=int() | float() | complex())):
            return True
        case ast.List(elts=items) | ast.Tuple(elts=items) | ast.Set(elts=items):
            return all(_harmless(item, callables, calls) for item in items)
        case ast.Dict(keys=keys, values=values):
            return all(k is not None and _harmless(k, callables, calls) for k in keys) and \
                all(_harmless(v, callables, calls) for v in values)
        case ast.Name(id=name):
            return name in callables
        case ast.Call(func=ast.Name(id=name), args=args, keywords=keywords):
            if name in callables:
                calls.add(callables[name])
            elif name not in _PURE_BUILTINS:
                return False
            return (all(not isinstance(a, ast.Starred) and _harmless(a, callables, calls) for a in args)
                    and all(k.arg is not None and _harmless(k.value, callables, calls) for k in keywords))
    return False


def _imported(statement: ast.ImportFrom, workspace: Workspace) -> dict[str, str] | None:
    """{bound name: "module.name"} for `from module import names` of the workspace's own functions
    and classes, or None."""
    if statement.level or not statement.module:
        return None
    tree = _module_tree(statement.module, workspace)
    if tree is None:
        return None
    defined = _defined_once(tree)
    bound = {}
    for alias in statement.names:
        bound_name = alias.asname or alias.name
        if alias.name not in defined or bound_name == _PRINT or bound_name in _PURE_BUILTINS:
            return None
        bound[bound_name] = f"{statement.module}.{alias.name}"
    return bound


def _module_tree(module: str, workspace: Workspace) -> ast.Module | None:
    """The parsed source of a workspace module, found as the import system finds it from the
    top level (a package's `__init__.py` first, then `name.py`), or None."""
    parts = module.split(".")
    if parts[0] in _NOT_WORKSPACE or any(not part.isidentifier() or part.startswith("_") for part in parts):
        return None
    where = ""
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        base = f"{where}{part}"
        if _is_file(workspace, f"{base}/__init__.py"):
            source = f"{base}/__init__.py"
        elif _is_file(workspace, f"{base}.py"):
            if not last:
                return None  # a module where a package must be
            source = f"{base}.py"
        elif not last and _is_dir(workspace, base):
            where = f"{base}/"  # a namespace package
            continue
        else:
            return None
        if last:
            return _parse(workspace, source)
        where = f"{base}/"
    return None


def _is_file(workspace: Workspace, rel: str) -> bool:
    try:
        return workspace.resolve(rel).is_file()
    except (PathEscape, OSError):
        return False


def _is_dir(workspace: Workspace, rel: str) -> bool:
    try:
        return workspace.resolve(rel).is_dir()
    except (PathEscape, OSError):
        return False


def _parse(workspace: Workspace, rel: str) -> ast.Module | None:
    try:
        path = workspace.resolve(rel)
        if path.stat().st_size > MAX_MODULE_BYTES:
            return None
        return ast.parse(path.read_bytes())
    except (PathEscape, OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _defined_once(tree: ast.Module) -> set[str]:
    """Names the module binds once at its top level, to a function or class kept as it is."""
    bound: dict[str, int] = {}
    kept: set[str] = set()
    for node in ast.walk(tree):  # every binding anywhere: a `global f` in a function can rebind it
        for name in _binds(node):
            bound[name] = bound.get(name, 0) + 1
    if "*" in bound:
        return set()  # `from x import *` may bind any name
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and all(map(_keeps, node.decorator_list)):
            kept.add(node.name)
    return {name for name in kept if bound.get(name) == 1}


def _binds(node: ast.AST) -> list[str]:
    match node:
        case ast.FunctionDef(name=name) | ast.AsyncFunctionDef(name=name) | ast.ClassDef(name=name):
            return [name]
        case ast.Name(id=name, ctx=ast.Store() | ast.Del()):
            return [name]
        case ast.Import(names=names) | ast.ImportFrom(names=names):
            return [(alias.asname or alias.name).split(".")[0] for alias in names]  # `*`: see _defined_once
        case ast.ExceptHandler(name=str(name)) | ast.MatchAs(name=str(name)) | ast.MatchStar(name=str(name)):
            return [name]
        case ast.MatchMapping(rest=str(name)):
            return [name]
        case ast.Global(names=names) | ast.Nonlocal(names=names):
            return list(names)  # counted as a second binding: the name may be rebound at run time
    return []


def _keeps(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    match target:
        case ast.Name(id=name) | ast.Attribute(attr=name):
            return name in _KEEPING_DECORATORS
    return False
