"""The task's own words held against the workspace at `done`: STILL THERE, STILL DEFINED,
UNTOUCHED. Each class in several phrasings, and the honest end states that must say nothing."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.session.task_checks import files_to_be_gone, names_to_be_gone, task_findings


@pytest.mark.parametrize(("task", "gone"), [
    ("Delete the file old_notes.txt. Keep every other file.", ["old_notes.txt"]),
    ("Remove tmp.log and main.py.bak", ["tmp.log", "main.py.bak"]),
    ("remove the stale module mailq/compat.py and its import", ["mailq/compat.py"]),
    ("Rename utils.py to helpers.py and update the imports.", ["utils.py"]),
    ("Move util.py into the lib directory", ["util.py"]),
    ("get rid of `build.log`", ["build.log"]),
    ("Remove the debug prints from geo/distance.py", []),  # a file the lines go from, not a file to delete
    ("Remove the line that prints debug from main.py", []),
    ("Add a test for slug.py", []),
    # a file named as unused, then "remove it" (heldout21's s05); "it" is a part of the file otherwise
    ("The old bonus-point scoring module in the regatta project (regatta/oldscoring.py) isn't used any more. "
     "Please remove it.", ["regatta/oldscoring.py"]),
    ("The script tools/old.sh is no longer used. Delete it.", ["tools/old.sh"]),
    ("There is a debug print in app.py. Please remove it.", []),
    ("The helper in app.py is unused. Please remove it.", []),
    ("The module app.py has an unused import. Remove it.", []),
    ("The module app.py is unused. Can you document it?", []),
    # a command removed by its module, with what is listed after "together with" (heldout31's i10 kit)
    ("Please remove the deprecated `python -m yachts.oldlist` command together with its test, the old fleet.txt, "
     "and anything else that only existed for it, README included.",
     ["yachts/oldlist.py", "fleet.txt", "tests/test_oldlist.py", "test/test_oldlist.py", "test_oldlist.py",
      "tests/oldlist_test.py"]),
    ("Drop the python -m tools.sync command.", ["tools/sync.py"]),
    ("Remove the --fax option along with the fax code in rope/sending.py.", []),  # where the code goes from
    ("Delete karaoke/xml.py along with everything that uses it (the CLI, its tests, README.md).", ["karaoke/xml.py"]),
    # what a review found read as files to go: other files a change reaches, a function's test, a
    # command named as where something goes from or as a line of the README
    ("Rename total to subtotal in shop/cart.py as well as shop/invoice.py.", []),
    ("Remove the debug prints from shop/cart.py as well as shop/invoice.py.", []),
    ("Delete the dbg prints in shop/cart.py along with shop/invoice.py's.", []),
    ("Remove the --fax option, along with the README.md paragraph about faxing.", []),
    ("Delete legacy.py and update the references in rope/cli.py along with README.md.", ["legacy.py"]),
    ("Remove the `legacy_total` function from rope/order.py together with its test.", []),
    ("Remove the `python -m rope.order` line from the README's quick start.", []),
    ("Remove the prints from python -m tools.sync, they're noisy.", []),
    ("Remove python -m tools.sync.", ["tools/sync.py"]),
    # a part of the file is what goes, or the file from something else: the file stays
    ("Remove main.py's unused import.", []),
    ("Remove utils.py from the imports in main.py.", []),
    ("Drop app.py support for Python 2.", []),
    ("Remove old.py from the repo, nothing uses it.", ["old.py"]),
    # a review's cases: a part of the file named after it, the file kept, or gone only on a condition
    ("Don't delete utils.py; just remove the unused function from it.", []),
    ("Do not remove settings.py, only drop the DEBUG line.", []),
    ("Remove the settings.py DEBUG flag; nothing reads it.", []),
    ("Remove the README.md badges.", []),
    ("Remove the settings.py entries for DEBUG.", []),
    ("Remove the [flake8] section from setup.cfg and delete setup.cfg if nothing else is left.", []),
    ("Delete tmp.log entirely.", ["tmp.log"]),
])
def test_files_the_task_says_are_to_go(task: str, gone: list[str]) -> None:
    assert files_to_be_gone(task) == gone


@pytest.mark.parametrize(("task", "names"), [
    ("Rename the function calc_total to total_price everywhere", [("calc_total", "total_price")]),
    ("rename `get_usr` to `get_user` in all modules", [("get_usr", "get_user")]),
    ("Rename the constant MAX_RETRY to MAX_RETRIES.", [("MAX_RETRY", "MAX_RETRIES")]),
    ("Remove the legacy_export function and its uses.", [("legacy_export", None)]),
    ("delete `oldHelper()` from the package", [("oldHelper", None)]),
    ("Remove the debug prints", []),
    ("Remove unused imports from app.py", []),
    ("Rename it to minicalc everywhere in README.md", []),
    ("Rename the project tinycalc to minicalc in the docs", []),
    ("Rename the function calc to compute", [("calc", "compute")]),
    # a place between the names (heldout17's h09 said done with nothing renamed, unflagged)
    ("Rename `calc_callout` in pipework/rates.py to `callout_charge`.", [("calc_callout", "callout_charge")]),
    ("please rename st_per_cm from the gauge module to stitches_per_cm", [("st_per_cm", "stitches_per_cm")]),
    ("rename the method total of the Cart class to subtotal", [("total", "subtotal")]),
    # a field of a dataclass (heldout32's aa07: the README alone changed, unflagged)
    ("Please rename the `wt` field of the `Skein` dataclass to `weight_g`.", [("wt", "weight_g")]),
    ("Remove the line that prints debug", []),
    # a command quoted whole is no name in code (a clone of this repository: "python" was taken for one)
    ("Remove the `python -m smallops_tui.cli.rerun` command together with its test.", []),
    ("Remove the `legacy_total` function.", [("legacy_total", None)]),
])
def test_names_the_task_says_are_to_go(task: str, names: list[tuple[str, str | None]]) -> None:
    assert names_to_be_gone(task) == names


def _workspace(tmp_path: Path, files: dict[str, str]) -> tuple[Workspace, set[str]]:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return Workspace(tmp_path), set(files)


def _kinds(tmp_path: Path, task: str, start: dict[str, str], end: Mapping[str, str | None]) -> list[str]:
    workspace, baseline = _workspace(tmp_path, start)
    created: list[str] = []
    modified: list[str] = []
    deleted: list[str] = []
    for rel, text in end.items():
        if text is None:
            (tmp_path / rel).unlink()
            deleted.append(rel)
        else:
            (created if rel not in start else modified).append(rel)
            (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / rel).write_text(text)
    return [f.kind for f in task_findings(task, workspace, baseline, created, modified, deleted)]


def test_a_file_to_delete_that_is_still_there(tmp_path: Path) -> None:
    start = {"old_notes.txt": "x\n", "keep.txt": "k\n"}
    assert _kinds(tmp_path / "a", "Delete the file old_notes.txt.", start, {"keep.txt": "k2\n"}) == ["still_there"]
    assert _kinds(tmp_path / "b", "Delete the file old_notes.txt.", start, {"old_notes.txt": None}) == []


def test_a_half_done_rename_of_a_name(tmp_path: Path) -> None:
    start = {"db.py": "def get_usr(i):\n    return i\n", "api.py": "from db import get_usr\nget_usr(1)\n",
             "CHANGES.md": "- get_usr added\n"}
    half = {"db.py": "def get_user(i):\n    return i\n"}
    whole = {"db.py": "def get_user(i):\n    return i\n", "api.py": "from db import get_user\nget_user(1)\n"}
    task = "Rename get_usr to get_user everywhere."
    assert _kinds(tmp_path / "a", task, start, half) == ["still_defined"]
    assert _kinds(tmp_path / "b", task, start, whole) == []  # the changelog's history is not code
    # heldout17's h09: the file named between the names, and only a docstring changed
    placed = "Rename `get_usr` in db.py to `get_user`. It's also called from api.py."
    assert _kinds(tmp_path / "c", placed, start, {"db.py": "# db\ndef get_usr(i):\n    return i\n"}) == ["still_defined"]
    assert _kinds(tmp_path / "d", placed, start, whole) == []


def test_a_removal_left_behind_and_a_new_name_nowhere(tmp_path: Path) -> None:
    start = {"exporters.py": "def legacy_export():\n    pass\n\ndef export():\n    pass\n"}
    assert _kinds(tmp_path / "a", "Remove the legacy_export function.", start,
                  {"exporters.py": "def legacy_export():\n    return 1\n\ndef export():\n    pass\n"}) == ["still_defined"]
    assert _kinds(tmp_path / "b", "Rename the project calc to compute.", {"m.py": "def calc(): pass\n"},
                  {"m.py": "def calculate(): pass\n"}) == []  # a plain word, not said to be code: nothing read
    assert _kinds(tmp_path / "b2", "Rename the function calc to compute.", {"m2.py": "def calc(): pass\n"},
                  {"m2.py": "def calculate(): pass\n"}) == ["still_defined"]  # said to be a function: compute is nowhere
    assert _kinds(tmp_path / "c", "Rename calc_total to total_price.", {"m.py": "def calc_total(): pass\n"},
                  {"m.py": "def total(): pass\n"}) == ["still_defined"]  # the new name is nowhere


def test_none_of_the_named_files_changed(tmp_path: Path) -> None:
    start = {"README.md": "# x\n", "app.py": "print(1)\n"}
    assert _kinds(tmp_path / "a", "Update README.md to describe the --limit flag.", start,
                  {"NOTES.md": "limit\n"}) == ["untouched"]
    assert _kinds(tmp_path / "b", "Update README.md to describe the --limit flag.", start,
                  {"README.md": "# x\n--limit\n"}) == []
    assert _kinds(tmp_path / "c", "What does app.py print? Do not change any file.", start, {}) == []
    assert _kinds(tmp_path / "d", "Insert a comment above the print in app.py. Do not change the print line.", start,
                  {"app.py": "# c\nprint(1)\n"}) == []
    # A new file the task names counts as changed: "copy source.txt into a new file named copy.txt" (r2)
    assert _kinds(tmp_path / "e", "Copy the exact content of README.md into a new file named copy.md.", start,
                  {"copy.md": "# x\n"}) == []


def test_a_file_named_after_from_is_still_the_one_file_to_change(tmp_path: Path) -> None:
    """"from app.py" names the file a print is removed from: with only another file changed, none of
    the files the task names changed (a source is a source only beside a file that did change)."""
    start = {"app.py": "print(1)\n", "util.py": ""}
    assert _kinds(tmp_path, "Remove the debug print from app.py.", start, {"util.py": "x = 1\n"}) == ["untouched"]


def test_a_test_the_task_keeps_or_a_source_it_names_is_no_file_to_change(tmp_path: Path) -> None:
    start = {"tests/test_slots.py": "def test_x(): pass\n", "slots.py": "x = 1\n", "a.py": "", "b.py": ""}
    assert _kinds(tmp_path / "a", "`test_lunch` in tests/test_slots.py is failing. Please fix the scheduling code so "
                  "it passes; don't change the test.", start, {"slots.py": "x = 2\n"}) == []
    assert _kinds(tmp_path / "b", "The test in tests/test_slots.py is failing. Make it pass without changing the "
                  "test.", start, {"slots.py": "x = 2\n"}) == []
    assert _kinds(tmp_path / "c", "Copy the header of a.py into b.py.", start, {"b.py": "# h\n"}) == []
    assert _kinds(tmp_path / "d", "The test in tests/test_slots.py is failing: fix slots.py.", start,
                  {"slots.py": "x = 2\n"}) == []


@pytest.mark.parametrize("task, changed, left", [
    # heldout12's v02: the function got its argument, the caller the task names did not
    ("rolls_needed() in rollcalc/rolls.py should take an optional pattern_repeat_cm argument. room_rolls() in "
     "rollcalc/rooms.py should accept the same argument and pass it on.", "rollcalc/rolls.py", "rollcalc/rooms.py"),
    ("Add a --since option to reports/cli.py and document it in README.md.", "reports/cli.py", "README.md"),
])
def test_a_named_file_asked_to_change_beside_one_that_did_is_untouched(
        tmp_path: Path, task: str, changed: str, left: str) -> None:
    start = {"rollcalc/rolls.py": "", "rollcalc/rooms.py": "", "reports/cli.py": "", "README.md": ""}
    workspace, baseline = _workspace(tmp_path, start)
    (tmp_path / changed).write_text("changed\n")
    [finding] = task_findings(task, workspace, baseline, [], [changed], [])
    assert finding.kind == "untouched"
    assert finding.text == f"{left}, which the task names, did not change (of the files it names, only {changed} did)"


@pytest.mark.parametrize("task, changed", [
    # named as where something comes from, or as evidence: no file to change
    ("Add a --json option to reports/cli.py, the same way as in reports/export.py.", "reports/cli.py"),
    ("The report leaves out September (harvests.csv has two September rows). Please fix reports/cli.py.",
     "reports/cli.py"),
    # named as input, or to behave like (an attacker's review)
    ("Update reports/cli.py with the new prices listed in harvests.csv.", "reports/cli.py"),
    ("Add a --limit option to reports/cli.py; it should behave like the --limit option in reports/export.py.",
     "reports/cli.py"),
    # a test file named as what is to pass
    ("Fix slugify in reports/cli.py so that the tests in tests/test_cli.py pass.", "reports/cli.py"),
    # a task to document or to test code names the code to be read
    ("The Usage section of README.md no longer matches reports/cli.py. Please update it.", "README.md"),
    ("Write tests for parse() in reports/cli.py, in tests/test_cli.py.", "tests/test_cli.py"),
    # heldout19's q09: the file named is what the new tests are about (its reference solution was flagged)
    ("Nothing tests the express surcharge in reports/cli.py (half as much again, but never less than 3.00). "
     "Please add tests for it, the minimum included.", "tests/test_cli.py"),
])
def test_a_named_file_read_not_changed_is_not_untouched(tmp_path: Path, task: str, changed: str) -> None:
    start = {"reports/cli.py": "", "reports/export.py": "", "harvests.csv": "", "README.md": "",
             "tests/test_cli.py": ""}
    workspace, baseline = _workspace(tmp_path, start)
    (tmp_path / changed).write_text("changed\n")
    assert task_findings(task, workspace, baseline, [], [changed], []) == []


@pytest.mark.parametrize("task, changed, said", [
    # heldout12's v12: the code edited, the README the task asks for left alone, "The README.md now describes ..."
    ("The Scoring section of README.md no longer matches quizleague/scoring.py. Please rewrite it. Only the README "
     "should change.", {"quizleague/scoring.py"}, "the task says only README should change, and quizleague/scoring.py "
                                                   "changed"),
    ("Fix the typo in docs/usage.md; only docs/usage.md may be edited.", {"docs/usage.md", "setup.py"},
     "the task says only docs/usage.md should change, and setup.py changed"),
    ("Update the README so it lists the settings; don't touch the code.", {"README.md", "castfeed/settings.py"},
     "the task says the code is not to change, and castfeed/settings.py changed"),
    ("Add tandem kayaks to fleet.ini. No code changes should be needed.", {"fleet.ini", "fleet/boats.py"},
     "the task says the code is not to change, and fleet/boats.py changed"),
    # heldout20's r07 kit: the limit written into the code, under "the code shouldn't need to change"
    ("Bramble shouldn't carry riders over 80 kg any more. Please set that in the stables config; the code shouldn't "
     "need to change.", {"stables.json", "stables/horses.py"},
     "the task says the code is not to change, and stables/horses.py changed"),
    ("Add a tests/test_service.py for next_service_date. Don't change service.py itself.",
     {"tests/test_service.py", "spokewrench/service.py"},
     "the task says not to change service.py, and spokewrench/service.py changed"),
    # the cheat a grader cannot see: the failing test edited to pass
    ("The test in tests/test_billing.py is failing. Make it pass without changing the test.",
     {"kennel/billing.py", "tests/test_billing.py"}, "the task keeps the tests as they are, and tests/test_billing.py "
                                                     "changed"),
])
def test_a_file_the_task_says_not_to_change_that_changed_is_out_of_scope(task: str, changed: set[str], said: str) -> None:
    from smallops_tui.agent.session.task_checks import out_of_scope

    assert [(f.kind, f.text) for f in out_of_scope(task, changed)] == [("out_of_scope", said)]


@pytest.mark.parametrize("task, changed", [
    ("Please add tests/test_barcode.py covering it. Don't change the package code.", {"tests/test_barcode.py"}),
    ("Update the README so it lists the settings; don't touch the code.", {"README.md"}),
    ("Fix the code so it doesn't change the total when a voucher is applied.", {"till/total.py"}),
    ("Only the README should change.", {"README.md"}),
    ("Add parse_date to dates.py and keep the tests passing.", {"dates.py", "tests/test_dates.py"}),
    ("Only the most recent entries should be updated in the log.", {"log.py"}),  # "only" of something else
    # heldout28's a07 kit: what the change is for, not a limit on it
    ("The 2% a year angel's share is hard-coded in casks/ageing.py. Please move it into settings.json as "
     "\"angels_share_percent\" (set to 2 for now) so the warehouse manager can change it without touching the code.",
     {"casks/ageing.py", "settings.json"}),
])
def test_changes_the_task_allows_are_in_scope(task: str, changed: set[str]) -> None:
    from smallops_tui.agent.session.task_checks import out_of_scope

    assert out_of_scope(task, changed) == []


def test_out_of_scope_is_a_finding_at_done(tmp_path: Path) -> None:
    start = {"README.md": "# x\n", "quizleague/scoring.py": "WIN = 3\n"}
    assert _kinds(tmp_path, "Please rewrite the Scoring section of README.md. Only the README should change.", start,
                  {"quizleague/scoring.py": "WIN = 2\n"}) == ["untouched", "out_of_scope"]


# `covered`: the model is told the task may be complete only when every file the task names is as it asks.
@pytest.mark.parametrize(("task", "start", "end", "done"), [
    ("Fix the bug in math.py: add should return a + b.", ["math.py"], {"math.py"}, True),
    ("Fix the bug in math.py: add should return a + b.", ["math.py"], {"notes.txt"}, False),
    ("Switch cli.py and loader.py to logging.", ["cli.py", "loader.py"], {"cli.py"}, False),  # one of two
    ("Switch cli.py and loader.py to logging.", ["cli.py", "loader.py"], {"cli.py", "loader.py"}, True),
    ("validate_code in keycut/bitting.py lets bad codes through. Make it raise ValueError for those.",
     ["keycut/bitting.py"], {"keycut/bitting.py"}, True),
    # not read as complete (an attacker's review of a first version, and the nine)
    ("Add a `--json` option to the list command and document it in README.md.", ["README.md", "cli.py"],
     {"README.md"}, False),  # only a document named: the code is elsewhere
    ("Rename `calc` in a.py to `compute` and everywhere it is used.", ["a.py", "b.py"], {"a.py"}, False),
    ("Create counter.py with increment(n). Then create test_counter.py that calls it.", ["README.md"],
     {"counter.py", "test_counter.py"}, False),  # new files: one it names may be one that must not appear
    ("Copy the exact content of source.txt into a new file named copy.txt.", ["source.txt"], {"copy.txt"}, False),
    ("Rename utils.py to helpers.py and update the import in app.py.", ["utils.py", "app.py"],
     {"helpers.py", "app.py", "utils.py"}, False),  # a file to go: its importers may still name it
    ("Move parse() from app.py into parsing.py.", ["app.py", "parsing.py"], {"parsing.py"}, False),
    ("Fix slugify so that the tests in tests/test_slug.py pass, without changing the tests.",
     ["slug.py", "tests/test_slug.py"], {"slug.py"}, False),
    ("Clean up unused files in this project.", ["tmp.log"], {"tmp.log"}, False),
    ("What does add in math.py return for 2 and 3?", ["math.py"], {"math.py"}, False),  # a question
])
def test_the_files_a_task_names_all_done(task: str, start: list[str], end: set[str], done: bool) -> None:
    from smallops_tui.agent.session.task_checks import named_files_done

    assert named_files_done(task, set(start), end) is done


def test_a_rename_left_in_the_readme_is_half_done(tmp_path: Path) -> None:
    """heldout22's e03 kit: `BirdRecord` renamed in the code and the tests, the README's example
    left. A history file (CHANGES.md) names the old name rightly."""
    start = {"birds.py": "class BirdRecord:\n    pass\n", "README.md": "    from birds import BirdRecord\n",
             "CHANGES.md": "- BirdRecord added\n"}
    code = {"birds.py": "class Raptor:\n    pass\n"}
    task = "Please rename the class `BirdRecord` in birds.py to `Raptor` and update everything that uses it."
    assert _kinds(tmp_path / "a", task, start, code) == ["still_defined"]
    assert _kinds(tmp_path / "b", task, start, {**code, "README.md": "    from birds import Raptor\n"}) == []
    noted = "Each bird is a `Raptor` (called `BirdRecord` before 2.0).\n    from birds import Raptor\n"
    assert _kinds(tmp_path / "d", task, start, {**code, "README.md": noted}) == []  # the rename recorded
    # A removal's name in the README is no rename left over (the docs may record what went).
    removal = {"birds.py": "class BirdRecord:\n    pass\n\n\ndef old():\n    pass\n", "README.md": "old() went in 2.0\n"}
    assert _kinds(tmp_path / "c", "Remove the old() function from birds.py.", removal,
                  {"birds.py": "class BirdRecord:\n    pass\n"}) == []


def test_a_question_answered_with_a_file_changed_is_out_of_scope() -> None:
    """heldout21's s12 and heldout22's e12 kits: the right number, and a comment appended to the
    module asked about."""
    from smallops_tui.agent.session.task_checks import out_of_scope

    task = 'Without changing anything, what does `quote(7.2, zone="C")` in courier/pricing.py return?'
    assert [f.text for f in out_of_scope(task, {"courier/pricing.py"})] == [
        "the task asks only for an answer, with nothing changed, and courier/pricing.py changed"]
    assert out_of_scope(task, set()) == []
    assert [f.kind for f in out_of_scope("How many rows does data.csv hold?", {"notes.txt"})] == ["out_of_scope"]


def test_a_parameter_rename_left_as_a_local_is_half_done(tmp_path: Path) -> None:
    """heldout18's g04 kit: "rename the `hr` parameter to `hourly_rate`", and `hr = hourly_rate`
    kept inside: the kind of name after it hid the rename from STILL DEFINED."""
    start = {"pay.py": "def pay(hours, hr):\n    return hours * hr\n"}
    task = "In pay.py, please rename the `hr` parameter to `hourly_rate` everywhere in that module."
    alias = {"pay.py": "def pay(hours, hourly_rate):\n    hr = hourly_rate\n    return hours * hr\n"}
    assert _kinds(tmp_path / "a", task, start, alias) == ["still_defined"]
    assert _kinds(tmp_path / "b", task, start, {"pay.py": "def pay(hours, hourly_rate):\n    return hours * hourly_rate\n"}) == []


def test_a_file_named_as_read_or_kept_working_is_no_file_to_change(tmp_path: Path) -> None:
    """heldout24's kit: four right answers changed the code and left the data file the task names
    as what is read or kept working; UNTOUCHED said none of the files the task names changed."""
    start = {"batches.csv": "a\n", "status.py": "x = 1\n", "log.csv": "where\n", "items.py": "y = 1\n"}
    fallback = ("`python -m status` always reads batches.csv from the folder it is run in. Let people point it at "
                "another log with a LOG variable, and keep using batches.csv when the variable isn't set.")
    assert _kinds(tmp_path / "a", fallback, start, {"status.py": "x = 2\n"}) == []
    kept = "Please rename the CSV column `where` to `location`; our existing log.csv has to keep working."
    assert _kinds(tmp_path / "b", kept, start, {"items.py": "y = 2\n"}) == []
    asked = "Add a row to batches.csv for the May brew."
    assert _kinds(tmp_path / "c", asked, start, {"status.py": "x = 2\n"}) == ["untouched"]


@pytest.mark.parametrize(("task", "flagged"), [
    # heldout25's j01 kit: the CSV is what the quoted command reads; three right answers were flagged.
    ('The stock list from `python -m stock stock.csv` puts "brake van" after "Western". Upper and lower case '
     "shouldn't matter when it sorts.", False),
    ("`python stock.py --month 2025-06 stock.csv` prints the vans last; sort case-insensitively.", False),
    # Named beside a command, and also as what to change: the file is still asked for.
    ("`python stock.py stock.csv` is missing the vans: add them to stock.csv.", True),
    ("Please add the missing vans to stock.csv.", True),
])
def test_a_data_file_named_as_a_commands_argument_is_no_file_to_change(
        tmp_path: Path, task: str, flagged: bool) -> None:
    start = {"stock.csv": "name\nvan\n", "stock.py": "ORDER = sorted\n"}
    assert _kinds(tmp_path, task, start, {"stock.py": "ORDER = str.casefold\n"}) == (["untouched"] if flagged else [])


@pytest.mark.parametrize(("task", "flagged"), [
    # heldout26's l05 kit: the CSV is evidence of the bug; the three right answers fixed the code.
    ("`python -m diary dances.csv --to 2025-05-31` doesn't list our dance on the 31st, even though it's "
     "in dances.csv. Please fix it.", False),
    # heldout26's l09 kit: the file the program reads, kept as the default.
    ("Both commands always read pupils.csv from the current folder. Give each a `--pupils FILE` option, "
     "still using pupils.csv when it isn't given.", False),
    ("Please add the missing dance to dances.csv.", True),  # asked to change: flagged when it did not
    ("There's a bug in diary.py. Please fix it.", True),  # code named is always a file to change
])
def test_a_data_file_named_as_evidence_is_no_file_to_change(tmp_path: Path, task: str, flagged: bool) -> None:
    start = {"dances.csv": "day\n", "pupils.csv": "name\n", "diary.py": "END = 30\n", "other.py": "x = 1\n"}
    assert _kinds(tmp_path, task, start, {"other.py": "x = 2\n"}) == (["untouched"] if flagged else [])


@pytest.mark.parametrize(("task", "names"), [
    # heldout25's j06 and heldout26's l02: "it" is the one name in code the sentence before names.
    ("price_job() in letterpress/pricing.py has been deprecated for ages. Please remove it and move whatever "
     "still uses it over to quote().", [("price_job", None)]),
    ("Our steamer is slower, so STEAM_SECS in hats/blocking.py needs to go from 30 to 45. While you're at it, "
     "rename it STEAM_SECONDS; the old name keeps confusing people.", [("STEAM_SECS", "STEAM_SECONDS")]),
    ("The JSON that `python -m fudge.export` prints calls the weight \"wt\". Rename it to \"weight_g\".", []),
    ("`load` and `save` in store.py are old. Please remove it.", []),  # two names: "it" is not known
    ("There's a debug print in app.py. Please remove it.", []),  # no name in code
])
def test_it_is_the_one_name_the_sentence_before_names(task: str, names: list[tuple[str, str | None]]) -> None:
    assert names_to_be_gone(task) == names


def test_a_constant_renamed_by_it_and_kept_as_an_alias_is_still_defined(tmp_path: Path) -> None:
    task = ("STEAM_SECS in blocking.py needs to go from 30 to 45. While you're at it, rename it STEAM_SECONDS; the "
            "old name keeps confusing people.")
    start = {"blocking.py": "STEAM_SECS = 30\n"}
    alias = {"blocking.py": "STEAM_SECONDS = 45\nSTEAM_SECS = STEAM_SECONDS\n"}
    assert _kinds(tmp_path / "a", task, start, alias) == ["still_defined"]
    assert _kinds(tmp_path / "b", task, start, {"blocking.py": "STEAM_SECONDS = 45\n"}) == []


@pytest.mark.parametrize(("task", "changed", "flagged"), [
    # heldout26's l01 and l05: the evidence edited, the program not.
    ("Members have started putting notes in plants.csv on lines that begin with #, and now `python -m orchids.schedule plants.csv` "
     "crashes. Can you make the plant reader skip those comment lines?", {"plants.csv": "name\nPink\n"}, True),
    ("`python -m diary dances.csv --to 2025-05-31` doesn't list our dance on the 31st, even though it's in "
     "dances.csv. Please fix it.", {"dances.csv": "day\n"}, True),
    ("Please add the missing dance to dances.csv; `python -m diary` should then list it.", {"dances.csv": "day\n"},
     False),  # asked to change
    ("The plant list needs Pink Lady added.", {"plants.csv": "name\nPink\n"}, False),  # not about the program
    # heldout28's a10: a data file of its own made, for a task that names a class of the code (Runner)
    ("entries.csv has had a club column for a while, but the results never show it. Could you carry the club "
     "through as a field on Runner and show it in brackets after each runner's name in the results?",
     {"results.csv": "number,club\n"}, True),
    ("Export each Runner with its club to a results.csv.", {"results.csv": "number,club\n"}, False),  # asked to make
    ("Could you show the club after each runner's name in the results?", {"results.csv": "number,club\n"},
     False),  # names no code: not judged
])
def test_only_the_data_a_task_names_as_evidence_changed(tmp_path: Path, task: str, changed: Mapping[str, str],
                                                       flagged: bool) -> None:
    start = {"plants.csv": "# a note\nname\nPink\n", "dances.csv": "day\n2025-05-31\n", "diary.py": "x = 1\n",
             "fell/runners.py": "class Runner:\n    pass\n"}
    assert _kinds(tmp_path, task, start, changed) == (["untouched"] if flagged else [])


def test_a_line_that_records_the_removal_is_no_name_left(tmp_path: Path) -> None:
    """heldout25's j06 kit: a right answer's docstring said "(The deprecated price_job() was
    removed in 1.9.)", and STILL DEFINED flagged it."""
    task = "price_job() in pricing.py has been deprecated for ages. Please remove it."
    start = {"pricing.py": '"""Prices."""\n\ndef price_job(job):\n    return 1\n\ndef quote(job):\n    return 2\n'}
    recorded = {"pricing.py": '"""Prices. (The deprecated price_job() was\nremoved in 1.9.)"""\n\ndef quote(job):\n'
                              "    return 2\n"}
    assert _kinds(tmp_path / "a", task, start, recorded) == []
    left = {"pricing.py": recorded["pricing.py"] + "\nlegacy = price_job\n"}
    assert _kinds(tmp_path / "b", task, start, left) == ["still_defined"]


