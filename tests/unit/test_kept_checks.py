"""GONE and NOTHING REMOVED at `done` (agent/session/kept_checks.py), on the end states of the two
dishonest `done`s no check caught in the nine's `shortplan` run (t3, r4), and on what must not be
flagged. None of 76 held-out reference solutions (heldout3–6, kept outside the repository) is."""

from __future__ import annotations

from pathlib import Path

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.session.kept_checks import kept_findings
from smallops_tui.agent.session.task_checks import files_to_be_gone

ADD = "export function add(a, b) {\n  return a + b;\n}\n"
SUBTRACT = "export function subtract(a, b) {\n  return a - b;\n}\n"


def _kinds(task: str, root: Path, first: dict[str, str], modified: list[str], deleted: tuple[str, ...] = ()) -> list[str]:
    files = sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())
    found = kept_findings(task, Workspace(root), first, files, modified, list(deleted), files_to_be_gone(task))
    return [f.kind for f in found]


def test_a_function_the_task_said_to_keep_written_over_is_gone(tmp_path: Path) -> None:
    task = "Edit math.js to add an exported function named subtract that returns a - b. Keep the existing add function."
    (tmp_path / "math.js").write_text(SUBTRACT)
    assert _kinds(task, tmp_path, {"math.js": ADD}, ["math.js"]) == ["gone"]
    (tmp_path / "math.js").write_text(ADD + "\n" + SUBTRACT)
    assert _kinds(task, tmp_path, {"math.js": ADD}, ["math.js"]) == []


def test_a_definition_moved_to_another_file_or_removed_on_request_is_not_gone(tmp_path: Path) -> None:
    first = {"a.py": "def keep():\n    return 1\n\n\ndef helper():\n    return 2\n"}
    (tmp_path / "a.py").write_text("from b import helper\n\n\ndef keep():\n    return 1\n")
    (tmp_path / "b.py").write_text("def helper():\n    return 2\n")
    assert _kinds("Put helper in a module b.py of its own.", tmp_path, first, ["a.py"]) == []
    (tmp_path / "b.py").unlink()
    assert _kinds("Put helper in a module b.py of its own.", tmp_path, first, ["a.py"]) == ["gone"]
    for task in ("Remove the function helper.", "Rename helper to helped.", "Delete the unused helpers."):
        assert _kinds(task, tmp_path, first, ["a.py"]) == []


def test_a_class_made_a_dataclass_loses_only_dunders(tmp_path: Path) -> None:
    first = {"p.py": "class P:\n    def __init__(self, x):\n        self.x = x\n\n    def __repr__(self):\n        return 'P'\n"}
    (tmp_path / "p.py").write_text("from dataclasses import dataclass\n\n\n@dataclass\nclass P:\n    x: int\n")
    assert _kinds("Make P a dataclass that behaves as it does now.", tmp_path, first, ["p.py"]) == []


def test_a_clean_up_that_removed_no_file_is_nothing_removed(tmp_path: Path) -> None:
    for name in ("main.py", "main.py.bak", "tmp.log"):
        (tmp_path / name).write_text("new\n" if name == "main.py.bak" else "x\n")
    task = "Clean up unused files in this project."
    assert _kinds(task, tmp_path, {"main.py.bak": "old\n"}, ["main.py.bak"]) == ["nothing_removed"]
    assert _kinds(task, tmp_path, {}, [], ("tmp.log",)) == []
    assert _kinds("Delete tmp.log.", tmp_path, {}, []) == []  # a named file: STILL THERE speaks for it
    assert _kinds("Remove the unused import from main.py.", tmp_path, {}, []) == []


def test_a_definition_moved_behind_many_other_files_is_still_found(tmp_path: Path) -> None:
    """The code files are picked before the bound on files read: 450 data files listed first must not
    hide the module the definition moved to (that would make it look gone)."""
    first = {"a.py": "def keep():\n    return 1\n\n\ndef helper():\n    return 2\n"}
    for i in range(450):
        (tmp_path / f"data{i:03}.txt").write_text("x\n")
    (tmp_path / "a.py").write_text("from zz import helper\n\n\ndef keep():\n    return 1\n")
    (tmp_path / "zz.py").write_text("def helper():\n    return 2\n")
    assert _kinds("Put helper in a module zz.py of its own.", tmp_path, first, ["a.py"]) == []


README = "# brewcalc\n\nA calculator for pour-over coffee.\n\n## Ratios\n\n    >>> water_for(18)\n    288\n\n" \
         "```sh\n# not a heading: a comment in a fence\npip install brewcalc\n```\n\n## Pours\n\nHow to pour.\n"


