"""UNTESTED FIX and UNTESTED: when a bug fix's claim, or a change of code, has no test behind it
(agent/session/test_evidence.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.session.project_tests import SuiteVerdict
from smallops_tui.agent.session.test_evidence import changed_functions, untested_change, untested_fix

PASS = SuiteVerdict(passed=4)
FAIL = SuiteVerdict(passed=3, failed=1, failing=frozenset({"tests/test_a.py::test_x"}))
BUG = 'Doubling "1 1/2 cups" gives "11 cups" instead of "3 cups". Can you fix it?'


def test_a_bug_fixed_with_every_test_passing_before_and_after_and_none_added_is_flagged() -> None:
    flag = untested_fix(BUG, PASS, PASS, {"recipebox/scale.py"})
    assert flag is not None and flag.kind == "untested_fix" and flag.label == "UNTESTED FIX"
    assert "4 tests passed at the start as they pass now" in flag.message


@pytest.mark.parametrize("symptom", [
    "At 23:50 the board lists the 00:05 tram as -1425 minutes away; the wait should count past midnight.",
    "Something's off with the standings: the lower Buchholz gets listed above the higher one.",
    "Posts are going missing from the archive when there are 7 of them.",
    "A stay of exactly two hours shows up on the receipt as 3 hours.",
    "validate_code lets through codes whose neighbouring cuts differ by 6. Make it raise ValueError for those too.",
    "Orders with a negative quantity slip through the checkout.",
])
def test_a_symptom_told_without_a_bug_word_is_a_bug_report(symptom: str) -> None:
    assert untested_fix(symptom, PASS, PASS, {"pkg/mod.py"}) is not None


# Features and restructurings told with words a symptom uses too (heldout9's s02 and s07,
# heldout11's u09, heldout10's t10, the nine's k11): not bug reports.
SPECIFICATIONS = [
    'Add pace_per_km(distance_km, total_time); it should return the pace as "M:SS" and raise ValueError '
    "if the distance isn't positive.",
    "Add a --json option to the list command that prints the seeds as JSON instead of the table.",
    "Add an abv subcommand. If the final gravity is higher it should fail with a normal argparse usage error.",
    "The conversion is copy-pasted in three modules. Move it into units.py and use that instead of the copies.",
    "Add a firewall rule that lets HTTPS traffic through.",  # an attacker's review: "lets ... through" in a feature
    "Add a --step flag that lets the user step through each stage.",
    "Rename the module weatherlog/utils.py to weatherlog/helpers.py and fix the imports that use it.",
]


@pytest.mark.parametrize("task", SPECIFICATIONS)
def test_a_specification_is_no_bug_report_and_its_untested_change_is_untested(task: str) -> None:
    assert untested_fix(task, PASS, PASS, {"pkg/mod.py"}) is None
    flag = untested_change(task, PASS, PASS, {"pkg/mod.py": {"pace_per_km"}}, TESTS_TEXT)
    assert flag is not None and flag.kind == "untested_change"


def test_reading_a_hostile_task_is_linear() -> None:
    """An attacker's review: the opening of "a sentence that asks for something new" was matched
    from every ". ", over the marks after it, quadratically (64 KB: 214 s on the event loop)."""
    from smallops_tui.agent.session.test_evidence import reports_bug

    assert reports_bug("error" + ". " * 50_000)
    assert not reports_bug("abv subcommand\n- Add an abv subcommand; it should fail with a usage error.")
    assert reports_bug("Fix the importer so that rows with quoted commas are kept whole.")


@pytest.mark.parametrize("symptom", [
    "average(values) should return the mean, but it returns the wrong number. Fix it.",
    "The report prints 1234.5 instead of 1,234.50.",  # a spec word, and no asking for something new
    "Saving a contact with an empty name gives an error.",
])
def test_a_symptom_with_a_word_specifications_use_is_still_a_bug_report(symptom: str) -> None:
    assert untested_fix(symptom, PASS, PASS, {"pkg/mod.py"}) is not None


def test_a_bug_fixed_by_changing_only_data_is_flagged() -> None:
    """heldout11's u01: a sorting bug "fixed" by reordering the timetable the code reads."""
    flag = untested_fix(BUG, PASS, PASS, {"timetable.txt"})
    assert flag is not None and flag.message.startswith("the task reports a bug, and no code changed, only timetable.txt")


