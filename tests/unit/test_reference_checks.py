"""STILL THERE for what still refers to a module the session removed, where the task asks for that
to go too (agent/session/reference_checks.py): heldout23's d06 kit, whose wrong answers left the
console script, the CI line or the README's usage naming the removed module, and whose right ones
say nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.session.reference_checks import references_left

TASK = ("We don't need the old spreadsheet import in watchshop/legacy_import.py any more. Please remove it and "
        "everything that refers to it.")
CLEAN = {
    "watchshop/__init__.py": "",
    "watchshop/jobs.py": "def book(job):\n    return job\n",
    "pyproject.toml": '[project.scripts]\nwatchshop = "watchshop.cli:main"\n',
    "README.md": "# Watch shop\n\n    python -m watchshop.cli list\n",
    "CHANGES.md": "- 2.0: watchshop.legacy_import removed\n",  # history may name it
}


def _said(tmp_path: Path, extra: dict[str, str], task: str = TASK) -> list[str]:
    for rel, text in {**CLEAN, **extra}.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    files = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
    return references_left(task, Workspace(tmp_path), ["watchshop/legacy_import.py"], files)


@pytest.mark.parametrize("left", [
    {"pyproject.toml": '[project.scripts]\nwatchshop-import = "watchshop.legacy_import:main"\n'},
    {".github/workflows/ci.yml": "steps:\n  - run: python -m watchshop.legacy_import --help\n"},
    {"README.md": "Old jobs: `watchshop/legacy_import.py`.\n"},
    {"watchshop/cli.py": "from watchshop import jobs, legacy_import\n"},
    {"tests/test_legacy_import.py": "from watchshop.legacy_import import convert\n"},
])
def test_a_reference_left_to_a_removed_module_is_still_there(tmp_path: Path, left: dict[str, str]) -> None:
    [said] = _said(tmp_path, left)
    assert said.startswith("watchshop.legacy_import, removed, is still named in ") and next(iter(left)) in said


def test_a_clean_removal_or_a_task_that_asks_only_for_the_module_says_nothing(tmp_path: Path) -> None:
    assert _said(tmp_path / "a", {}) == []
    assert _said(tmp_path / "b", {"README.md": "the legacy import is gone\n"}) == []  # no module name
    left = {"README.md": "    python -m watchshop.legacy_import x.csv\n"}
    assert _said(tmp_path / "c", left, task="Please delete watchshop/legacy_import.py.") == []
