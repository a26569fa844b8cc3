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


QUESTION = ("Don't change any files, just tell me: according to Specifier._compare_greater_than in "
            "src/packaging/specifiers.py, does the specifier >1.7 match the version 1.7.0.post1, and why?")


@pytest.mark.parametrize("summary", [
    # a new user's session in packaging's source: this `done` was shown with no flag
    "I have read the code of _compare_greater_than in tests/test_specifiers.py and will now answer the question about "
    "whether >1.7 matches 1.7.0.post1.",
    "Let me check the README next.",
    "I read specifiers.py. I will explain the comparison in the next step.",
    "I'll count the TODO comments in app.py now.",
])
def test_a_summary_that_says_the_answer_is_to_come_is_no_answer(summary: str) -> None:
    task = QUESTION if "count" not in summary else "How many TODO comments are in app.py? Don't change anything."
    assert unanswered(task, summary) == "the summary says the answer is still to come, and does not give it"


@pytest.mark.parametrize("summary", [
    "No: >1.7 excludes post-releases of 1.7 itself, so 1.7.0.post1 does not match. I will not change any files.",
    "It does not match; the code will return False for post-releases of the given version.",
])
def test_an_answer_beside_a_promise_is_an_answer(summary: str) -> None:
    assert unanswered(QUESTION, summary) is None