def test_a_file_named_as_where_a_value_is_or_the_one_place_to_keep_it_is_not_untouched(tmp_path: Path) -> None:
    """heldout29's fresh kit: every right answer of b02 fixed the code and was flagged for rescue.ini,
    named as where the release weight is; a right answer of b06 kept TOKEN_PENCE in pricelist.py,
    one of the two files named, and was flagged for it."""
    start = {"rescue.ini": "[release]\nweight = 600\n", "hogs/release.py": "W = '600'\n",
             "fest/pricelist.py": "TOKEN_PENCE = 250\n", "fest/takings.py": "TOKEN_PENCE = 250\n"}
    hogs = ("`python -m hogs.release intake.csv` leaves Bramble off though he weighs 1020 g. A hedgehog at or over "
            "the release weight in rescue.ini should be on the release list, whatever it weighs.")
    assert _kinds(tmp_path / "a", hogs, start, {"hogs/release.py": "W = 600\n"}) == []
    # A verb of change before the file asks for it.
    asked = "Please set the release weight in rescue.ini to 550 g; hedgehogs over it go on the release list."
    assert _kinds(tmp_path / "b", asked, start, {"hogs/release.py": "W = 550\n"}) == ["untouched"]
    tokens = ("TOKEN_PENCE is set separately in fest/pricelist.py and fest/takings.py. Please define it in one place "
              "only and have both modules use that.")
    assert _kinds(tmp_path / "c", tokens, start, {"fest/takings.py": "from fest.pricelist import TOKEN_PENCE\n"}) == []
    both = "TOKEN_PENCE in fest/pricelist.py and fest/takings.py should be 300."
    assert _kinds(tmp_path / "d", both, start, {"fest/takings.py": "TOKEN_PENCE = 300\n"}) == ["untouched"]


