"""Where a task says new lines go, and whether an edit put them there (agent/session/placement.py)."""

from __future__ import annotations

import pytest

from smallops_tui.agent.session.placement import Place, inserted_at, misplaced, task_place


@pytest.mark.parametrize(("task", "place"), [
    ("Add one blank line at the end of file.txt and change nothing else.", Place("end")),
    ("Append a line 'ok' to notes.txt", Place("end")),
    ("Put a licence header at the top of main.py", Place("start")),
    ("Add a line above the first line of a.txt", Place("start")),
    ("Add x = 2 below the last line of a.py", Place("end")),
    ('Insert a comment line "# greet the user" directly above the print line in main.py.', Place("before", "print")),
    ("Insert import os after the import sys line", Place("after", "import sys")),
    ("Add x = 1 below the line with def main(): in app.py", Place("after", "def main():")),
    ('Add a comment above the line that says "x = 1".', Place("before", "x = 1")),
    ("Put the licence at the start of this file.", Place("start")),
    ("Add a note to the end of README.md", Place("end")),
])
def test_a_task_that_names_one_place_is_read(task: str, place: Place) -> None:
    assert task_place(task) == place


@pytest.mark.parametrize("task", [
    "Fix the bug in math.py: the function add should return the sum of a and b.",
    "Append a line to the log, then add a header at the top of it",  # two places
    "Put it after the next line",  # a line described, not quoted
    "Add a docstring to foo",
    # "the end of" / "the start of" something that is not a file or a part of one (heldout32's aa05)
    "In the camera-trap tally some animals lose the end of their name. Can you sort it out?",
    "At the end of the week I want to run the pay for all the days at once. Put an example in the README.",
    "Nobody reaches the end of the book. Make it round up, and fix the test.",
    "At the start of the season the list is empty; add a header line to it.",
    "Add `return s` at the end of the function total in calc.py.",  # a part of the file (a review)
    "Add the new entry to the end of the list.",
])
def test_a_task_without_one_plain_place_names_none(task: str) -> None:
    assert task_place(task) is None


def test_an_insertion_is_found_only_when_it_is_one_inserted_block() -> None:
    assert inserted_at("a\nb\n", "a\nb\n\n") == 2  # a blank line at the end, which splitlines hides
    assert inserted_at("a\nb\n", "\na\nb\n") == 0
    assert inserted_at("a\nb\n", "a\nx\nb\n") == 1
    assert inserted_at("a\nb\n", "a\nc\n") is None  # a replacement
    assert inserted_at("a\nb\n", "x\na\nb\ny\n") is None  # two blocks


TASK = 'Insert a comment line "# greet the user" directly above the print line in main.py.'
BEFORE = 'name = "Ann"\nprint(name)\n'


def test_an_insertion_elsewhere_is_misplaced_and_one_in_place_is_not() -> None:
    wrong = misplaced(TASK, "main.py", BEFORE, "# greet the user\n" + BEFORE)
    assert wrong == ("the task asks for new lines directly above the line with 'print', that is above line 2 "
                     "('print(name)'); they were added above line 1 ('name = \"Ann\"')")
    assert misplaced(TASK, "main.py", BEFORE, 'name = "Ann"\n# greet the user\nprint(name)\n') is None
    end = "Add one blank line at the end of file.txt and change nothing else."
    assert misplaced(end, "file.txt", "hello\n", "\nhello\n") is not None
    assert misplaced(end, "file.txt", "hello\n", "hello\n\n") is None


def test_nothing_is_said_where_nothing_plain_can_be() -> None:
    assert misplaced(TASK, "other.py", BEFORE, "# x\n" + BEFORE) is None  # the task names another file
    assert misplaced(TASK, "main.py", None, "# x\n") is None  # a new file
    assert misplaced("Insert a line above the print line; fix the name too", "main.py", BEFORE,
                     'name = "Bo"\nprint(name)\n') is None  # not an insertion, and the task asks for more
    assert misplaced("Fix main.py", "main.py", BEFORE, "# x\n" + BEFORE) is None  # no place named
    assert misplaced("Add x above the return line in main.py", "main.py", BEFORE, "x\n" + BEFORE) is None  # no such line


def test_an_insertion_task_whose_edit_removes_lines_is_misplaced() -> None:
    """r6 in the bench: asked for a blank line at the end of "hello\\n", the 1.5B wrote "\\n" and said done."""
    end = "Add one blank line at the end of file.txt and change nothing else."
    assert misplaced(end, "file.txt", "hello\n", "\n") == (
        "the task asks only to add lines at the end of the file, and the edit removes 1 line that were there ('hello')")
    assert misplaced("Add a comment at the top of a.py and fix the typo", "a.py", "x\n", "# c\ny\n") is None  # asked
    assert misplaced(end, "file.txt", "hello\n\n\n", "hello\n\n") is None  # blank lines only
    r1 = 'Insert a comment line "# greet" directly above the print line in main.py. Do not change the print line.'
    assert misplaced(r1, "main.py", BEFORE, "# greet\n") is not None  # the forbidding clause asks nothing
