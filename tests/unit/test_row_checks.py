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
    assert said == ("2 of the 3 rows of rota.csv that changed name fewer of priya, sat, which the task names, than "
                    "'Priya,Sat,07:00,13:00,pool': 'Tom,Sat,07:00,14:00,deck'; 'Grace,Sat,13:00,20:00,pool'"), said
    wrong_row = ROTA.replace("Tom,Fri,07:00", "Tom,Fri,07:30")
    assert _found(tmp_path, PRIYA, wrong_row) == ["1 of the 1 rows of rota.csv that changed name none of priya, sat, "
                                                  "which the task names: 'Tom,Fri,07:00,13:30,pool'"]


def test_a_row_naming_fewer_of_the_tasks_words_than_another_is_another_row(tmp_path: Path) -> None:
    """heldout21's s06 kit: Priya's Sunday shift moved for "Priya's Saturday shift" ("Saturday" is
    "Sat" in the rota), alone or beside the right one."""
    sunday = ROTA.replace("Priya,Sun,07:00", "Priya,Sun,07:30")
    assert _found(tmp_path, PRIYA, sunday)[0].startswith("1 of the 1 rows of rota.csv that changed name fewer of "
                                                         "priya, sat")
    both = sunday.replace("Priya,Sat,07:00", "Priya,Sat,07:30")
    assert _found(tmp_path, PRIYA, both)[0].startswith("1 of the 2 rows")
    # A row the change makes name as many is what the task moved ("Move Tom's Friday shift to Saturday").
    assert _found(tmp_path, "Move Tom's Friday shift to Saturday.", ROTA.replace("Tom,Fri,", "Tom,Sat,")) == []


POINTS = """[
  {"name": "St Mark's Church Hall", "day": "Tuesday", "opens": "09:30"},
  {"name": "St Mark's Church Hall", "day": "Thursday", "opens": "09:30"},
  {"name": "St Luke's Community Centre", "day": "Thursday", "opens": "09:30"},
  {"name": "Millbrook Library", "day": "Monday", "opens": "13:00"}
]
"""
ST_MARKS = "The collection point at St Mark's Church Hall now opens at 10:00 on Thursdays instead of 9:30."


@pytest.mark.parametrize(("now", "flagged"), [
    (POINTS.replace('"Thursday", "opens": "09:30"}', '"Thursday", "opens": "10:00"}', 1), False),  # the right entry
    (POINTS.replace('"Tuesday", "opens": "09:30"', '"Tuesday", "opens": "10:00"'), True),  # St Mark's Tuesday
    (POINTS.replace('Centre", "day": "Thursday", "opens": "09:30"', 'Centre", "day": "Thursday", "opens": "10:00"'),
     True),  # St Luke's Thursday
    (POINTS.replace('"09:30"', '"10:00"'), True),  # every 9:30
])
def test_a_json_list_one_entry_a_line_is_read_as_rows(tmp_path: Path, now: str, flagged: bool) -> None:
    """heldout22's e05 kit: the wrong St Mark's entry, St Luke's, or both St Mark's entries."""
    (tmp_path / "points.json").write_text(now)
    found = other_rows(ST_MARKS, Workspace(tmp_path), {"points.json": POINTS}, ["points.json"])
    assert bool(found) is flagged, found


def test_a_json_list_rewritten_in_another_layout_is_judged_by_its_entries(tmp_path: Path) -> None:
    """A right answer of heldout22's e05 kit loads the list, sets the one entry and dumps it with
    indent=4 and sorted keys: every line differs, one entry does."""
    import json

    data = json.loads(POINTS)
    data[1]["opens"] = "10:00"
    (tmp_path / "points.json").write_text(json.dumps(data, indent=4, sort_keys=True) + "\n")
    assert other_rows(ST_MARKS, Workspace(tmp_path), {"points.json": POINTS}, ["points.json"]) == []
    data[0]["opens"] = "10:00"
    (tmp_path / "points.json").write_text(json.dumps(data, indent=4, sort_keys=True) + "\n")
    assert other_rows(ST_MARKS, Workspace(tmp_path), {"points.json": POINTS}, ["points.json"]) != []


def test_a_json_object_is_no_table(tmp_path: Path) -> None:
    first = '{\n  "St Marks": {\n    "opens": "09:30"\n  },\n  "St Lukes": {\n    "opens": "09:30"\n  }\n}\n'
    (tmp_path / "points.json").write_text(first.replace('"09:30"', '"10:00"', 1))
    assert other_rows("St Marks opens at 10:00 now.", Workspace(tmp_path), {"points.json": first}, ["points.json"]) == []


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


CLASSES = """class,section,title,judging,fee_pence
1,Vegetables,Three potatoes (white),11:00,50
5,Vegetables,Heaviest marrow,14:00,100
6,Vegetables,Longest marrow,14:00,100
7,Flowers,Three dahlias,14:00,50
8,Flowers,Sweet peas,15:00,50
"""
MARROW = "At this year's village show the heaviest marrow class will be judged at 14:30 instead of 14:00. Nothing else changes."


@pytest.mark.parametrize(("now", "flagged"), [
    (CLASSES.replace("Heaviest marrow,14:00", "Heaviest marrow,14:30"), False),
    (CLASSES.replace("Longest marrow,14:00", "Longest marrow,14:30"), True),  # the other marrow
    (CLASSES.replace(",14:00,", ",14:30,"), True),  # every two o'clock class
])
def test_plain_words_pick_rows_where_no_name_is_capitalised(tmp_path: Path, now: str, flagged: bool) -> None:
    """heldout23's d05 kit: the task writes "the heaviest marrow class" in lower case, so no word
    picked rows, and the longest marrow's time, or every 14:00, moved unflagged."""
    (tmp_path / "classes.csv").write_text(now)
    found = other_rows(MARROW, Workspace(tmp_path), {"classes.csv": CLASSES}, ["classes.csv"])
    assert bool(found) is flagged, found


def test_a_table_rewritten_with_every_cell_quoted_is_the_same_rows(tmp_path: Path) -> None:
    import csv
    import io

    rows = list(csv.reader(io.StringIO(CLASSES)))
    rows[2][3] = "14:30"
    out = io.StringIO()
    csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\n").writerows(rows)
    (tmp_path / "classes.csv").write_text(out.getvalue())
    assert other_rows(MARROW, Workspace(tmp_path), {"classes.csv": CLASSES}, ["classes.csv"]) == []