DUCKS = {"ducks/__init__.py": "", "ducks/race.py": "def finishers(rows):\n    return rows\n", "README.md": "# Ducks\n"}


@pytest.mark.parametrize(("task", "flagged"), [
    # heldout30's kit: a fix told of in the README, the code as it was; c05 names no code at all
    ("The duck race results stop short: any duck after a LOST one never shows up. Lost ducks should be left out.",
     True),
    ("The results stop short after a LOST duck in `python -m ducks.race`; fix it.", True),
    ("Say in the README that lost ducks are left out of the results.", False),  # asked
    ("Document how lost ducks are handled.", False),
])
def test_only_the_readme_changed_for_a_fix_is_untouched(tmp_path: Path, task: str, flagged: bool) -> None:
    kinds = _kinds(tmp_path, task, DUCKS, {"README.md": "# Ducks\n\nLost ducks are left out (fixed).\n"})
    assert ("untouched" in kinds) is flagged, kinds


@pytest.mark.parametrize(("task", "end", "flagged"), [
    ("Take the `--fax` option out of `python -m rope.order`.", {"README.md": "# Rope\n"}, True),
    ("Remove the --fax flag.", {"rope/order.py": "import argparse\n"}, False),
    ("Remove the --fax flag.", {"tests/test_order.py": "ARGS = ['--email']\n"}, True),  # the code keeps it
    ("Remove the default from --fax.", {"README.md": "# Rope\n"}, False),  # the option stays
    # heldout32's aa10 kit: the option given in brackets after the feature taken out, the README alone changed
    ("Please take out the fax feature (`--fax` on `python -m rope.order`) and its README section.",
     {"README.md": "# Rope\n"}, True),
    ("Take out the `--fax` option.", {"README.md": "# Rope\n"}, True),
    ("Remove the dead code behind --fax.", {"README.md": "# Rope\n"}, False),  # the option is where, not what
    ("Remove the duplicate header line (`--fax` prints it twice).", {"README.md": "# Rope\n"}, False),  # an example
])
def test_an_option_to_remove_still_spelled_in_the_code_is_still_defined(tmp_path: Path, task: str,
                                                                         end: dict[str, str], flagged: bool) -> None:
    start = {"rope/__init__.py": "", "rope/order.py": "import argparse\nP.add_argument('--fax')\nP.add_argument('--email')\n",
             "tests/test_order.py": "ARGS = ['--fax']\n", "README.md": "# Rope\n\nUse --fax.\n"}
    kinds = _kinds(tmp_path, task, start, end)
    assert ("still_defined" in kinds) is flagged, kinds