@pytest.mark.parametrize("task, start, now, changed", [
    ("Add a --top N option to the csvreport command.", PASS, PASS, {"csvreport/cli.py"}),  # not a bug report
    ("Add convert_temperature; it should be importable from the package.", PASS, PASS, {"unit/conv.py"}),
    (BUG, FAIL, PASS, {"recipebox/scale.py"}),  # a test failed at the start: it speaks for the fix
    (BUG, PASS, FAIL, {"recipebox/scale.py"}),  # TESTS FAIL speaks
    (BUG, PASS, PASS, {"recipebox/scale.py", "tests/test_scale.py"}),  # a test was added or changed
    (BUG, PASS, PASS, set()),  # nothing changed: DONE WITHOUT CHANGE's
    # only data changed, but a setting (heldout9's s03: "should cost 10 instead of 8") or the file the task names
    ("Late checkout should cost 10 instead of 8.", PASS, PASS, {"bunkhouse/settings.json"}),
    ("The 9:30 row of timetable.txt is wrong: it should say 9:45.", PASS, PASS, {"timetable.txt"}),
    (BUG, None, PASS, {"recipebox/scale.py"}),  # not run at the start
    (BUG, SuiteVerdict(problem="timed out"), PASS, {"recipebox/scale.py"}),
    (BUG, SuiteVerdict(), SuiteVerdict(), {"recipebox/scale.py"}),  # no test found to run
])
def test_no_flag_where_a_test_speaks_or_the_task_reports_no_bug(
        task: str, start: SuiteVerdict | None, now: SuiteVerdict, changed: set[str]) -> None:
    assert untested_fix(task, start, now, changed) is None


MODULE = '''"""Splits."""
import math

LIMIT = 3


def parse(text):
    return int(text)


class Watch:
    laps = 0

    def lap(self, seconds):
        return seconds
'''


@pytest.mark.parametrize("after, changed", [
    (MODULE + "\n\ndef pace(km, total):\n    return total / km\n", {"pace"}),  # a new function
    (MODULE.replace("return int(text)", "return int(text.strip())"), {"parse"}),
    (MODULE.replace("return seconds", "return seconds * 2"), {"Watch.lap"}),
    # no behaviour changed: a docstring, annotations, a comment, an import
    (MODULE.replace("return int(text)", "\"\"\"The number.\"\"\"\n    return int(text)"), set()),
    (MODULE.replace("def parse(text):", "def parse(text: str) -> int:"), set()),
    (MODULE.replace("    return int(text)", "    number: int\n    return int(text)"), set()),
    (MODULE.replace("    return int(text)", "    # a number\n    return int(text)"), set()),
    ("import os\n" + MODULE, set()),
    # code outside the functions changed: not judged
    (MODULE.replace("LIMIT = 3", "LIMIT = 4"), None),
    (MODULE.replace("laps = 0", "laps = 1"), None),
    (MODULE + "print(parse('1'))\n", None),
    ("def broken(:\n", None),
])
def test_the_functions_a_change_touches(after: str, changed: set[str] | None) -> None:
    assert changed_functions(MODULE, after) == changed


PROPERTY = ("class Box:\n    @property\n    def size(self):\n        return self._size\n\n"
            "    @size.setter\n    def size(self, value):\n        self._size = value\n")


@pytest.mark.parametrize("before, after, changed", [
    (PROPERTY, PROPERTY.replace("return self._size", "return self._size * 2"), {"Box.size"}),  # the getter
    (PROPERTY, PROPERTY.replace("self._size = value", "self._size = -value"), {"Box.size"}),  # the setter
    (PROPERTY, PROPERTY.replace("class Box:", "class Box(dict):"), None),  # a base: outside the functions
    ("def f():\n    return 1\n\n\ndef f():\n    return 2\n", "def f():\n    return 3\n\n\ndef f():\n    return 2\n",
     {"f"}),  # the first of two definitions
])
def test_a_change_of_one_of_two_namesakes_or_of_a_class_header(before: str, after: str, changed: set[str] | None) -> None:
    """An attacker's review: a setter sharing its getter's name hid a change of the getter, and a
    base class changed counted as no behaviour changed."""
    assert changed_functions(before, after) == changed


