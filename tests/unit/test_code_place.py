"""UNTOUCHED for a task that names code, not files (code_place.py): heldout18's g03 changed the
package's __init__.py, left `join` in waitlist.py as it was, and said done with no flag."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.session.code_place import code_names, untouched_code

TASK = ("When I start a new waiting list by calling `join(name)` without passing a list, it sometimes "
        "comes back with riders from an earlier list. Every call should start a fresh one.")
START = {
    "queue/__init__.py": '"""Waiting lists."""\n',
    "queue/waitlist.py": "from .limits import MAX\n\n\ndef join(name, waiting=[]):\n    waiting.append(name)\n"
                         "    return waiting\n",
    "queue/limits.py": "MAX = 10\n",
    "queue/cli.py": "import json\nfrom queue.waitlist import join\n\nCONFIG = 'riders.json'\n",
    "riders.json": "{}\n",
    "tests/test_waitlist.py": "from queue.waitlist import join\n",
    "README.md": "# queue\n",
}


def _findings(tmp_path: Path, task: str, changed: set[str]) -> list[str]:
    for rel, text in START.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return [f.text for f in untouched_code(task, Workspace(tmp_path), sorted(START), changed)]


def test_a_change_away_from_the_code_the_task_names_is_untouched(tmp_path: Path) -> None:
    assert _findings(tmp_path, TASK, {"queue/__init__.py"}) == [
        "join, which the task is about, is defined in queue/waitlist.py, which did not change "
        "(nor what it imports, and no changed file names it)"]


@pytest.mark.parametrize("changed", [
    {"queue/waitlist.py"},  # where it is defined
    {"queue/limits.py"},  # what it imports
    {"queue/cli.py"},  # what imports it
    {"riders.json"},  # a file its place reads by name
    {"tests/test_waitlist.py"},  # a test of it
    {"README.md"},  # a document of it
    {"queue/__init__.py", "queue/waitlist.py"},
    {"queue/__init__.py", "riders.json"},  # a change beside a non-code file: not judged
    set(),  # nothing changed: DONE WITHOUT CHANGE speaks
])
def test_a_change_in_the_codes_place_is_not(tmp_path: Path, changed: set[str]) -> None:
    assert _findings(tmp_path, TASK, changed) == []


@pytest.mark.parametrize("task", [
    "Fix join in queue/waitlist.py: it shares its list between calls.",  # names a file: UNTOUCHED reads it
    "What does `join` return when no list is given?",  # a question
    "The `leave(name)` call should drop a rider.",  # code defined nowhere
])
def test_tasks_it_does_not_judge(tmp_path: Path, task: str) -> None:
    assert _findings(tmp_path, task, {"queue/__init__.py"}) == []


@pytest.mark.parametrize(("task", "names"), [
    (TASK, ["join"]),
    # snake_case is code however written (heldout26's l04: "parse_order happily takes …"); a plain word is not
    ("the parse_line function drops commas; so does format_cents()", ["parse_line", "format_cents"]),
    ("the total function of the shop drops commas", []),
    ("Make function total accept a discount", []),
    ("`open()` fails on a folder and len(x) too", []),  # builtins are Python's
    ("nothing in code here", []),
])
def test_the_code_a_task_names(task: str, names: list[str]) -> None:
    assert code_names(task) == names


def test_a_caller_through_the_package_or_a_src_layout_is_the_codes_place(tmp_path: Path) -> None:
    """An attacker's review: a subclass importing through the package, and a fix two imports away
    in a src/ layout, were flagged by the first version."""
    files = {
        "src/sales/__init__.py": "from .stats import *\n",
        "src/sales/stats.py": "from .util import helpers\n\n\ndef summarise(rows):\n    return helpers.total(rows)\n",
        "src/sales/util/__init__.py": "from . import helpers\n",
        "src/sales/util/helpers.py": "def total(rows):\n    return sum(rows)\n",
        "src/sales/report.py": "from sales import summarise\n\n\nclass Weekly:\n    run = staticmethod(summarise)\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    task = "`summarise(rows)` double counts refunds."
    for changed in ({"src/sales/util/helpers.py"}, {"src/sales/report.py"}):
        assert untouched_code(task, Workspace(tmp_path), sorted(files), changed) == [], changed
    assert untouched_code(task, Workspace(tmp_path), sorted(files), {"src/sales/__init__.py"}) == []  # it imports it


def test_a_file_the_session_made_that_defines_the_name_again_is_no_fix(tmp_path: Path) -> None:
    """heldout26's l04: a stub parse_order.py written beside turnery/orders.py's parse_order, which
    was left as it was, and "The task is complete"."""
    (tmp_path / "join.py").write_text("def join(name, waiting=None):\n    pass\n")
    files = [*sorted(START), "join.py"]
    for rel, text in START.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    found = untouched_code(TASK, Workspace(tmp_path), files, {"join.py"}, created=["join.py"])
    assert [f.text for f in found] == [
        "join, which the task is about, is defined in queue/waitlist.py, which did not change "
        "(nor what it imports, and no changed file names it)"]
    # A file it made that calls the name (a new caller) speaks of it, as before.
    (tmp_path / "join.py").write_text("from queue.waitlist import join\nprint(join('x'))\n")
    assert untouched_code(TASK, Workspace(tmp_path), files, {"join.py"}, created=["join.py"]) == []