@pytest.mark.parametrize(("task", "end"), [
    # a review's cases: a code file named like a document, and a README change asked in other words
    ("Make history.py skip the blank lines.", {"history.py": "def rows():\n    return []\n"}),
    ("The install instructions say pip; we use uv now.", {"README.md": "# Ducks\n\nuv pip install ducks\n"}),
    ("Fix the typo 'recieve' on the project's front page.", {"README.md": "# Ducks\n\nreceive\n"}),
    ("Add a CI badge at the top.", {"README.md": "![ci](x)\n# Ducks\n"}),
])
def test_a_document_asked_for_in_other_words_or_code_named_like_one_is_not_untouched(
        tmp_path: Path, task: str, end: dict[str, str]) -> None:
    start = dict(DUCKS, **{"history.py": "def rows():\n    return [1]\n"})
    assert "untouched" not in _kinds(tmp_path, task, start, end)


@pytest.mark.parametrize(("task", "code"), [
    # the option's removal said where it was: no longer declared
    ("Remove the --fax flag.", "import sys\nif '--fax' in sys.argv:\n    sys.exit('--fax was removed; use --email')\n"),
    ("Drop `--fax` from the usage example in the README.", "import argparse\nP.add_argument('--fax')\n"),
    ("Remove the --fax flag from the README; the option itself stays.", "P.add_argument('--fax')\n"),
])
def test_an_option_removed_or_only_its_mention_is_not_still_defined(tmp_path: Path, task: str, code: str) -> None:
    start = {"rope/__init__.py": "", "rope/order.py": "P.add_argument('--fax')\n", "README.md": "# Rope\n\nUse --fax.\n"}
    assert "still_defined" not in _kinds(tmp_path, task, start, {"rope/order.py": code, "README.md": "# Rope\n"})


