"""The import graph of smallops_tui, read from the source with `ast`: every import, at the top of a
module and inside its functions (an import inside a function hides a circle from a reader and from
a check that reads only the top), `if TYPE_CHECKING:` imports apart.

Run it to see the circles (strongly connected components) and where the function-level imports are:

    python -m tests.import_graph            # circles, counted with the imports inside functions
    python -m tests.import_graph --inner    # and every import inside a function, with its line

tests/unit/test_import_circles.py fails on any circle; import-linter's contracts (pyproject.toml)
keep the rooms of ui/ from growing one back.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "smallops_tui"
ROOT = Path(__file__).resolve().parent.parent / PACKAGE


@dataclass(frozen=True)
class Import:
    """One import statement's target inside the package."""

    importer: str
    imported: str
    line: int
    inner: bool  # inside a function (else at the top of the module, or in a class body)
    type_only: bool  # under `if TYPE_CHECKING:` (never run)


def module_files(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its __init__.py)."""
    modules: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _resolve(base: str, level: int, module: str | None, importer: str, is_package: bool) -> str:
    if level == 0:
        return module or ""
    parts = importer.split(".")
    if not is_package:
        parts = parts[:-1]  # a module's relative imports start from its package
    if level > 1:
        parts = parts[: len(parts) - (level - 1)]
    return ".".join(parts + ([module] if module else []))


class _Collector(ast.NodeVisitor):
    def __init__(self, importer: str, is_package: bool, modules: set[str]) -> None:
        self.importer = importer
        self.is_package = is_package
        self.modules = modules
        self.found: list[Import] = []
        self._function_depth = 0
        self._type_only_depth = 0

    def _add(self, target: str, line: int) -> None:
        if target == PACKAGE or target.startswith(PACKAGE + "."):
            while target not in self.modules and "." in target:
                target = target.rsplit(".", 1)[0]  # `from .m import name`: the module m
            if target in self.modules and target != self.importer:
                self.found.append(Import(self.importer, target, line, self._function_depth > 0,
                                         self._type_only_depth > 0))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = _resolve(PACKAGE, node.level, node.module, self.importer, self.is_package)
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            self._add(submodule if submodule in self.modules else base, node.lineno)

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self._function_depth += 1
        self.generic_visit(node)
        self._function_depth -= 1

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node.test):
            self._type_only_depth += 1
            for child in node.body:
                self.visit(child)
            self._type_only_depth -= 1
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)


def imports(root: Path = ROOT) -> list[Import]:
    """Every import of a module of the package by another, wherever it is written."""
    files = module_files(root)
    names = set(files)
    found: list[Import] = []
    for name, path in files.items():
        collector = _Collector(name, path.name == "__init__.py", names)
        collector.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        found += collector.found
    return found


def circles(edges: list[Import], *, with_type_only: bool = False) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's, iterative), each
    sorted, largest first."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        if edge.type_only and not with_type_only:
            continue
        graph.setdefault(edge.importer, set()).add(edge.imported)
        graph.setdefault(edge.imported, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(graph[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(graph[nxt])))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
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
    return sorted(found, key=lambda c: (-len(c), c))


def main(argv: list[str]) -> int:
    edges = imports()
    statements = {(edge.importer, edge.line): edge for edge in edges}  # `from m import a, b`: one import
    inner = [edge for edge in statements.values() if edge.inner]
    files = {edge.importer for edge in inner}
    print(f"{len(statements)} import statements inside {PACKAGE}; {len(inner)} of them inside functions, "
          f"in {len(files)} files")
    for label, type_only in (("circles", False), ("circles counting `if TYPE_CHECKING:` imports", True)):
        found = circles(edges, with_type_only=type_only)
        print(f"{label}: {len(found)}")
        for component in found:
            print(f"  {len(component)} modules: {', '.join(component)}")
    if "--inner" in argv:
        for edge in sorted(inner, key=lambda e: (e.importer, e.line)):
            print(f"  {edge.importer}:{edge.line} -> {edge.imported}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
