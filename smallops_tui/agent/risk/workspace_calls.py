"""`python3 -c` that only calls the workspace's own functions, with literal arguments, and prints
what they return (`shell.workspace_call`, MEDIUM), not inline code the rules cannot judge (HIGH).
The executor runs it with the workspace read-only and the network off (session/executors.py):
the model picks the arguments, so a helper of the workspace's (`remove_tree(path)`, `sh(cmd)`)
could otherwise do what the rules call HIGH when written directly (an attacker's review).

Why: the harness tells a model that ran a module which only defines functions to call one this
way (session/script_run.py). Judged HIGH, that advice was refused every time under
approve-non-high (heldout18's g08 asked what a function returns, was told to run the call, was
refused, and answered from nothing). The program is parsed, never run, and read against a
whitelist; anything else, or anything that cannot be read, stays inline code (HIGH):

- statements: `from pkg.mod import name[, name as alias]`, `print(...)` and calls, and imports of
  the standard library's value types (`from datetime import date`, `Decimal`, `Fraction`), nothing else;
- a module is the workspace's own, found as Python finds it from the workspace's top level:
  regular packages (`__init__.py`) down to a `.py` file, no compiled file (`.so`, `.pyc`) beside
  one that would win over it, no name of the standard library's, a built-in module's or one
  installed for this Python, no part private (`_x`), every file inside the workspace;
- a name imported is a function or class that module defines at its top level, bound once, with
  no decorator but functools' and dataclasses', a class based only on the module's own classes;
  neither the module nor a package `__init__.py` on the way reaches for the machinery that
  rebinds names or redirects imports (`globals`, `setattr`, `exec`, `__path__`, `sys.modules`, ...);
- what print is given: calls of those names, those names, a few pure builtins (repr, str, len,
  sorted, list, tuple), the value types called with such arguments, and literals (numbers, strings, bytes, True/False/None, `...`, and lists,
  tuples, sets and dicts of them, a sign before a number): no attribute, no operator, no other name.
"""

from __future__ import annotations

import ast
import importlib.machinery
import os
import sys

from ..files.workspace import PathEscape, Workspace

WORKSPACE_CALL = "shell.workspace_call"

MAX_PROGRAM_CHARS = 2000  # a call the harness suggests is a line; a long program is something else
MAX_MODULE_BYTES = 256 * 1024  # a module larger than this is not read: the program stays HIGH
_PRINT = "print"
_PURE_BUILTINS = frozenset({"repr", "str", "len", "sorted", "list", "tuple"})
# The standard library's value types a question's arguments are written with: calling one with
# literal arguments makes a value and runs nothing else (heldout23's d12 asked what
# `hire_quote("8-seater", date(2025, 5, 3), 8, ...)` returns).
VALUE_TYPES: dict[str, frozenset[str]] = {"datetime": frozenset({"date", "datetime", "time", "timedelta"}),
                                          "decimal": frozenset({"Decimal"}), "fractions": frozenset({"Fraction"})}
# Modules whose decorators keep a function or class what it is: the name still calls the code below it.
_KEEPING_MODULES = frozenset({"functools", "dataclasses"})
_NOT_WORKSPACE = frozenset(sys.stdlib_module_names) | frozenset(sys.builtin_module_names)
# What rebinds a module's names or redirects its imports at run time, out of the binding count's sight.
_REBINDING = frozenset({"globals", "locals", "vars", "setattr", "delattr", "exec", "eval", "compile", "__import__",
                        "importlib", "builtins", "__builtins__", "__path__", "__dict__", "modules", "__class__",
                        "__getattr__", "__spec__", "__loader__"})
# Files Python prefers to a `.py` of the same name in the same folder (or holds for it).
_COMPILED_SUFFIXES = (*importlib.machinery.EXTENSION_SUFFIXES, ".so", ".pyd", ".pyc", ".pyo", ".pyw")


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
        if isinstance(statement, ast.ImportFrom) and statement.module in VALUE_TYPES and not statement.level:
            values = _value_types(statement)
            if values is None:
                return ""
            callables.update(values)
        elif isinstance(statement, ast.ImportFrom):
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