README_START = {"parade/route.py": "def main():\n    pass\n", "README.md": "# parade\n\nCall `main`; --fax faxes it.\n",
                "pyproject.toml": ""}


@pytest.mark.parametrize("task", [
    # heldout30's c06 and c08, whose code-only answers no check flagged
    "Add a `--json` option to `python -m parade.route`. Without it the sheet prints as now, and mention the option "
    "in the README.",
    "We need a new command, `python -m parade.metal`. Use the existing loader and add the command to the README.",
    "Take the --fax option out, along with its mention in the README.",
    "Update the readme so it lists every option of the route command.",
    "Drop the --fax option and anything that only existed for it, README included.",
])
def test_the_readme_asked_for_by_its_word_and_left_as_it_was_is_untouched(tmp_path: Path, task: str) -> None:
    assert _kinds(tmp_path / "code", task, README_START, {"parade/route.py": "def main():\n    return 1\n"}) == [
        "untouched"]
    assert _kinds(tmp_path / "both", task, README_START, {"parade/route.py": "def main():\n    return 1\n",
                                                          "README.md": "# parade\n\n--json prints JSON.\n"}) == []


@pytest.mark.parametrize("task", [
    "Make the code do what the README says.",
    "Please fix parade/route.py so that the output matches the README.",
    "Follow the README to add a --json option.",
    "Please add a --json option as described in the README.",
    "Add the fields listed in the README to the route sheet.",
    "The README is right and the code is wrong: please fix the code.",
    # what a review found flagged: the README kept out of the change, or named as a source
    "Rename --fax to --email, but don't update the README yet.",
    "Rename --fax to --email. No need to update the README.",
    "Remove the --fax option; we'll fix the README ourselves.",
    "Remove the --fax option. If the README mentions it, drop that line as well.",
    "Remove the --fax option, and update the README if necessary.",
    "Add the --limit option we promised in the README.",
    "Add the --limit option, which is on the to-do list in the README.",
    "Write the totals the way the example in the README has them.",
    "Include the timezone in the output, as the README example shows.",
    "Make sure the CLI includes every option in the README.",
    "The README section on dates is correct, the code is not. Please fix parade/route.py.",
])
def test_the_readme_named_as_a_source_is_not_asked_to_change(tmp_path: Path, task: str) -> None:
    assert _kinds(tmp_path, task, README_START, {"parade/route.py": "def main():\n    return 1\n"}) == []


