"""NO ANSWER for a summary that only tells what the model did: the README's own first task, "list the
files and say what this project does", run by a new user in a clone of this repository, ended with
"Listed the files in the project directory." beside no flag."""

from __future__ import annotations

import pytest

from smallops_tui.agent.session.answer_checks import unanswered

TASK = "list the files and say what this project does"


@pytest.mark.parametrize("summary", [
    "Listed the files in the project directory.",
    "The proposed command was not run.",
    "The proposed command was not recognized as a valid command.",
    "I read the README. I looked at the tests.",
])
def test_a_summary_of_what_was_done_is_no_answer(summary: str) -> None:
    assert unanswered(TASK, summary) == ("the summary tells what was done (listed, read, ran), not what the task "
                                         "asks to be told")


@pytest.mark.parametrize("summary", [
    "This project is a terminal app that supervises a small model.",
    "Listed the files: app.py, README.md.",  # what was found, after a colon
    "I read README.md: it is a TUI for small models.",
    "I read the README. It is a terminal cockpit for small models.",
    "READY", "add",  # the nine's t1 and t2: the answer is the word asked for
])
def test_an_answer_is_not_flagged(summary: str) -> None:
    assert unanswered(TASK, summary) is None


def test_a_task_that_asks_for_a_change_is_not_judged_so() -> None:
    assert unanswered("Add a docstring to main() in app.py.", "Read app.py.") is None
