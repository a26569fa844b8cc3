"""No import circle in smallops_tui, counting the imports inside functions and under
`if TYPE_CHECKING:` (an import inside a function hides a circle from a reader, and from a check
that reads only the top of each module). The graph is read with `ast` (tests/import_graph.py);
import-linter's `acyclic_siblings` contract keeps the rooms of ui/ (pyproject.toml) the same way."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.import_graph import ROOT, Import, circles, imports

@pytest.fixture(scope="module")
def edges() -> list[Import]:
    return imports()


def test_the_graph_sees_a_circle_closed_by_an_import_inside_a_function(tmp_path: Path) -> None:
    package = tmp_path / "smallops_tui"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "inner" / "__init__.py").write_text("")
    (package / "inner" / "a.py").write_text("from . import b\n")
    (package / "inner" / "b.py").write_text("def later():\n    from .a import name\n    return name\n")
    (package / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import D\n")
    (package / "d.py").write_text("from .c import C\n")
    found = imports(package)
    assert circles(found) == [["smallops_tui.inner.a", "smallops_tui.inner.b"]]
    assert circles(found, with_type_only=True) == [["smallops_tui.c", "smallops_tui.d"],
                                                   ["smallops_tui.inner.a", "smallops_tui.inner.b"]]
    inner = [edge for edge in found if edge.inner]
    assert [(edge.importer, edge.imported) for edge in inner] == [("smallops_tui.inner.b", "smallops_tui.inner.a")]


def test_no_module_of_smallops_tui_is_in_an_import_circle(edges: list[Import]) -> None:
    found = circles(edges, with_type_only=True)
    assert found == [], f"import circles (python -m tests.import_graph says where): {found}"


def test_an_import_inside_a_function_says_it_is_there_for_start_up(edges: list[Import]) -> None:
    """An import of the package inside a function is there only to keep the first frame (or a
    command's start) cheap, and says so."""
    unexplained = []
    for edge in edges:
        if not edge.inner:
            continue
        parts = edge.importer.split(".")[1:]
        path = ROOT.joinpath(*parts).with_suffix(".py")
        if not path.exists():
            path = ROOT.joinpath(*parts, "__init__.py")
        source = path.read_text(encoding="utf-8")
        function = min((node for node in ast.walk(ast.parse(source))
                        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                        and node.lineno <= edge.line <= (node.end_lineno or node.lineno)),
                       key=lambda node: (node.end_lineno or node.lineno) - node.lineno)
        before = source.split("\n")[function.lineno: edge.line - 1]  # the function's lines before the import
        if not any(line.strip().startswith("#") and "start-up" in line for line in before):
            unexplained.append(f"{edge.importer}:{edge.line}")
    assert unexplained == [], f"imports inside functions without a start-up comment above them: {unexplained}"
