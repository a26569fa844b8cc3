"""`callhint`: a Python error about how the project's own code was called is answered with what
that code says, as a person would look it up before trying again.

heldout30's c11 (a number the code works out) was sent back to run the function. The model ran
`site_score('Long Pond')`, was told `TypeError: site_score() missing 1 required positional
argument: 'pond'`, ran it again, then with no argument at all, then typed the CSV out as a list of
dicts: the step cap came with no answer. What it lacked was the function's signature and one line
of the project that calls it, which it had not read. So, after a command whose traceback ends in

- `TypeError: f() missing … / takes … / got an unexpected keyword …` for a function the project
  defines: its definition line(s) and where the project's own code calls it;
- `ImportError: cannot import name 'x' from 'pkg.mod'` or `AttributeError: module 'pkg.mod' has no
  attribute 'x'` for a module of the project: what that module defines, and where `x` is defined if
  elsewhere;
- `ModuleNotFoundError: No module named 'pkg.x'` under a package of the project: its modules;
- `NameError: name 'load_survey' is not defined` for a name one module of the project defines: the
  import that brings it;
- `can't open file '…/signs.leaf'` where `signs.leaf` is a module of the project: `python -m signs.leaf`;

the model is told those lines too. Nothing is run: the project's Python files are read (bounded,
as the checks at done read them) and parsed, never imported.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping

from ...files.project import project_files
from ...files.scanned import scanned_texts
from ...files.workspace import Workspace
from ..code_reach import CodeIndex
from ..definitions import module_name
from ..project_tests import is_test_path

_TYPE_ERROR = re.compile(r"^TypeError: (?:([\w.]+)\.)?(\w+)\(\) (?:missing \d+ required|takes (?:from )?\d+|"
                         r"got an unexpected keyword argument|got multiple values|got some positional-only)", re.M)
_CANNOT_IMPORT = re.compile(r"^ImportError: cannot import name '(\w+)' from '([\w.]+)'", re.M)
_NO_ATTRIBUTE = re.compile(r"^AttributeError: module '([\w.]+)' has no attribute '(\w+)'", re.M)
_NO_MODULE = re.compile(r"^ModuleNotFoundError: No module named '([\w.]+)'", re.M)
_NOT_DEFINED = re.compile(r"^NameError: name '(\w+)' is not defined", re.M)
# `python signs.leaf …` (heldout31's i11, run again): python was given a module's dotted name as a file.
_CANT_OPEN = re.compile(r"can't open file '(?:[^'\n]*/)?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)': \[Errno 2\]", re.M)
_ERRORS = (_TYPE_ERROR, _CANNOT_IMPORT, _NO_ATTRIBUTE, _NO_MODULE, _NOT_DEFINED, _CANT_OPEN)

MAX_CALLS = 3  # call sites shown
MAX_LINE = 200  # characters of one shown line
MAX_NAMES = 30  # names (or modules) listed
MAX_HEADER_LINES = 6  # of a definition's header
MAX_HEADER_CHARS = 600
CONTEXT_LINES = 6  # of the function around the first call shown, before it


def _clip(line: str, indented: bool = False) -> str:
    line = line.rstrip() if indented else line.strip()
    return line if len(line) <= MAX_LINE else line[:MAX_LINE] + " …"


def _header(text: str, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> str:
    """The definition's own lines up to its body (a signature over several lines whole)."""
    lines = text.splitlines()
    end = max(node.lineno, node.body[0].lineno - 1) if node.body else node.lineno
    end = min(end, node.lineno + MAX_HEADER_LINES - 1)
    header = "\n".join(line.rstrip() for line in lines[node.lineno - 1:end])
    if len(header) > MAX_HEADER_CHARS:
        header = header[:MAX_HEADER_CHARS] + " …"
    doc = ast.get_docstring(node)
    if doc:
        header += f"\n    \"\"\"{_clip(doc.splitlines()[0])}\"\"\""
    return header


def _calls(index: CodeIndex, code: Mapping[str, str], name: str) -> list[str]:
    """Where the project calls `name` (`name(...)`, `x.name(...)`), its code before its tests: the
    first with the lines of its function before it (where `records` came from), the rest a line each."""
    found: list[tuple[bool, str, int, int]] = []
    for rel, tree in index.trees.items():
        starts = {line: node.lineno for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                  for line in range(node.lineno, (node.end_lineno or node.lineno) + 1)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if called == name:
                found.append((is_test_path(rel), rel, node.lineno, starts.get(node.lineno, node.lineno)))
    shown: list[str] = []
    for k, (_, rel, line, start) in enumerate(sorted(set(found))[:MAX_CALLS]):
        lines = code[rel].splitlines()
        first = max(start, line - CONTEXT_LINES) if k == 0 else line
        text = "\n".join(_clip(lines[at - 1], indented=first < line) for at in range(first, line + 1)
                         if 0 < at <= len(lines))
        shown.append(f"{rel}, line {line}:\n{text}" if first < line else f"{rel}, line {line}: {text}")
    return shown


def _definitions(index: CodeIndex, name: str) -> list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef]]:
    return [(rel, node) for rel, names in sorted(index.defined.items()) for node in names.get(name, ())]


