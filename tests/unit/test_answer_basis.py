"""UNFOUNDED (answer_basis.py): a number question about what the project's code works out, answered
with no look at that code (heldout30's c11 grepped the survey for one species and said 0), and
what counts as a look. Through a whole session: tests/functional/test_answer_basis_in_a_session.py."""

from __future__ import annotations

import pytest

from smallops_tui.agent.session.answer_basis import option_left_out, unfounded
from smallops_tui.agent.session.guards import data_key

TASK = ("Don't change anything, I just need a number for the committee: what biodiversity score does Long Pond get "
        "from the survey in survey.csv?")
CODE = {"pond/__init__.py": "", "pond/score.py": "def site_score(records, pond):\n    return 17\n",
        "pond/survey.py": "def load_survey(path):\n    return []\n", "tests/test_score.py": "def test_score():\n    pass\n"}


def _step(**fields: str) -> tuple[str, str]:
    return fields["action"], data_key(dict(fields))


def test_a_number_given_with_no_look_at_the_code_that_works_it_out_is_unfounded() -> None:
    steps = [_step(action="read_file", path="survey.csv"),
             _step(action="run_command", command="grep 'Long Pond' survey.csv | grep beetle")]
    said = unfounded(TASK, steps, CODE)
    assert said is not None and "site_score (pond/score.py)" in said and "load_survey (pond/survey.py)" in said, said


@pytest.mark.parametrize("steps", [
    [_step(action="read_file", path="pond/score.py")],
    [_step(action="read_file", path="./pond/survey.py")],
    [_step(action="run_command", command="python3 -m pond.score survey.csv 'Long Pond'")],
])
def test_a_read_of_that_code_or_any_python_run_is_a_look(steps: list[tuple[str, str]]) -> None:
    assert unfounded(TASK, steps, CODE) is None


@pytest.mark.parametrize("task", [
    "Add a --pond option to python -m pond.score.",  # no question
    "Which species were seen at Long Pond? Don't change anything.",  # no number asked
    "How many rows does notes.csv have? Don't change anything.",  # nothing of the code named
    "What score does pond/score.py give Long Pond? Don't change anything.",  # the opening shows the file
])
def test_others_are_not_judged(task: str) -> None:
    assert unfounded(task, [_step(action="read_file", path="survey.csv")], CODE) is None


def test_a_hostile_step_key_is_no_look_and_no_crash() -> None:
    assert unfounded(TASK, [("read_file", "__import__('os')"), ("run_command", "[(1, 2)]")], CODE) is not None


@pytest.mark.parametrize("steps", [
    [_step(action="run_command", command="cat pond/score.py")],  # read through the shell
    [_step(action="run_command", command="grep -A5 site_score pond/score.py")],
    [_step(action="read_file", path="/home/me/proj/pond/score.py")],  # an absolute path
    [_step(action="run_command", command="./pond/score.py survey.csv 'Long Pond'")],  # run without "python"
    [_step(action="run_command", command="make score")],
    [_step(action="run_command", command="uv run -m pond.score survey.csv 'Long Pond'")],
])
def test_the_code_looked_at_another_way_is_a_look(steps: list[tuple[str, str]]) -> None:
    assert unfounded(TASK, steps, CODE) is None


def test_a_file_the_task_names_by_its_own_name_was_shown_and_a_set_number_is_no_computation() -> None:
    grep = [_step(action="run_command", command="grep Pond survey.csv")]
    assert unfounded(TASK.replace("survey.csv?", "survey.csv, as score.py works it out?"), grep, CODE) is None
    port = "What port does the server listen on? Don't change anything."
    code = {"app/server.py": "def start_server(port):\n    return port\n"}
    assert unfounded(port, grep, code, "It listens on 8080.", ["[server]\nport = 8080\n"]) is None
    assert unfounded(port, grep, code, "It listens on 8080.", ["[server]\nport = 9000\n"]) is not None


LEAF = '''import argparse


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("text")
    ap.add_argument("height", type=int)
    ap.add_argument("--both-sides", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    print(len(args.text) * (2 if args.both_sides else 1))
'''
SIGN = {"signs/__init__.py": "", "signs/leaf.py": LEAF}
LEAVES = ("How many leaves of gold will the Red Lion's new sign need? It's THE RED LION in 300 mm letters, gilded on "
          "both sides of the board. I want the figure our leaf calculator gives; please don't change anything.")


def test_a_number_from_runs_that_left_out_the_option_the_question_states_is_left_out() -> None:
    """heldout31's i11: "gilded on both sides", and every run of signs.leaf without --both-sides."""
    runs = [_step(action="read_file", path="signs/leaf.py"),
            _step(action="run_command", command="python signs.leaf 'THE RED LION' 300"),  # no such file: not a run of it
            _step(action="run_command", command="python -m signs.leaf 'THE RED LION' 300")]
    said = option_left_out(LEAVES, runs, SIGN)
    assert said == ('the task speaks of "both sides", and no run of `python -m signs.leaf` passed --both-sides '
                    "(1 run without it)"), said
    with_it = [*runs, _step(action="run_command", command="python3 signs/leaf.py 'THE RED LION' 300 --both-sides")]
    assert option_left_out(LEAVES, with_it, SIGN) is None


@pytest.mark.parametrize("task", [
    "How many leaves does THE RED LION in 300 mm letters need, gilded on one side only? Don't change anything.",
    "How many leaves does THE RED LION need in 300 mm letters, not on both sides? Don't change anything.",
    "How many leaves for THE RED LION in 300 mm letters, as JSON? Don't change anything.",  # --json: too common a word
    "Gild THE RED LION on both sides of the board and save the figure in leaves.txt.",  # not a question
    # a review's cases: one-word options, a clause that says it is so already, "rather than"
    "What total does our leaf calculator output for THE RED LION in 300 mm? Don't change anything.",
    "How many leaves for THE RED LION in 300 mm, on one side rather than both sides? Don't change anything.",
    "How many leaves for THE RED LION? It's gilded on both sides already. Don't change anything.",
])
def test_an_option_not_stated_or_set_aside_or_a_task_that_changes_things_is_not_judged(task: str) -> None:
    runs = [_step(action="run_command", command="python -m signs.leaf 'THE RED LION' 300")]
    assert option_left_out(task, runs, SIGN) is None


@pytest.mark.parametrize("command", [
    "python -m signs.leaf 'THE RED LION' 300 -b",  # a short option
    "python -m signs.leaf 'THE RED LION' 300 --both",  # argparse's prefix
    "python -m signs.leaf 'THE RED LION' 300 --both-sides | tail -1",  # piped: not read
    "python3 -c 'from signs.leaf import main; main([\"THE RED LION\", \"300\", \"--both-sides\"])'",
])
def test_a_run_that_may_have_passed_the_option_leaves_it_open(command: str) -> None:
    runs = [_step(action="run_command", command="python -m signs.leaf 'THE RED LION' 300"),
            _step(action="run_command", command=command)]
    assert option_left_out(LEAVES, runs, SIGN) is None
