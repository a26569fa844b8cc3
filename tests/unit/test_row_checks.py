"""OTHER ROWS at `done` (agent/session/row_checks.py): rows of a table changed that name none of what
the task names in it (heldout21's s06 moved Tom's and Grace's starts with Priya's), and what must
not be flagged."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.session.row_checks import other_rows

ROTA = """guard,day,start,end,post
Tom,Fri,07:00,13:30,pool
Priya,Fri,07:00,13:30,deck
Tom,Sat,07:00,14:00,deck
Priya,Sat,07:00,13:00,pool
Grace,Sat,13:00,20:00,pool
Priya,Sun,07:00,13:00,pool
"""
PRIYA = "In the lido lifeguard rota, Priya's Saturday shift should start at 7:30 now instead of 7:00. Everything else stays the same."


def _found(tmp_path: Path, task: str, now: str, name: str = "rota.csv") -> list[str]:
    (tmp_path / name).write_text(now)
    return [f.text for f in other_rows(task, Workspace(tmp_path), {name: ROTA}, [name])]


def test_rows_the_task_does_not_name_changed_are_other_rows(tmp_path: Path) -> None:
    every_weekend = ROTA.replace("Sat,07:00", "Sat,07:30").replace("Sat,13:00", "Sat,13:30")
    [said] = _found(tmp_path, PRIYA, every_weekend)
    assert said.startswith("2 of the 3 rows of rota.csv that changed name none of priya, which the task names: "
                           "'Tom,Sat,07:00,14:00,deck'; 'Grace,Sat,13:00,20:00,pool'"), said
    wrong_row = ROTA.replace("Tom,Sat,07:00", "Tom,Sat,07:30")
    assert _found(tmp_path, PRIYA, wrong_row)[0].startswith("1 of the 1 rows")


@pytest.mark.parametrize(("task", "now"), [
    (PRIYA, ROTA.replace("Priya,Sat,07:00", "Priya,Sat,07:30")),  # the right row
    # every row the task picks, by a name or a quoted value
    ("Tom and Grace swap their Saturday posts.", ROTA.replace("Tom,Sat,07:00,14:00,deck", "Tom,Sat,07:00,14:00,pool")
     .replace("Grace,Sat,13:00,20:00,pool", "Grace,Sat,13:00,20:00,deck")),
    ("Every shift that starts at '07:00' starts at 07:15 now.", ROTA.replace(",07:00,", ",07:15,")),
    # the task names no row: every row may change
    ("All shifts start a quarter of an hour later.", ROTA.replace(",07:00,", ",07:15,").replace(",13:00,", ",13:15,")),
    # a word in every row picks none out, and the header is no row
    ("Rename the Post column to Station; Guard stays.", ROTA.replace("guard,day,start,end,post", "guard,day,start,end,station")),
])
def test_rows_the_task_picks_or_a_task_that_picks_none_are_not_flagged(tmp_path: Path, task: str, now: str) -> None:
    assert _found(tmp_path, task, now) == []


def test_a_row_added_is_not_read_and_other_files_are_not_tables(tmp_path: Path) -> None:
    assert _found(tmp_path, PRIYA, ROTA + "Zoe,Sat,07:30,13:00,deck\n") == []
    assert _found(tmp_path, PRIYA, ROTA.replace("Tom,Sat,07:00", "Tom,Sat,07:30"), name="rota.txt") == []
