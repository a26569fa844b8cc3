"""NOT IMPORTED (agent/session/import_checks.py): the task asks the files it names to import from a
module, and one does not (heldout25's j11: detecting/periods.py written, the three modules that each
wrote the list out left as they were, every test passing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.session.import_checks import import_target, not_imported

TASK = ("The list of archaeological periods is written out separately in detecting/finds.py and "
        "detecting/report.py. Please keep a single copy in a new module, detecting/periods.py, and have the "
        "others import it from there.")
LIST = 'PERIODS = ["Roman", "Medieval"]\n'


@pytest.mark.parametrize(("task", "target"), [
    (TASK, "detecting/periods.py"),
    ("Move MINIMUM_FARE from cabfare/bookings.py into cabfare/meter.py and import it in bookings.py from there.",
     "cabfare/meter.py"),
    ("Move `quote` into a new module tattoo/pricing.py and have the CLI import them from there.", "tattoo/pricing.py"),
    ("Move quote into tattoo/pricing.py.", None),  # no import asked for
])
def test_which_module_the_task_asks_imports_from(task: str, target: str | None) -> None:
    assert import_target(task) == target


def _flags(tmp_path: Path, finds: str, report: str, made: bool = True) -> list[str]:
    (tmp_path / "detecting").mkdir(parents=True)
    (tmp_path / "detecting" / "finds.py").write_text(finds)
    (tmp_path / "detecting" / "report.py").write_text(report)
    files = ["detecting/finds.py", "detecting/report.py"]
    if made:
        (tmp_path / "detecting" / "periods.py").write_text(LIST)
        files.append("detecting/periods.py")
    return not_imported(TASK, Workspace(tmp_path), ["detecting/finds.py", "detecting/report.py"], files)


def test_every_named_module_importing_from_the_new_one_is_no_flag(tmp_path: Path) -> None:
    assert _flags(tmp_path, "from .periods import PERIODS\n", "from detecting import periods\n") == []


def test_a_named_module_left_with_its_copy_is_not_imported(tmp_path: Path) -> None:
    assert _flags(tmp_path / "a", LIST, "from detecting.periods import PERIODS\n") == [
        "detecting/finds.py does not import from detecting/periods.py, as the task asks"]
    assert _flags(tmp_path / "b", LIST, LIST) == [
        "detecting/finds.py, detecting/report.py do not import from detecting/periods.py, as the task asks"]


def test_no_new_module_is_left_to_other_checks(tmp_path: Path) -> None:
    assert _flags(tmp_path, LIST, LIST, made=False) == []