def _value_types(statement: ast.ImportFrom) -> dict[str, str] | None:
    """{bound name: ""} for `from datetime import date` and the like: a value's type, called with
    literal arguments (`date(2025, 5, 3)`), makes the value a question's call names; or None."""
    allowed = VALUE_TYPES[statement.module or ""]
    bound = {}
    for alias in statement.names:
        bound_name = alias.asname or alias.name
        if alias.name not in allowed or bound_name == _PRINT or bound_name in _PURE_BUILTINS:
            return None
        bound[bound_name] = ""
    return bound


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
            return bool(callables.get(name))  # a workspace name; a value type only called
        case ast.Call(func=ast.Name(id=name), args=args, keywords=keywords):
            if callables.get(name):
                calls.add(callables[name])
            elif name not in _PURE_BUILTINS and name not in callables:  # a value type's name maps to ""
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
    top level (a package's `__init__.py` first, then `name.py`), with every package `__init__.py`
    on the way free of the rebinding machinery; or None."""
    parts = module.split(".")
    if any(not part.isidentifier() or part.startswith("_") for part in parts) or _installed(parts[0], workspace):
        return None
    where = ""
    for index, part in enumerate(parts):
        base = f"{where}{part}"
        if _compiled_beside(workspace, where, part):
            return None
        if _is_file(workspace, f"{base}/__init__.py"):
            source = f"{base}/__init__.py"
        elif index == len(parts) - 1 and _is_file(workspace, f"{base}.py"):
            source = f"{base}.py"
        else:
            return None  # no namespace package: one of the name anywhere on the path would win over it
        tree = _parse(workspace, source)
        if tree is None or _rebinds(tree):
            return None
        if index == len(parts) - 1:
            return tree
        where = f"{base}/"
    return None


def _installed(name: str, workspace: Workspace) -> bool:
    """A standard-library, built-in or installed module of this name: Python may have it already
    loaded at start-up (a `.pth` file imports some), and then the workspace's is not the one run."""
    if name in _NOT_WORKSPACE:
        return True
    root = str(workspace.root)
    elsewhere = [p for p in sys.path if p and os.path.realpath(p) != root and not os.path.realpath(p).startswith(root + os.sep)]
    try:
        return importlib.machinery.PathFinder.find_spec(name, elsewhere) is not None  # searches; runs nothing
    except (ImportError, OSError, ValueError):
        return True


def _compiled_beside(workspace: Workspace, where: str, name: str) -> bool:
    """A compiled module or package `__init__` of this name in the folder, which Python would load
    in place of the source read here."""
    try:
        folder = workspace.resolve(where or ".")
        entries = os.listdir(folder)
    except (PathEscape, OSError):
        return True
    if any(entry.startswith(name + ".") and entry.endswith(_COMPILED_SUFFIXES) for entry in entries):
        return True
    try:
        inner = os.listdir(folder / name) if (folder / name).is_dir() else []
    except OSError:
        return True
    return any(entry.startswith("__init__.") and entry != "__init__.py" for entry in inner)


def _rebinds(tree: ast.Module) -> bool:
    modules = {(alias.asname or alias.name).split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
               for alias in node.names}
    for node in ast.walk(tree):
        match node:
            case ast.Attribute(value=ast.Name(id=name), ctx=ast.Store() | ast.Del()) if name in modules:
                return True  # `functools.cache = ...`: what a decorator or an import gives is changed
            case ast.Name(id=name) | ast.Attribute(attr=name) if name in _REBINDING:
                return True
            case ast.Import(names=names) | ast.ImportFrom(names=names):
                if any(alias.name.split(".")[0] in _REBINDING for alias in names):
                    return True
                if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in _REBINDING:
                    return True
    return False


def _is_file(workspace: Workspace, rel: str) -> bool:
    try:
        return workspace.resolve(rel).is_file()
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
    keeping = _keeping_names(tree)
    classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef | ast.ClassDef):
            continue
        if not all(_keeps(decorator, keeping) for decorator in node.decorator_list):
            continue
        if isinstance(node, ast.ClassDef) and (node.keywords or not all(
                isinstance(base, ast.Name) and base.id in classes and base.id != node.name for base in node.bases)):
            continue  # a class made from another's (io.FileIO, Popen) does what that one does
        kept.add(node.name)
    return {name for name in kept if bound.get(name) == 1}


def _keeping_names(tree: ast.Module) -> dict[str, str]:
    """{name bound here: module} for the module's imports of functools and dataclasses (and their names)."""
    names = {}
    for node in tree.body:
        if isinstance(node, ast.Import):
            names.update({(a.asname or a.name): a.name for a in node.names if a.name in _KEEPING_MODULES})
        elif isinstance(node, ast.ImportFrom) and node.module in _KEEPING_MODULES and not node.level:
            names.update({(a.asname or a.name): node.module for a in node.names})
    return names


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


def _keeps(decorator: ast.expr, keeping: dict[str, str]) -> bool:
    """A decorator from functools or dataclasses, as the module imported it (`@dataclass`,
    `@functools.lru_cache(maxsize=8)`), with literal arguments."""
    target = decorator
    if isinstance(decorator, ast.Call):
        if not all(isinstance(a, ast.Constant) for a in [*decorator.args, *(k.value for k in decorator.keywords)]):
            return False
        target = decorator.func
    match target:
        case ast.Name(id=name):
            return name in keeping and keeping[name] in _KEEPING_MODULES and name not in _KEEPING_MODULES
        case ast.Attribute(value=ast.Name(id=module)):
            return keeping.get(module) in _KEEPING_MODULES and module in _KEEPING_MODULES
    return False