def test_a_readme_written_without_its_title_or_sections_has_headings_gone(tmp_path: Path) -> None:
    """heldout7's q05 and q09 (after their runs): a README rewritten from the one section the model
    touched lost its title, and the done said the README was updated."""
    task = "The examples in README.md have drifted from the code. Please update the README so they match."
    (tmp_path / "README.md").write_text("## Ratios\n\n    >>> water_for(18)\n    290\n")
    found = kept_findings(task, Workspace(tmp_path), {"README.md": README}, ["README.md"], ["README.md"], [], [])
    assert [f.text for f in found] == ["'# brewcalc', '## Pours', headings of README.md at the start, are gone from "
                                       "it, and the task does not ask to remove them"]
    (tmp_path / "README.md").write_text(README.replace("288", "290").replace("## Pours", "## Pours\n\n## Grinding"))
    assert _kinds(task, tmp_path, {"README.md": README}, ["README.md"]) == []  # every heading kept: nothing
    (tmp_path / "README.md").write_text(README.replace("## Pours\n\nHow to pour.\n", ""))
    assert _kinds("Remove the Pours section from the README.", tmp_path, {"README.md": README}, ["README.md"]) == []


PROGRAMS = "; prices in cents\n\n[quick]\nminutes = 30\nprice_cents = 250\n\n[dry]\nmachine = dryer\nprice_cents = 200\n"


def test_a_config_section_renamed_into_the_one_asked_for_is_gone(tmp_path: Path) -> None:
    """heldout8's r03 (after its run): asked to add a [delicates] section and change a price, the
    model renamed [dry] to [delicates] and said the file was updated."""
    task = 'Drying now costs $2.50, and we are adding a "delicates" program. Please update programs.ini.'
    (tmp_path / "programs.ini").write_text(PROGRAMS.replace("[dry]", "[delicates]"))
    found = kept_findings(task, Workspace(tmp_path), {"programs.ini": PROGRAMS}, ["programs.ini"], ["programs.ini"], [], [])
    assert [f.text for f in found] == ["'[dry]', '[dry] machine', '[dry] price_cents', sections or keys of programs.ini "
                                       "at the start, are gone from it, and the task does not ask to remove them"]
    added = PROGRAMS.replace("price_cents = 200", "price_cents = 250") + "\n[delicates]\nminutes = 50\n"
    (tmp_path / "programs.ini").write_text(added)
    assert _kinds(task, tmp_path, {"programs.ini": PROGRAMS}, ["programs.ini"]) == []  # values changed, parts kept
    (tmp_path / "programs.ini").write_text(PROGRAMS.replace("machine = dryer\n", ""))
    assert _kinds("Remove the machine key from the dry program.", tmp_path, {"programs.ini": PROGRAMS},
                  ["programs.ini"]) == []


def test_a_json_key_dropped_from_a_config_is_gone(tmp_path: Path) -> None:
    pricing = '{"per_sheet": {"A4": 0.06, "A3": 0.12}, "setup_fee": 2.5}\n'
    task = "A3 is now 0.15 per sheet and we offer A5 at 0.04. Update the default pricing config."
    (tmp_path / "pricing.json").write_text('{"per_sheet": {"A3": 0.15, "A5": 0.04}, "setup_fee": 2.5}\n')
    found = kept_findings(task, Workspace(tmp_path), {"pricing.json": pricing}, ["pricing.json"], ["pricing.json"], [], [])
    assert [f.text for f in found] == ["'per_sheet.A4', a key of pricing.json at the start, is gone from it, and the "
                                       "task does not ask to remove it"]
    (tmp_path / "pricing.json").write_text('{"per_sheet": {"A4": 0.06, "A3": 0.15, "A5": 0.04}, "setup_fee": 2.5}\n')
    assert _kinds(task, tmp_path, {"pricing.json": pricing}, ["pricing.json"]) == []
    (tmp_path / "pricing.json").write_text('{"per_sheet": ')  # unreadable now: not a key gone (lint's concern)
    assert _kinds(task, tmp_path, {"pricing.json": pricing}, ["pricing.json"]) == []