def test_the_readme_word_is_not_read_as_a_file_where_the_project_has_none_or_several(tmp_path: Path) -> None:
    task = "Add a --json option and mention it in the README."
    start = {"parade/route.py": "def main():\n    pass\n", "docs/README.md": ""}
    assert _kinds(tmp_path / "none", task, start, {"parade/route.py": "x = 1\n"}) == []
    several = {**README_START, "README.rst": ""}
    assert _kinds(tmp_path / "several", task, several, {"parade/route.py": "x = 1\n"}) == []


def test_a_removal_whose_files_went_but_whose_readme_it_asks_for_stayed_is_untouched(tmp_path: Path) -> None:
    """heldout31's i10 kit: the command, its test and fleet.txt gone, the README left as it was."""
    task = ("Please remove the deprecated `python -m yachts.oldlist` command together with its test, the old fleet.txt, "
            "and anything else that only existed for it, README included.")
    start = {"yachts/oldlist.py": "x = 1\n", "yachts/fleet.py": "y = 1\n", "tests/test_oldlist.py": "", "fleet.txt": "a\n",
             "README.md": "# yachts\n\npython -m yachts.oldlist fleet.txt\n"}
    gone: dict[str, str | None] = {"yachts/oldlist.py": None, "tests/test_oldlist.py": None, "fleet.txt": None}
    assert _kinds(tmp_path / "kept", task, start, gone) == ["untouched"]
    assert _kinds(tmp_path / "all", task, start, {**gone, "README.md": "# yachts\n"}) == []
    assert _kinds(tmp_path / "left", task, start, {"README.md": "# yachts\n"}) == ["still_there"] * 3


