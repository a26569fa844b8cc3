"""A name the task moves between modules (agent/session/move_checks.py): still defined where it
was (copied, not moved) or not defined where it was to go, from heldout17's h10 and heldout21's s11
kits, and the moves done right."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.session.move_checks import moved_findings, moves

MOVE_IT = ("MINIMUM_FARE belongs with the other tariff constants: move it from cabfare/bookings.py into "
           "cabfare/meter.py and import it in bookings.py from there.")
MOVE_NAMED = "Please move `session_cost` out of studio/bookings.py into a new module, studio/rates.py."


@pytest.mark.parametrize(("task", "found"), [
    (MOVE_IT, [("MINIMUM_FARE", "cabfare/bookings.py", "cabfare/meter.py")]),
    (MOVE_NAMED, [("session_cost", "studio/bookings.py", "studio/rates.py")]),
    ("normalise_name lives in guests.py; please move it into seatplan/text.py.", [("normalise_name", None, "seatplan/text.py")]),
    ("Please move anvil/temps.py to anvil/heat/colours.py.", []),  # a file moved: STILL THERE's
    ("Move the meeting to Friday.", []),
])
def test_what_the_task_moves(task: str, found: list[tuple[str, str | None, str]]) -> None:
    assert moves(task) == found


def _findings(tmp_path: Path, files: dict[str, str], task: str = MOVE_IT) -> list[tuple[str, str]]:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return [(f.kind, f.text) for f in moved_findings(task, Workspace(tmp_path))]


def test_a_name_copied_not_moved_is_still_defined(tmp_path: Path) -> None:
    copied = {"cabfare/bookings.py": "MINIMUM_FARE = 5.0\n", "cabfare/meter.py": "NIGHT_END = 6\nMINIMUM_FARE = 5.0\n"}
    assert _findings(tmp_path, copied) == [("still_defined", "MINIMUM_FARE, which the task moves out of "
                                                             "cabfare/bookings.py, is still defined there")]


def test_a_name_moved_elsewhere_is_not_added(tmp_path: Path) -> None:
    other = {"studio/bookings.py": "from studio.pricing import session_cost\n",
             "studio/pricing.py": "def session_cost(room):\n    return 1\n"}
    assert _findings(tmp_path, other, MOVE_NAMED) == [("not_added", "session_cost is to move into studio/rates.py, "
                                                                    "and studio/rates.py does not exist")]


def test_a_move_done_right_says_nothing(tmp_path: Path) -> None:
    moved = {"cabfare/bookings.py": "from cabfare.meter import MINIMUM_FARE\n",
             "cabfare/meter.py": "NIGHT_END = 6\nMINIMUM_FARE: float = 5.0\n"}
    assert _findings(tmp_path, moved) == []
