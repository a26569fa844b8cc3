"""The opening's listing of a real project: .gitignore respected, virtual environments and build
output left out (and said so), the listing ranked for the task and bounded, every file accounted
for exactly once (shown, or counted in its folder's line)."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from smallops_tui.agent.files.project import project_files
from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.session.levers.listing import TREE_CHARS, TREE_LIMIT, named_by, ranked_listing
from smallops_tui.agent.session.levers.opening import file_tree


def _write(root: Path, *paths: str) -> None:
    for rel in paths:
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("x\n", encoding="utf-8")


def test_gitignore_at_every_level_venvs_and_build_output_are_left_out(tmp_path: Path) -> None:
    _write(tmp_path, "README.md", "src/app.py", "src/app.log", "src/keep.log", "src/gen/out.py", "src/build/util.py",
           "build/lib/app.py", "dist/app.whl", "pkg.egg-info/PKG-INFO", "env/pyvenv.cfg", "env/lib/x.py",
           "node_modules/a/index.js", ".git/HEAD", "docs/notes.tmp")
    (tmp_path / ".gitignore").write_text("*.log\n!keep.log\n*.tmp\n", encoding="utf-8")
    (tmp_path / "src" / ".gitignore").write_text("gen/\n", encoding="utf-8")
    found = project_files(Workspace(tmp_path))
    assert found.files == [".gitignore", "README.md", "src/.gitignore", "src/app.py", "src/keep.log",
                           "src/build/util.py"]  # a build/ below the top is a package of that name
    assert set(found.left_out) == {"build/", "dist/", "env/", "node_modules/", "pkg.egg-info/", "src/gen/"}
    assert found.ignored_files == 2  # src/app.log and docs/notes.tmp
    assert found.left_out_line().startswith("Not listed (ignored, tool or generated): folders ")
    assert ".git/" not in found.left_out_line() and "2 ignored files" in found.left_out_line()


def test_a_fifo_named_gitignore_is_not_opened(tmp_path: Path) -> None:
    _write(tmp_path, "a.py")
    os.mkfifo(tmp_path / ".gitignore")
    result: list[list[str]] = []
    walker = threading.Thread(target=lambda: result.append(project_files(Workspace(tmp_path)).files), daemon=True)
    walker.start()
    walker.join(timeout=30)  # a bound on a hang, not a speed: the walk takes milliseconds
    assert result == [[".gitignore", "a.py"]]


def test_a_small_project_is_listed_whole_as_before(tmp_path: Path) -> None:
    _write(tmp_path, "math.py", "tests/test_math.py")
    assert file_tree(Workspace(tmp_path)) == "Files in the project (2):\n- math.py\n- tests/test_math.py"


def test_a_clone_sized_tree_shows_the_top_level_and_counts_the_rest(tmp_path: Path) -> None:
    _write(tmp_path, "README.md", "pyproject.toml", ".github/workflows/ci.yml",
           *[f"benchmarks/results/run{i}.jsonl" for i in range(60)], *[f"pkg/mod{i}.py" for i in range(80)],
           *[f"tests/test_{i}.py" for i in range(50)], "docs/index.md")
    tree = file_tree(Workspace(tmp_path), "list the files and say what this project does")
    lines = tree.splitlines()
    assert lines[0] == "Files in the project (194):"
    assert "- README.md" in lines and "- pyproject.toml" in lines and "- .github/workflows/ci.yml" in lines
    assert "- pkg/ (80 files)" in lines and "- tests/ (50 files)" in lines and "- docs/index.md" in lines
    assert "list_dir shows it" in lines[-1]
    named = file_tree(Workspace(tmp_path), "fix the bug in pkg/mod42.py").splitlines()
    assert "- pkg/mod42.py" in named and "- pkg/ (… 75 more files)" in named  # it, its neighbours, the rest counted


def _accounted(lines: list[str]) -> int:
    total = 0
    for line in lines:
        count = re.search(r"\((?:… )?(\d+) (?:more )?files?(?: more)?\)$", line) or re.search(r"and (\d+) more files$", line)
        total += int(count.group(1)) if count else 1
    return total


names = st.text(alphabet="abcdefgh._-", min_size=1, max_size=6).filter(lambda s: s not in (".", ".."))


@settings(max_examples=150, deadline=None)
@given(tree=st.lists(st.lists(names, min_size=1, max_size=4).map("/".join), min_size=0, max_size=400, unique=True),
       pick=st.integers(min_value=0, max_value=400))
def test_any_tree_is_listed_within_bounds_and_every_file_once(tree: list[str], pick: int) -> None:
    files = [f for f in tree if not any(other.startswith(f + "/") for other in tree)]  # a name is a file or a folder
    task = f"change {files[pick % len(files)]} please" if files else "hello"
    lines = ranked_listing(files, task)
    assert len(lines) <= TREE_LIMIT + 1 and sum(len(line) + 1 for line in lines) <= TREE_CHARS + 40
    assert _accounted(lines) == len(files), lines
    if files and len(files) <= TREE_LIMIT and sum(len(f) + 3 for f in files) <= TREE_CHARS:
        assert lines == [f"- {f}" for f in files]


def test_a_named_file_is_named_as_a_word() -> None:
    assert named_by("fix calc.py now", "src/calc.py") and named_by("see src/calc.py", "src/calc.py")
    assert not named_by("fix mycalc.py", "calc.py") and not named_by("fix calc.pyc", "calc.py")
