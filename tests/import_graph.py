"""The import graph of smallops_tui, read from the source (nothing imported), and its circles.

Every `import` and `from ... import` counts wherever it is written: at module level, inside a
function or a method, under `try` (an import inside a function hides a circle from the
interpreter until the function runs, not from a reader). Relative imports are resolved against
the importing module's package; `from .pkg import name` is an edge to the module `pkg.name` when
there is one, else to `pkg`. Left out:

- imports under `if TYPE_CHECKING:` (or `typing.TYPE_CHECKING`): they never run, they only let
  the type checker see a name, so they cannot make a circle at run time;
- the parent packages an import runs first: importing `a.b.c` runs `a/__init__` and
  `a/b/__init__`, but a package that re-exports its modules is how packages work, not a circle.
  An import of the package itself (`from smallops_tui.agent import Workspace`) is an edge to it.

A circle is a strongly connected component of more than one module.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

import smallops_tui

PACKAGE = Path(smallops_tui.__file__).resolve().parent
ROOT = PACKAGE.name

Graph = Mapping[str, frozenset[str]]


def module_name(path: Path, package: Path) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(package: Path = PACKAGE) -> Graph:
    """Each module of the package, with the modules of the package it imports."""
    sources = {module_name(path, package): path for path in sorted(package.rglob("*.py"))}
    graph: dict[str, frozenset[str]] = {}
    for name, path in sources.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        targets = {_target(wanted, sources) for wanted in _imports(tree, name, is_package)}
        graph[name] = frozenset(t for t in targets if t is not None and t != name)
    return graph


def _imports(tree: ast.Module, module: str, is_package: bool) -> Iterator[str]:
    """The dotted names each import statement of the module asks for (`pkg.name` for a from-import)."""
    package = module if is_package else module.rpartition(".")[0]
    for node in _runtime_nodes(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(node, package)
            # `from pkg import mod` asks for the module pkg.mod, `from pkg import name` for pkg.
            yield from (base if alias.name == "*" else f"{base}.{alias.name}" for alias in node.names)


def _resolve(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    parts = package.split(".")
    anchor = parts[: len(parts) - (node.level - 1)]
    return ".".join([*anchor, *([node.module] if node.module else [])])


def _target(wanted: str, sources: Mapping[str, Path]) -> str | None:
    """The module of the package an imported name lands in: itself if it is one, else the nearest
    module above it (a from-import's name is then a function or a class of that module)."""
    if wanted != ROOT and not wanted.startswith(ROOT + "."):
        return None  # another distribution
    while wanted not in sources:
        wanted, _, _ = wanted.rpartition(".")
    return wanted


def _runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node, skipping the bodies of `if TYPE_CHECKING:` (their `else:` runs, and is kept)."""
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            pending.extend(node.orelse)
            continue
        pending.extend(ast.iter_child_nodes(node))


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def circles(graph: Graph) -> list[list[str]]:
    """The strongly connected components of more than one module, each sorted (Tarjan's, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            following = next(successors, None)
            if following is not None:
                if following not in index:
                    index[following] = low[following] = len(index)
                    stack.append(following)
                    on_stack.add(following)
                    work.append((following, iter(sorted(graph.get(following, ())))))
                elif following in on_stack:
                    low[node] = min(low[node], index[following])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def a_cycle(component: Iterable[str], graph: Graph) -> list[str]:
    """One path round a component, `a -> b -> ... -> a`, to name a circle in a failure."""
    members = set(component)
    start = min(members)
    path, seen = [start], {start}
    node = start
    while True:
        following = sorted(m for m in graph[node] if m in members)
        if start in following and len(path) > 1:
            return [*path, start]
        unseen = [m for m in following if m not in seen]
        node = unseen[0] if unseen else following[0]
        if node in seen:
            return [*path[path.index(node) :], node]
        path.append(node)
        seen.add(node)
