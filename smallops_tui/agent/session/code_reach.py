"""The project's functions and classes a module may reach when it runs, read without running it.

Where a command the task quotes cannot run as written (`python -m ice.quote` with no design: its
parser exits 2), traced_command.py still asks whether the function an answer names is one that
command's code can get to. This reading errs towards reaching: every name the reached code
mentions (a bare name, an attribute, an identifier in a string) reaches every definition of that
name in the files it imports, wherever the import sits; a reached class reaches all of its
methods; a decorated definition in a reached file is reached (a decorator may register it). A
definition counts as not reached only where no such path leads to it: a function of a module the
command never imports (heldout28's a12 answered `blocks_to_order`, which only `python -m
ice.order` uses), or one nothing in the imported code names. Code that imports by a computed name
(`importlib.import_module(...)`, `__import__(...)`) or looks names up by one (`getattr(x, "a" +
b)`) may reach anything: nothing of it is said to be unreachable (`reaches_anything`).

The project is parsed once (`CodeIndex`), bounded in files and bytes, and each definition's body is
read once, however the definitions are ordered.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from .definitions import python_tree

MAX_FILES = 400  # of the project's code, read for one answer
MAX_BYTES = 4_000_000  # of all of it

_Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


@dataclass
class CodeIndex:
    """The project's Python files parsed once: their trees, and each file's definitions by name."""

    trees: dict[str, ast.Module] = field(default_factory=dict)
    defined: dict[str, dict[str, list[_Definition]]] = field(default_factory=dict)  # file -> name -> nodes
    dynamic: set[str] = field(default_factory=set)  # files that import or look up by a computed name

    @classmethod
    def of(cls, code: Mapping[str, str]) -> CodeIndex:
        index = cls()
        spent = 0
        for rel, text in list(code.items())[:MAX_FILES]:
            spent += len(text)
            if spent > MAX_BYTES:
                break
            tree = python_tree(text)
            if tree is None:
                continue
            index.trees[rel] = tree
            names: dict[str, list[_Definition]] = {}
            for node in ast.walk(tree):
                if isinstance(node, _Definition):
                    names.setdefault(node.name, []).append(node)
                elif _computed_lookup(node):
                    index.dynamic.add(rel)
            index.defined[rel] = names
        return index


def reached_names(start: str, index: CodeIndex) -> tuple[frozenset[str], frozenset[str]] | None:
    """(every name the code reachable from file `start` mentions, the files it imports, `start`
    included), or None where that cannot be told: `start` not read, or code that reaches by a
    computed name."""
    if start not in index.trees:
        return None
    files: set[str] = set()
    pending = [start]
    while pending:
        rel = pending.pop()
        if rel in files or rel not in index.trees:
            continue
        files.add(rel)
        pending.extend(_imported_files(rel, index.trees[rel], index.trees, start))  # imports anywhere in it
    if files & index.dynamic:
        return None
    names: set[str] = set()
    queue: list[str] = []

    def mention(found: Iterator[str]) -> None:
        for name in found:
            if name not in names:
                names.add(name)
                queue.append(name)

    for rel in sorted(files):
        mention(_mentioned(_run_on_import(index.trees[rel])))
        mention(node.name for nodes in index.defined[rel].values() for node in nodes if node.decorator_list)
    while queue:  # each newly mentioned name's definitions read once
        name = queue.pop()
        for rel in files:
            for node in index.defined[rel].get(name, ()):
                mention(_mentioned(ast.walk(node)))
    return frozenset(names), frozenset(files)


def imported_files(rel: str, index: CodeIndex) -> list[str]:
    """The project files `rel` imports itself (not their imports), packages' `__init__.py` left out."""
    if rel not in index.trees:
        return []
    found = _imported_files(rel, index.trees[rel], index.trees, rel)
    return list(dict.fromkeys(path for path in found if path != rel and not path.endswith("__init__.py")))


def _computed_lookup(node: ast.AST) -> bool:
    """`importlib.import_module(x)`, `__import__(x)`, `getattr(obj, x)` with `x` not a literal."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if called in ("import_module", "__import__") and node.args:
        return not isinstance(node.args[0], ast.Constant)
    return called == "getattr" and len(node.args) >= 2 and not isinstance(node.args[1], ast.Constant)


def _run_on_import(tree: ast.Module) -> Iterator[ast.AST]:
    """The nodes of a module that run when it is imported: all but the bodies of its functions
    (a class's body runs, its methods' bodies do not)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            stack.extend([*node.decorator_list, *node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)])
            continue
        stack.extend(ast.iter_child_nodes(node))


def _mentioned(nodes: Iterator[ast.AST]) -> Iterator[str]:
    for node in nodes:
        if isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Attribute):
            yield node.attr
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
            yield node.value  # getattr(module, "name"), a dispatch table of names
        elif isinstance(node, ast.alias):
            yield node.name.rsplit(".", 1)[-1]


def _imported_files(rel: str, tree: ast.Module, trees: Mapping[str, ast.Module], start: str) -> Iterator[str]:
    """The project files a module imports anywhere in it, and their packages' `__init__.py`; an
    absolute import is looked for from the top, from `src/`, and beside the command's own script
    (`tools/quote.py`'s `import pricing`)."""
    package = rel.rsplit("/", 1)[0].split("/") if "/" in rel else []
    roots = ["", "src/", start.rsplit("/", 1)[0] + "/" if "/" in start else ""]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                for root in roots:
                    yield from _module_files(root, alias.name.split("."), trees)
        elif isinstance(node, ast.ImportFrom):
            parts = node.module.split(".") if node.module else []
            if node.level:
                found = [("", [*package[:len(package) - node.level + 1], *parts])]
            else:
                found = [(root, parts) for root in roots]
            for root, dotted in found:
                yield from _module_files(root, dotted, trees)
                for alias in node.names:  # `from ice import pricing`: a module, where there is one
                    yield from _module_files(root, [*dotted, alias.name], trees)


def _module_files(root: str, parts: list[str], trees: Mapping[str, ast.Module]) -> Iterator[str]:
    for end in range(1, len(parts) + 1):
        path = root + "/".join(parts[:end])
        for candidate in (f"{path}.py", f"{path}/__init__.py"):
            if candidate in trees:
                yield candidate
