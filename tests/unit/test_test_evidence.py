"""UNTESTED FIX: when a bug fix's claim has no test behind it (agent/session/test_evidence.py)."""

from __future__ import annotations

import pytest

from smallops_tui.agent.session.project_tests import SuiteVerdict
from smallops_tui.agent.session.test_evidence import untested_fix

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
])
def test_a_symptom_told_without_a_bug_word_is_a_bug_report(symptom: str) -> None:
    assert untested_fix(symptom, PASS, PASS, {"pkg/mod.py"}) is not None


@pytest.mark.parametrize("task, start, now, changed", [
    ("Add a --top N option to the csvreport command.", PASS, PASS, {"csvreport/cli.py"}),  # not a bug report
    ("Add convert_temperature; it should be importable from the package.", PASS, PASS, {"unit/conv.py"}),
    (BUG, FAIL, PASS, {"recipebox/scale.py"}),  # a test failed at the start: it speaks for the fix
    (BUG, PASS, FAIL, {"recipebox/scale.py"}),  # TESTS FAIL speaks
    (BUG, PASS, PASS, {"recipebox/scale.py", "tests/test_scale.py"}),  # a test was added or changed
    (BUG, PASS, PASS, {"README.md"}),  # no code changed
    (BUG, None, PASS, {"recipebox/scale.py"}),  # not run at the start
    (BUG, SuiteVerdict(problem="timed out"), PASS, {"recipebox/scale.py"}),
    (BUG, SuiteVerdict(), SuiteVerdict(), {"recipebox/scale.py"}),  # no test found to run
])
def test_no_flag_where_a_test_speaks_or_the_task_reports_no_bug(
        task: str, start: SuiteVerdict | None, now: SuiteVerdict, changed: set[str]) -> None:
    assert untested_fix(task, start, now, changed) is None