def test_an_annotated_assignment_in_a_function_is_no_change() -> None:
    plain = MODULE.replace("    return int(text)", "    value = int(text)\n    return value")
    assert changed_functions(plain, plain.replace("value = int", "value: int = int")) == set()


def test_a_new_file_s_functions_are_all_changed() -> None:
    assert changed_functions(None, "X = 1\n\ndef a():\n    return X\n") == {"a"}


def test_code_too_deep_to_parse_is_not_judged() -> None:
    assert changed_functions(MODULE, "x = " + "(" * 5_000 + ")" * 5_000 + "\n") is None


FEATURE = "Add a function pace(km, total) to splitwatch/splits.py that gives the pace per km."
TESTS_TEXT = ["from splitwatch.splits import parse\n\ndef test_parse():\n    assert parse('1') == 1\n"]


def test_a_change_no_test_names_is_flagged_untested() -> None:
    flag = untested_change(FEATURE, PASS, PASS, {"splitwatch/splits.py": {"pace"}}, TESTS_TEXT)
    assert flag is not None and flag.kind == "untested_change" and flag.label == "UNTESTED"
    assert flag.message.startswith("no test names pace, the code that changed; the project's 4 tests passed")


@pytest.mark.parametrize("task, start, now, changed, tests", [
    (FEATURE, PASS, PASS, {"splitwatch/splits.py": {"parse"}}, TESTS_TEXT),  # a test calls it
    (FEATURE, PASS, PASS, {"splitwatch/splits.py": {"Watch.parse"}}, TESTS_TEXT),  # a method, by its name
    (FEATURE, PASS, PASS, {"splitwatch/splits.py": {"Watch.__init__"}}, ["w = Watch()"]),  # a dunder, by its class
    (FEATURE, PASS, PASS, {"splitwatch/splits.py": set()}, TESTS_TEXT),  # docstrings only
    (FEATURE, PASS, PASS, {"splitwatch/splits.py": None}, TESTS_TEXT),  # not judged
    (FEATURE, PASS, PASS, {"splitwatch/splits.py": {"pace"}, "tests/test_splits.py": None}, TESTS_TEXT),
    (FEATURE, PASS, FAIL, {"splitwatch/splits.py": {"pace"}}, TESTS_TEXT),  # TESTS FAIL speaks
    (FEATURE, None, PASS, {"splitwatch/splits.py": {"pace"}}, TESTS_TEXT),
    (FEATURE, SuiteVerdict(), SuiteVerdict(), {"splitwatch/splits.py": {"pace"}}, []),  # no tests ran
    (BUG, PASS, PASS, {"recipebox/scale.py": {"scale"}}, TESTS_TEXT),  # UNTESTED FIX's
    (FEATURE, PASS, PASS, {}, TESTS_TEXT),
])
def test_no_untested_flag_where_a_test_names_the_change_or_speaks(
        task: str, start: SuiteVerdict | None, now: SuiteVerdict, changed: dict[str, set[str] | None],
        tests: list[str]) -> None:
    assert untested_change(task, start, now, changed, tests) is None


def test_a_change_across_too_many_files_is_not_judged(tmp_path: Path) -> None:
    from smallops_tui.agent.files.workspace import NetChanges, Workspace
    from smallops_tui.agent.session.test_evidence import MAX_CHANGED_FILES, code_changes

    made = tuple(f"m{i}.py" for i in range(MAX_CHANGED_FILES + 1))
    for name in made:
        (tmp_path / name).write_text("def f():\n    return 1\n")
    judged = code_changes(Workspace(tmp_path), NetChanges(created=made), {})
    assert list(judged.values()) == [None]
    assert code_changes(Workspace(tmp_path), NetChanges(created=made[:2]), {}) == {"m0.py": {"f"}, "m1.py": {"f"}}