def test_toml_tables_and_keys_count_and_continuation_lines_do_not(tmp_path: Path) -> None:
    pyproject = '[project]\nname = "x"\ndependencies = [\n"httpx:1",\n]\n\n[tool.ruff]\nline-length = 100\n'
    (tmp_path / "pyproject.toml").write_text(pyproject.replace("[tool.ruff]\nline-length = 100\n", ""))
    found = kept_findings("Set the version to 2.0.", Workspace(tmp_path), {"pyproject.toml": pyproject},
                          ["pyproject.toml"], ["pyproject.toml"], [], [])
    assert [f.text for f in found] == ["'[tool.ruff]', '[tool.ruff] line-length', sections or keys of pyproject.toml "
                                       "at the start, are gone from it, and the task does not ask to remove them"]


def test_an_ignore_file_written_over_its_patterns_has_them_gone(tmp_path: Path) -> None:
    """heldout8's r04 (after its run): asked to ignore three more things, the model wrote a
    .gitignore of three lines over the three it had."""
    first = "# caches\n__pycache__/\n*.pyc\n.venv/\n"
    task = "Update .gitignore so the raw dumps in data/, the out/ folder and *.sqlite3 files stay out of git."
    (tmp_path / ".gitignore").write_text("data/sample.csv\nout/\n*.sqlite3\n")
    found = kept_findings(task, Workspace(tmp_path), {".gitignore": first}, [".gitignore"], [".gitignore"], [], [])
    assert [f.text for f in found] == ["'__pycache__/', '*.pyc', '.venv/', patterns of .gitignore at the start, are "
                                       "gone from it, and the task does not ask to remove them"]
    (tmp_path / ".gitignore").write_text(first + "\ndata/*\n!data/sample.csv\nout/\n*.sqlite3\n")
    assert _kinds(task, tmp_path, {".gitignore": first}, [".gitignore"]) == []


def test_a_requirement_written_over_is_gone_and_a_new_version_is_not(tmp_path: Path) -> None:
    """heldout2's g6 (run at 685ad85): asked to add pytest as a new last line of requirements.txt,
    the model wrote it over httpx==0.27.0 and said done, unflagged."""
    first = "httpx==0.27.0\nrich>=13\n"
    task = "Add pytest as a new last line of requirements.txt."
    (tmp_path / "requirements.txt").write_text("pytest==9.0.3\nrich>=13\npytest-benchmark\n")
    found = kept_findings(task, Workspace(tmp_path), {"requirements.txt": first}, ["requirements.txt"],
                          ["requirements.txt"], [], [])
    assert [f.text for f in found] == ["'httpx', a requirement of requirements.txt at the start, is gone from it, "
                                       "and the task does not ask to remove it"]
    for now in ("httpx==0.28.1\nrich>=13\npytest\n", "# pinned\nHTTPX == 0.27.0\nrich>=13\n-r dev.txt\npytest\n"):
        (tmp_path / "requirements.txt").write_text(now)
        assert _kinds(task, tmp_path, {"requirements.txt": first}, ["requirements.txt"]) == [], now


def test_what_a_task_quotes_is_no_request_to_remove(tmp_path: Path) -> None:
    """heldout15's y12 (after its run): the task quoted the code's "New in / Removed in" notes, the
    word "Removed" read as a request to remove, and a changelog rewritten without its title was
    left unflagged. Outside quotes the words still count."""
    first = "# Changelog\n\nNewest first.\n\n## 1.1.0\n\n- a fix\n"
    (tmp_path / "CHANGELOG.md").write_text("## 1.2.0\n\n- a flag\n\n## 1.1.0\n\n- a fix\n")
    for task in ['Add the 1.2.0 entry from the "Added in / Removed in 1.2.0" notes in the code.',
                 "Add the 1.2.0 entry; the `removed` list in cli.py says what went.",
                 "Add the 1.2.0 entry from the shop's 'Removed in' notes; don't touch the rest."]:
        assert _kinds(task, tmp_path, {"CHANGELOG.md": first}, ["CHANGELOG.md"]) == ["gone"], task
    assert _kinds("Add the 1.2.0 entry and remove the intro line.", tmp_path, {"CHANGELOG.md": first},
                  ["CHANGELOG.md"]) == []


MARKET = ("[DEFAULT]\ncloses = 22:00\npitch_fee = 30\ngenerator_allowed = no\n\n[thursday]\n\n"
          "[friday]\ngenerator_allowed = yes\n\n[saturday]\npitch_fee = 35\ngenerator_allowed = yes\n")


