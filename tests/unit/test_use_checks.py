"""UNUSED for a new function the task asks to be used (agent/session/use_checks.py), and the
tests the task asks for not written (task_checks.missing_tests): the half-done refactor and the
missing test of two held-out kits' wrong answers, which no check spoke to, and the honest end
states beside them, which must say nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.session.added_checks import added_findings
from smallops_tui.agent.session.task_checks import missing_tests
from smallops_tui.agent.session.use_checks import asks_use, unused_helpers

RENTAL = ("WETSUIT = 8\nDEPOSIT = 20\n\n\ndef quote_hours(hours, boards, wetsuits):\n"
          "    return hours * 12 * boards + wetsuits * WETSUIT + min(boards * DEPOSIT, 60)\n\n\n"
          "def quote_day(boards, wetsuits):\n    return 45 * boards + wetsuits * WETSUIT + min(boards * DEPOSIT, 60)\n")
HELPER = "def extras(boards, wetsuits):\n    return wetsuits * WETSUIT + min(boards * DEPOSIT, 60)\n\n\n"
TASK = ("quote_hours and quote_day in paddlehire/rental.py both work out the wetsuit and deposit extras the "
        "same way. Pull that into one function called extras and have both quotes use it.")


def _unused(task: str, now: str, others: dict[str, str] | None = None) -> list[str]:
    code = {"paddlehire/rental.py": now, **(others or {})}
    return unused_helpers(task, {"paddlehire/rental.py": RENTAL}, {"paddlehire/rental.py": now}, code)


def test_a_helper_defined_and_called_nowhere_is_unused() -> None:
    """heldout19's q10 kit: `extras` added above two quotes that still do their own sums."""
    half_done = RENTAL.replace("def quote_hours", HELPER + "def quote_hours")
    assert _unused(TASK, half_done) == ["extras, added to paddlehire/rental.py, is called nowhere in the code; "
                                        "the task asks for it to be used"]
    used = half_done.replace("wetsuits * WETSUIT + min(boards * DEPOSIT, 60)\n\n\ndef quote_day",
                             "extras(boards, wetsuits)\n\n\ndef quote_day", 1)
    assert _unused(TASK, used) == []
    # Used from another module (`money.format_pence` in invoice.py) is used; named only by a test is not.
    assert _unused(TASK, half_done, {"paddlehire/shop.py": "from paddlehire import rental\nrental.extras(1, 2)\n"}) == []
    assert _unused(TASK, half_done, {"tests/test_rental.py": "from paddlehire.rental import extras\n"}) != []


def test_a_new_function_the_task_does_not_ask_to_be_used_says_nothing() -> None:
    added = RENTAL + "\n\n" + HELPER
    assert _unused("Add a function extras(boards, wetsuits) to paddlehire/rental.py.", added) == []
    decorated = RENTAL + "\n\n@register\n" + HELPER  # a decorator may be how it is used
    assert _unused(TASK, decorated) == []
    assert _unused(TASK, "def broken(:\n") == []  # not parsed, not judged


@pytest.mark.parametrize(("task", "asks"), [
    (TASK, True),
    ("Add a `format_pence(p)` helper to money.py and make invoice.py use it instead of formatting amounts itself.", True),
    ("The three band lookups are copies of each other; fold them into one helper.", True),
    ("Add a function square(x) to mathx.py that returns x times x.", False),
    ("Fix the off-by-one in the pagination of the log.", False),
])
def test_what_asks_for_a_function_to_be_used(task: str, asks: bool) -> None:
    assert asks_use(task) is asks


def test_unused_is_a_flag_at_done_in_a_workspace(tmp_path: Path) -> None:
    (tmp_path / "paddlehire").mkdir()
    (tmp_path / "paddlehire" / "rental.py").write_text(RENTAL.replace("def quote_hours", HELPER + "def quote_hours"))
    found = added_findings(TASK, Workspace(tmp_path), {"paddlehire/rental.py": RENTAL}, ["paddlehire/rental.py"],
                           ["paddlehire/rental.py"])
    assert [(f.kind, f.text.split(",")[0]) for f in found] == [("unused_parameter", "extras")]


@pytest.mark.parametrize(("task", "changed", "flagged"), [
    # heldout17's h11 kit: the function added, its unittest not
    ("Add a `cords(m3)` function to logpile/volume.py that converts cubic metres to cords, and add a unittest "
     "for it to tests/test_volume.py.", {"logpile/volume.py"}, True),
    ("Add a `cords(m3)` function to logpile/volume.py, and add a unittest for it to tests/test_volume.py.",
     {"logpile/volume.py", "tests/test_volume.py"}, False),
    ("Write tests for the express surcharge.", {"pressing/prices.py"}, True),
    ("Write tests for the express surcharge.", {"test_prices.py"}, False),
    ("Add the test command to the README.", {"README.md"}, False),  # a command, not tests
    ("Fix the rounding so the tests pass.", {"money.py"}, False),  # tests to pass, not to write
    ("Add tests for the surcharge.", set(), False),  # nothing changed: DONE WITHOUT CHANGE speaks
    ("What would a new test of the surcharge need? Don't change anything.", {"x.py"}, False),
])
def test_tests_asked_for_and_not_written(task: str, changed: set[str], flagged: bool) -> None:
    assert bool(missing_tests(task, changed)) is flagged
