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


CODE = ("def rush_fee(days):\n    return 50\n\n\nclass Quote:\n    def event_price(self, job):\n"
        "        return job.base * 1.25\n")
WHICH = ("Without changing anything: which function actually adds the rush surcharge when `python -m ice.quote` "
         "prices a job booked less than a week ahead?")


@pytest.mark.parametrize(("summary", "flagged"), [
    # heldout28's a12, shown unflagged: no function named
    ("The docstring and version number are present in the `ice/__init__.py` file.", True),
    ("I read ice/quote.py.", True),
    ("event_price adds it: rush_fee is never called.", False),
    ("It is `Quote.event_price()`.", False),
    ("rush_fee", False),  # a wrong name is still a name: ANSWER DIFFERS' concern, not this one's
])
def test_a_question_about_which_function_answered_with_none_of_the_projects(summary: str, flagged: bool) -> None:
    from smallops_tui.agent.session.answer_checks import defined_names, names_none

    names = defined_names([CODE])
    assert names == {"rush_fee", "Quote", "event_price"}
    said = names_none(WHICH, summary, names)
    assert (said == "the task asks which function it is, and the summary names none the project defines") == flagged
    assert names_none("Rename rush_fee to late_fee.", "Done.", names) is None  # no question


@pytest.mark.parametrize(("summary", "flagged"), [
    # heldout29's b08, shown unflagged: the command's verdict, no file
    ("The flight is allowed to go, and spectators should be kept 15 meters back.", True),
    ("They come from range.json.", False),
    ("rocketry/site.py reads them.", False),
    ("The module rocketry.site loads them.", False),
    ("limits.json, which the function defaults to.", False),  # a wrong file is still a file
])
def test_a_question_about_which_file_answered_with_none_of_the_projects(summary: str, flagged: bool) -> None:
    from smallops_tui.agent.session.answer_checks import file_names, names_none

    task = ("Quick question, don't change anything: when I run `python -m rocketry.go --wind 14 --apogee 380` "
            "without --limits, which file do the wind and altitude limits come from?")
    names = file_names(["range.json", "limits.json", "rocketry/go.py", "rocketry/site.py", "README.md"])
    said = names_none(task, summary, names)
    assert (said == "the task asks which file it is, and the summary names none the project has") == flagged


def test_a_question_asking_which_function_works_a_number_out_asks_no_number() -> None:
    """heldout30's c12: "Which function actually decides how many guides a cathedral tour booking
    gets? Just tell me its name, please don't change any code." answered `guides_for()`, held to NO
    ANSWER for giving no number."""
    from smallops_tui.agent.session.answer_checks import asks_number
    from smallops_tui.agent.session.task_checks import asks_only

    task = ("Which function actually decides how many guides a cathedral tour booking gets? Just tell me its name, "
            "please don't change any code.")
    assert asks_only(task) and not asks_number(task)
    assert unanswered(task, "It's `guides_for()` in tours/staffing.py.") is None
    assert asks_number("Which function is it? And how many guides does a group of 40 get?")
    assert unanswered("How many guides does a group of 40 get? Don't change any code.", "guides_for decides it.")


def test_a_question_asking_which_setting_decides_a_number_asks_no_number() -> None:
    """heldout32's aa12 kit: "Which setting decides how many dogs `python -m walkies.plan` puts on one
    walk, and which file is it in?" answered "- Setting: `max_dogs`\n- File: `walks.json`", held to NO
    ANSWER for giving no number."""
    from smallops_tui.agent.session.answer_checks import asks_number

    task = ("Which setting decides how many dogs `python -m walkies.plan` puts on one walk, and which file is it in? "
            "I just want to know where to change it; don't change anything.")
    assert not asks_number(task)
    assert unanswered(task, "- Setting: `max_dogs`\n- File: `walks.json` (loaded by `walkies/settings.py`)") is None
    assert asks_number("Which setting is it? And how many dogs go on a walk of 12?")
    assert asks_number("What key do I press, and how many times, to skip a track?")  # the number asked too


@pytest.mark.parametrize(("task", "nothing"), [
    ("Which function decides it? Please don't change any code.", True),
    ("Don't change any code, just update the README.", False),  # a change, to the docs
    ("Fix the parser, but don't change any code in tests/.", False),  # narrowed
    ("Make the fee configurable so staff can set it without changing any code.", False),  # a purpose
])
def test_do_not_change_any_code_says_change_nothing_only_when_it_is_all(task: str, nothing: bool) -> None:
    from smallops_tui.agent.session.task_checks import says_change_nothing

    assert says_change_nothing(task) is nothing


def test_a_file_given_as_a_relative_path_is_a_name() -> None:
    """heldout29's kit: "They come from the range file, ./range.json" was held to NO ANSWER."""
    from smallops_tui.agent.session.answer_checks import file_names, names_none

    task = "Quick question, don't change anything: which file do the limits come from?"
    names = file_names(["range.json", "limits.json", "rocketry/go.py"])
    assert names_none(task, "They come from the range file, ./range.json (site.RANGE_FILE).", names) is None
    assert names_none(task, "They come from the range file.", names) is not None


@pytest.mark.parametrize("summary", ["From /home/me/proj/range.json.", "Range.json holds them.",
                                     "It is the site module."])
def test_a_file_or_module_named_by_an_absolute_path_another_case_or_its_own_name_is_a_name(summary: str) -> None:
    from smallops_tui.agent.session.answer_checks import file_names, names_none

    names = file_names(["range.json", "rocketry/site.py", "rocketry/go.py"])
    task = "Don't change anything: which file (or module) do the limits come from?"
    asked = task if "module" not in summary else "Don't change anything: which module holds the range file's name?"
    assert names_none(asked, summary, names) is None, summary


def test_a_long_run_of_marks_in_a_summary_is_read_in_one_pass() -> None:
    from smallops_tui.agent.session.answer_checks import said_names

    assert "range.json" in said_names("-" * 20_000 + " ./" * 10_000 + " range.json")