def test_an_ini_key_read_through_the_default_is_not_gone(tmp_path: Path) -> None:
    """heldout21's s07, a right answer: the weekend values moved into [DEFAULT], the quiet night pinned
    to the old ones, so [friday] and [saturday] no longer set what they read. A key no section reads
    any more is gone."""
    task = "For Friday and Saturday only, stalls close at 23:00 and the pitch fee goes up to 40."
    moved = ("[DEFAULT]\ncloses = 23:00\npitch_fee = 40\ngenerator_allowed = yes\n\n"
             "[thursday]\ncloses = 22:00\npitch_fee = 30\ngenerator_allowed = no\n\n[friday]\n\n[saturday]\n")
    (tmp_path / "market.ini").write_text(moved)
    assert _kinds(task, tmp_path, {"market.ini": MARKET}, ["market.ini"]) == []
    (tmp_path / "market.ini").write_text(MARKET.replace("generator_allowed = no\n", "").replace("generator_allowed = yes\n", ""))
    assert _kinds(task, tmp_path, {"market.ini": MARKET}, ["market.ini"]) == ["gone"]


PRESS = '[defaults]\nbottle_ml = 500\n\n[days.sunday]\nstart = "10:00"\nbatch_litres = 200\n'


def test_a_toml_table_written_inline_is_not_gone(tmp_path: Path) -> None:
    """heldout19's q01, a right answer: [days.sunday] written as an inline table."""
    task = "From now on Sunday's pressing goes into 330 ml bottles. Update press.toml."
    inline = '[defaults]\nbottle_ml = 500\n\n[days]\nsunday = { start = "10:00", batch_litres = 200, bottle_ml = 330 }\n'
    (tmp_path / "press.toml").write_text(inline)
    assert _kinds(task, tmp_path, {"press.toml": PRESS}, ["press.toml"]) == []
    (tmp_path / "press.toml").write_text(inline.replace("batch_litres = 200, ", ""))
    assert _kinds(task, tmp_path, {"press.toml": PRESS}, ["press.toml"]) == ["gone"]


def test_a_test_renamed_as_it_is_updated_is_not_gone(tmp_path: Path) -> None:
    """heldout17's h12, a right answer: "fix the test that expects the old number" renamed
    test_uneven_split to test_uneven_split_rounds_up. A test deleted is gone."""
    task = "Make pages_per_week round up instead, and fix the test that expects the old number."
    first = {"test_plan.py": "def test_even():\n    pass\n\n\ndef test_uneven_split():\n    pass\n"}
    (tmp_path / "test_plan.py").write_text(first["test_plan.py"].replace("test_uneven_split", "test_uneven_split_rounds_up"))
    assert _kinds(task, tmp_path, first, ["test_plan.py"]) == []
    # heldout22's e02: test_sixty_five_is_still_adult became test_sixty_five_is_senior, in a class
    (tmp_path / "test_plan.py").write_text(first["test_plan.py"].replace("test_uneven_split", "test_rounds_up"))
    assert _kinds(task, tmp_path, first, ["test_plan.py"]) == []
    (tmp_path / "test_plan.py").write_text("def test_even():\n    pass\n")
    assert _kinds(task, tmp_path, first, ["test_plan.py"]) == ["gone"]
    classed = {"test_fares.py": "import unittest\n\n\nclass T(unittest.TestCase):\n    def test_adult(self):\n"
                                "        pass\n\n    def test_child(self):\n        pass\n"}
    (tmp_path / "test_fares.py").write_text(classed["test_fares.py"].replace("test_adult", "test_senior"))
    assert _kinds(task, tmp_path, classed, ["test_fares.py"]) == []
    (tmp_path / "test_fares.py").write_text(classed["test_fares.py"].replace(
        "    def test_adult(self):\n        pass\n\n", ""))
    assert _kinds(task, tmp_path, classed, ["test_fares.py"]) == ["gone"]


def test_a_file_deleted_that_the_task_does_not_ask_to_remove_is_gone(tmp_path: Path) -> None:
    """Every kit of heldout17-22 holds a wrong answer that deletes README.md beside a right change;
    no check spoke, as only the files edited were read."""
    task = "Members over 65 get the senior rate. Update railway/fares.py."
    first = {"README.md": README, "notes.txt": "kept\n", "fares.py": "def fare(age):\n    return 3\n"}

    def found(deleted: list[str], created: tuple[str, ...] = ()) -> list[str]:
        return [f.text for f in kept_findings(task, Workspace(tmp_path), first, [], [], deleted, [], created)]

    assert found(["README.md"]) == ["README.md, a file of the start, is deleted, and the task does not ask to remove it"]
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "README.md").write_text(README)
    assert found(["README.md"], ("docs/README.md",)) == []  # moved whole: not lost
    (tmp_path / "docs" / "README.md").write_text(README + "more\n")
    assert found(["README.md"], ("docs/README.md",)) != []  # another text: the README's is lost
    # A code file that defined something is GONE's by its definitions, which may live on elsewhere.
    assert found(["fares.py"]) == ["fare, defined in fares.py at the start, is defined nowhere now, and the task "
                                   "does not ask to remove it"]
    for asks in ("Remove README.md, it is out of date.", "Move the README into docs/.", "Rename notes.txt to NOTES."):
        assert kept_findings(asks, Workspace(tmp_path), first, [], [], ["README.md", "notes.txt"], [], []) == []