def _in_class(index: CodeIndex, rel: str, node: ast.AST, owner: str) -> bool:
    """Whether the definition `node` of file `rel` is a method of a class named `owner`."""
    return any(isinstance(parent, ast.ClassDef) and parent.name == owner and node in parent.body
               for parent in ast.walk(index.trees[rel]))


def _signature(index: CodeIndex, code: Mapping[str, str], name: str, owner: str | None, said: str) -> str | None:
    """The definition `name` (a method of `owner` where the error names its class: `Order.__init__`),
    where `said` (the command and its output) names its module or file: a `load()` the standard
    library's `json.load` missed an argument of is not the project's `load`."""
    defined = _definitions(index, name)
    if owner is not None:  # a class's method (`Order.__init__`), or a module's function (`pond.score.site_score`)
        defined = [(rel, node) for rel, node in defined
                   if module_name(rel) == owner or _in_class(index, rel, node, owner.rsplit(".", 1)[-1])]
    defined = [(rel, node) for rel, node in defined if rel in said or (module_name(rel) or "\0") in said]
    if not defined or len(defined) > 2:
        return None  # not the project's (or not named by the command), or too common a name to say which
    parts = [f"{name} is defined in {rel}, line {node.lineno}:\n{_header(code[rel], node)}" for rel, node in defined]
    calls = _calls(index, code, name)
    if calls:
        parts.append("The project's own code calls it so:\n" + "\n".join(calls))
    return "\n".join(parts)


def _top_level(tree: ast.Module) -> list[str]:
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            names += [target.id for target in node.targets if isinstance(target, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
    return [name for name in dict.fromkeys(names) if not name.startswith("_")]


def _listed(names: list[str]) -> str:
    return ", ".join(names[:MAX_NAMES]) + (" …" if len(names) > MAX_NAMES else "")


def _module_names(index: CodeIndex, module: str, missing: str) -> str | None:
    files = {module_name(rel): rel for rel in index.trees}
    rel = files.get(module)
    if rel is None:
        return None
    said = f"{module} ({rel}) defines: {_listed(_top_level(index.trees[rel])) or 'nothing public'}."
    elsewhere = [other for other, _ in _definitions(index, missing) if other != rel]
    if elsewhere:
        said += f" {missing} is defined in {', '.join(elsewhere[:3])} ({', '.join(str(module_name(r)) for r in elsewhere[:3])})."
    return said


def _import_line(index: CodeIndex, name: str) -> str | None:
    """Where a name used but not imported is defined, as the import that brings it (a function or
    class at a module's top level, defined once outside the tests)."""
    where = [rel for rel, tree in sorted(index.trees.items()) if not is_test_path(rel) and name in _top_level(tree)]
    module = module_name(where[0]) if len(where) == 1 else None
    return f"{name} is defined in {where[0]}: from {module} import {name}" if module else None


def _as_module(index: CodeIndex, dotted: str) -> str | None:
    """`signs.leaf`, given to python as a file, where it is a module of the project: how to run it."""
    files = [rel for rel in index.trees if module_name(rel) == dotted]
    return f"{dotted} is a module of the project ({files[0]}), not a file: run it as python -m {dotted}" if files else None


def _package_modules(index: CodeIndex, missing: str) -> str | None:
    top = missing.split(".", 1)[0]
    modules = sorted(module for module in (module_name(rel) for rel in index.trees if not is_test_path(rel))
                     if module and (module == top or module.startswith(top + ".")))
    if not modules or missing in modules:
        return None
    return f"The project's modules under {top}: {_listed(modules)}."


def call_hint(output: str, code: Mapping[str, str], command: str = "") -> str:
    """What the project's code says about the call or import `output`'s last error is about ("" if
    it is not about the project's code). `code`: the project's Python files (path -> text);
    `command`: what ran (a function's module must be named by it or its output)."""
    errors = [(m.start(), m) for pattern in _ERRORS for m in pattern.finditer(output)]
    if not errors:
        return ""
    last = max(errors, key=lambda found: found[0])[1]
    index = CodeIndex.of(code)
    said: str | None
    if last.re is _TYPE_ERROR:
        said = _signature(index, code, last.group(2), last.group(1), f"{command}\n{output}")
    elif last.re is _CANNOT_IMPORT:
        said = _module_names(index, last.group(2), last.group(1))
    elif last.re is _NO_ATTRIBUTE:
        said = _module_names(index, last.group(1), last.group(2))
    elif last.re is _NOT_DEFINED:
        said = _import_line(index, last.group(1))
    elif last.re is _CANT_OPEN:
        said = _as_module(index, last.group(1))
    else:
        said = _package_modules(index, last.group(1))
    return f"From the project's code (read, not run):\n{said}" if said else ""


def project_code(workspace: Workspace) -> dict[str, str]:
    """The project's Python files as a person means them (no virtual environment or build output;
    files/project.py), bounded as the checks at done read them."""
    return dict(scanned_texts(workspace, [rel for rel in project_files(workspace).files if rel.endswith(".py")]))


def looks_like_python_error(output: str) -> bool:
    """Whether a command's output may hold an error `call_hint` reads (cheap, before any file is read)."""
    return any(pattern.search(output) for pattern in _ERRORS)