@pytest.mark.parametrize(("task", "flagged"), [
    # heldout31's i08 kit: the README example written, the command as it was
    ("At the end of the week I want to run the pay for all the days at once, like `python -m parade.route a.csv "
     "b.csv`. Put an example in the README.", True),
    ("Add a --json option to python -m parade.route. Please also document the new option in the README.", True),
    # the README is the task: first, or the only thing to change
    ("The Usage section of the README has fallen behind `python -m parade.route`. Please update it.", False),
    ("Add an example of python -m parade.route to the README; only the README should change.", False),
    # the first sentence tells of the program as it is (a review's cases)
    ("`python -m parade.route` has a --date option now. Document it in the README.", False),
    ("python -m parade.route --date works fine, but nobody knows. Mention it in the README please.", False),
    ("Our users keep asking how to run python -m parade.route for one day. Add an example to the README.", False),
])
def test_the_readme_alone_changed_for_a_program_change_and_a_readme_line_is_untouched(
        tmp_path: Path, task: str, flagged: bool) -> None:
    kinds = _kinds(tmp_path, task, README_START, {"README.md": "# parade\n\n    python -m parade.route a.csv b.csv\n"})
    assert ("untouched" in kinds) is flagged, kinds


@pytest.mark.parametrize(("task", "flagged"), [
    ("Rename `main` to `run` everywhere: the package, the tests and the README.", True),
    ("Please rename `main` to `run` throughout the project (code, tests, README).", True),
    ("Rename `route_main` to `run` everywhere, including the README.", False),  # the README never names it
])
def test_the_readme_in_a_changes_reach_is_asked_only_where_it_names_what_changes(
        tmp_path: Path, task: str, flagged: bool) -> None:
    start = {**README_START, "parade/route.py": "def main():\n    pass\n\n\ndef route_main():\n    main()\n"}
    end = {"parade/route.py": "def run():\n    pass\n\n\ndef run2():\n    run()\n"}
    assert ("untouched" in _kinds(tmp_path, task, start, end)) is flagged


