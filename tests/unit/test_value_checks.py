"""STILL THERE for an old value, with its unit, that the task replaces and a changed file (or the
README) still says (agent/session/value_checks.py): heldout23's d02 kit, whose constant went to 20
while the message beside it still said "full (24 judoka)", every test passing."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.session.value_checks import old_values, values_left

TASK = "A senior session on the mat can take at most 20 judoka instead of 24. Junior sessions don't change."
SESSIONS = 'SENIOR_LIMIT = 24\nJUNIOR_LIMIT = 16\nFULL = "full (24 judoka)"\nJUNIORS = "full (16 juniors)"\n'


@pytest.mark.parametrize(("task", "found"), [
    (TASK, [("24", "20", "judoka")]),
    ("Lessons go from 45 minutes to 60.", [("45", "60", "minutes")]),
    ("The food bank opens at 10:00 on Thursdays instead of 9:30.", []),  # a time, no unit word
    ("We're raising the deposit from 25% to 30%.", []),  # a percentage may stand for another rate
    ("Judging is at 14:30 instead of 14:00.", []),
])
def test_which_old_values_the_task_replaces(task: str, found: list[tuple[str, str, str]]) -> None:
    assert old_values(task) == found


def _left(tmp_path: Path, now: str, readme: str = "# Dojo\n") -> list[str]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "sessions.py").write_text(now)
    (tmp_path / "README.md").write_text(readme)
    first = {"sessions.py": SESSIONS, "README.md": readme}
    return values_left(TASK, Workspace(tmp_path), first, ["sessions.py"], ["README.md", "sessions.py"])


def test_the_old_value_left_beside_the_change_is_still_there(tmp_path: Path) -> None:
    constant_only = SESSIONS.replace("SENIOR_LIMIT = 24", "SENIOR_LIMIT = 20")
    assert _left(tmp_path / "a", constant_only) == ["'24 judoka', the value the task replaces, is still in sessions.py"]
    assert _left(tmp_path / "b", constant_only.replace("(24 judoka)", "(20 judoka)"),
                 readme="Seniors: at most 24 judoka.\n") == [
        "'24 judoka', the value the task replaces, is still in README.md"]
    assert _left(tmp_path / "c", constant_only.replace("(24 judoka)", "(20 judoka)")) == []