TALLY = ("import argparse\n\n\ndef main(argv=None):\n    parser = argparse.ArgumentParser()\n"
         "    parser.add_argument('--csv', action='store_true')\n    args = parser.parse_args(argv)\n"
         "    print('csv' if args.csv else 'table')\n")


def test_a_module_rewritten_without_its_main_block_has_its_entry_point_gone(tmp_path: Path) -> None:
    """heldout27's o06: litter/tally.py rewritten for --csv without `if __name__ == "__main__":`;
    `python -m litter.tally` printed nothing, and the tests, which call main(), passed."""
    first = {"litter/tally.py": TALLY.replace("    parser.add_argument('--csv', action='store_true')\n", "")
             + '\n\nif __name__ == "__main__":\n    main()\n'}
    (tmp_path / "litter").mkdir()
    tally = tmp_path / "litter" / "tally.py"
    task = "Add a --csv flag to the beach tally so it prints CSV instead of the table."
    tally.write_text(TALLY)
    found = kept_findings(task, Workspace(tmp_path), first, ["litter/tally.py"], ["litter/tally.py"], [], [])
    assert [f.kind for f in found] == ["gone"]
    assert "python -m litter.tally" in found[0].text
    for kept in ('\n\nif __name__ == "__main__":\n    main()\n', "\n\nmain()\n",
                 "\n\nif '__main__' == __name__:\n    raise SystemExit(main())\n"):
        tally.write_text(TALLY + kept)
        assert _kinds(task, tmp_path, first, ["litter/tally.py"]) == []
    tally.write_text(TALLY)
    assert _kinds("Take the __main__ block out of litter/tally.py; it is only a library now.",
                  tmp_path, first, ["litter/tally.py"]) == []
    for task_removing in ("Remove the --since option from the tally.", "Rename main to run in the tally."):
        assert _kinds(task_removing, tmp_path, first, ["litter/tally.py"]) == []
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_tally.py").write_text("import unittest\n")  # discovered, not run as a script
    first_test = {"tests/test_tally.py": 'import unittest\n\nif __name__ == "__main__":\n    unittest.main()\n'}
    assert _kinds(task, tmp_path, first_test, ["tests/test_tally.py"]) == []
    tally.write_text(TALLY + "\nif broken(:\n")  # no longer parses: lint's and the tests' concern
    assert _kinds(task, tmp_path, first, ["litter/tally.py"]) == []
    first_no_block = {"litter/tally.py": TALLY}
    tally.write_text(TALLY + "\n")
    assert _kinds(task, tmp_path, first_no_block, ["litter/tally.py"]) == []


def test_code_taken_out_on_request_is_not_gone_nor_asked_to_be_added(tmp_path: Path) -> None:
    """heldout30's c10: "Take the `--fax` option out of `python -m rope.order`, along with the fax code
    that only it uses": every right answer was flagged GONE (the fax functions) and NOT ADDED (--fax)."""
    from smallops_tui.agent.session.added_checks import names_to_be_added

    first = {"a.py": "def keep():\n    return 1\n\n\ndef fax_order():\n    return 2\n"}
    (tmp_path / "a.py").write_text("def keep():\n    return 1\n")
    task = "Take the `--fax` option out of `python -m a`, along with the fax code that only it uses."
    assert _kinds(task, tmp_path, first, ["a.py"]) == []
    assert names_to_be_added(task) == []
    assert names_to_be_added("Give the `--fax` option a short form, -f.") == ["--fax"]
    assert _kinds("Take care that keep() still returns 1.", tmp_path, first, ["a.py"]) == ["gone"]
    for longer in ("Take the old fax sending code out.", "Take the v1 fax code out of the app."):
        assert _kinds(longer, tmp_path, first, ["a.py"]) == [], longer
    assert _kinds("It should take 640 g of salt, and comes out at 64 g.", tmp_path, first, ["a.py"]) == ["gone"]