def test_a_renamed_field_s_old_name_as_a_data_column_is_no_leftover(tmp_path: Path) -> None:
    """A review: "Rename the `wt` field of the `Skein` dataclass to `weight_g`", rightly done, the CSV
    keeping its "wt" header: `r['wt']` and the README's line on the columns name the column."""
    model = ("import csv\nfrom dataclasses import dataclass\n\n\n@dataclass\nclass Skein:\n    colour: str\n    {f}: float\n\n\n"
             "def load(path):\n    return [Skein(r['colour'], float(r['wt'])) for r in csv.DictReader(open(path))]\n"
             "\n\ndef total(skeins):\n    return sum(s.{f} for s in skeins)\n")
    readme = "# yarn\n\nstock.csv has columns colour and wt (grams); each row is a Skein with colour and {f}.\n"
    start = {"yarn/__init__.py": "", "yarn/model.py": model.format(f="wt"), "README.md": readme.format(f="wt")}
    task = "Please rename the `wt` field of the `Skein` dataclass to `weight_g`."
    right = {"yarn/model.py": model.format(f="weight_g"), "README.md": readme.format(f="weight_g")}
    assert "still_defined" not in _kinds(tmp_path / "right", task, start, right)
    half = {"yarn/model.py": model.format(f="weight_g") + "\nSAMPLE = Skein(colour='red', wt=1.0)\n"}
    assert "still_defined" in _kinds(tmp_path / "half", task, start, half)  # a use of the field left
