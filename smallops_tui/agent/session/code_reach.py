"""The project's functions and classes a module may reach when it runs, read without running it.

Where a command the task quotes cannot run as written (`python -m ice.quote` with no design: its
parser exits 2), traced_command.py still asks whether the function an answer names is one that
command's code can get to. This reading errs towards reaching: every name the reached code
mentions (a bare name, an attribute, an identifier in a string) reaches every definition of that
name in the files it imports, wherever the import sits, and a reached class reaches all of its
methods. A definition counts as not reached only where no such path leads to it: a function of a
module the command never imports (heldout28's a12 answered `blocks_to_order`, which only
`python -m ice.order` uses), or one nothing in the imported code names.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping

from .definitions import python_tree

MAX_FILES = 400  # of the project's code, read for one answer

_Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def reached_names(start: str, code: Mapping[str, str]) -> tuple[frozenset[str], frozenset[str]]:
    """(every name the code reachable from file `start` mentions, the files it imports, `start`
    included); `code`: the project's Python files (path -> text)."""
    trees = {rel: tree for rel, text in list(code.items())[:MAX_FILES] if (tree := python_tree(text)) is not None}
    files: set[str] = set()
    pending = [start]
    names: set[str] = set()
    done: set[int] = set()  # definitions whose bodies were read
    while pending:
        rel = pending.pop()
        if rel in files or rel not in trees:
            continue
        files.add(rel)
        names.update(_mentioned(_run_on_import(trees[rel])))
        pending.extend(_imported_files(rel, trees[rel], trees))  # imports anywhere in the file
    definitions = [node for rel in sorted(files) for node in ast.walk(trees[rel]) if isinstance(node, _Definition)]
    grew = True
    while grew:
        grew = False
        for node in definitions:
            if node.name in names and id(node) not in done:
                done.add(id(node))
                names.update(_mentioned(ast.walk(node)))
                grew = True
    return frozenset(names), frozenset(files)


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


def _imported_files(rel: str, tree: ast.Module, trees: Mapping[str, ast.Module]) -> Iterator[str]:
    """The project files a module imports anywhere in it, and their packages' `__init__.py`."""
    package = rel.rsplit("/", 1)[0].split("/") if "/" in rel else []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield from _module_files(alias.name.split("."), trees)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            parts = [*base, *(node.module.split(".") if node.module else [])]
            yield from _module_files(parts, trees)
            for alias in node.names:  # `from ice import pricing`: a module, where there is one
                yield from _module_files([*parts, alias.name], trees)


def _module_files(parts: list[str], trees: Mapping[str, ast.Module]) -> Iterator[str]:
    for end in range(1, len(parts) + 1):
        path = "/".join(parts[:end])
        for candidate in (f"{path}.py", f"{path}/__init__.py"):
            if candidate in trees:
                yield candidate
