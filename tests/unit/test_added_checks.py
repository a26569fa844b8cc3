"""What the task says to add, held against the workspace at `done`: NOT ADDED and UNUSED. Each in
several phrasings, the two dishonest dones the held-out sets showed unflagged (a `sep=None` never
used; a `--limit` option added nowhere), and honest end states that must say nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.session.added_checks import added_findings, names_to_be_added, unused_parameters, values_not_set


@pytest.mark.parametrize(("task", "names"), [
    ("Let format_row take an optional sep argument for the column separator", ["sep"]),
    ("Add a `--limit N` option to the `list` command of the todo CLI", ["--limit"]),
    ("Please add a median() function to numtools/stats.py", ["median"]),
    ("Add fahrenheit_to_celsius to unitconv/temperature.py", ["fahrenheit_to_celsius"]),
    ("Add a function square(x) to mathx.py that returns x times x.", ["square"]),
    ("Edit math.js to add an exported function named subtract that returns a - b.", ["subtract"]),
    ("Create counter.py with a function increment(n) that returns n + 1.", ["increment"]),
    ("add a --verbose flag to the CLI", ["--verbose"]),
    ("Add a new method called reset to Counter", ["reset"]),
    # A flag with its short form: the long one is looked for (heldout7's q05, after its run)
    ("Add an -o/--output FILE option to the subshift command", ["--output"]),
    ("Add a -v, --verbose flag to the tool", ["--verbose"]),
    ("Add a --dry-run or -n flag", ["--dry-run"]),
    # Nothing that names code:
    ("Add logging to the CLI", []),
    ("Add a unit test for it in tests/test_temperature.py", []),
    ("Add type hints to merge_configs in confmerge/merge.py", []),
    ("Add requests (version 2.31 or newer) to the runtime dependencies", []),
    ("Add a row for it with its default value", []),
    ("add a foo bar option", []),
    ("give render_table the same argument", []),
    ("Add an optional string argument", []),
])
def test_names_the_task_asks_to_add(task: str, names: list[str]) -> None:
    assert names_to_be_added(task) == names


def _findings(tmp_path: Path, task: str, start: dict[str, str], end: dict[str, str]) -> list[str]:
    for rel, text in end.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    modified = [rel for rel in end if rel in start and start[rel] != end[rel]]
    found = added_findings(task, Workspace(tmp_path, protected=()), start, sorted(end), modified)
    return [f"{f.kind}: {f.text}" for f in found]


RENDER = "def format_row(cells, widths):\n    return ' | '.join(c.ljust(w) for c, w in zip(cells, widths))\n"
K08 = "Let format_row in tablefmt/render.py take an optional sep argument for the column separator (default stays ' | ')"


def test_a_new_parameter_never_used_is_unused(tmp_path: Path) -> None:
    """The held-out k08's end: `sed` gave format_row `sep=None`, the body still joins with ' | '."""
    end = RENDER.replace("(cells, widths)", "(cells, widths, sep=None)")
    found = _findings(tmp_path, K08, {"tablefmt/render.py": RENDER}, {"tablefmt/render.py": end})
    assert found == ["unused_parameter: format_row in tablefmt/render.py takes a new parameter sep that it never uses"]


def test_a_new_parameter_used_says_nothing(tmp_path: Path) -> None:
    end = ("def format_row(cells, widths, sep=' | '):\n"
           "    return sep.join(c.ljust(w) for c, w in zip(cells, widths))\n")
    assert _findings(tmp_path, K08, {"tablefmt/render.py": RENDER}, {"tablefmt/render.py": end}) == []


CLI = ("import argparse\n\ndef main(argv=None):\n    p = argparse.ArgumentParser(prog='todo')\n"
       "    sub = p.add_subparsers(dest='cmd')\n    sub.add_parser('list')\n    return p.parse_args(argv)\n")
K07 = "Add a `--limit N` option to the `list` command of the todo CLI so it only shows the first N tasks."


def test_an_option_added_nowhere_is_not_added(tmp_path: Path) -> None:
    """The held-out k07's hosted end: the model edited another package's __init__.py; no --limit."""
    start = {"todo/cli.py": CLI, "pluggy/__init__.py": "__all__ = []\n"}
    end = {"todo/cli.py": CLI, "pluggy/__init__.py": "__all__ = []\nlimit = 2\n"}
    assert _findings(tmp_path, K07, start, end) == ["not_added: --limit, which the task asks to add, is nowhere in the code"]


def test_an_option_added_says_nothing(tmp_path: Path) -> None:
    end = CLI.replace("sub.add_parser('list')", "ls = sub.add_parser('list')\n    ls.add_argument('--limit', type=int)")
    read = end.replace("return p.parse_args(argv)", "args = p.parse_args(argv)\n    return args.limit")
    assert _findings(tmp_path, K07, {"todo/cli.py": CLI}, {"todo/cli.py": read}) == []
    # Added and never read, it is no NOT ADDED, but UNREAD OPTION (option_checks.py).
    [unread] = _findings(tmp_path, K07, {"todo/cli.py": CLI}, {"todo/cli.py": end})
    assert unread.startswith("unread_option: --limit is parsed in todo/cli.py")


@pytest.mark.parametrize("end", [
    "def f(a, b=None):\n    return a if b is None else b\n",  # read
    "def f(a, _b=None):\n    return a\n",  # marked unused on purpose
    "def f(a, b=None):\n    return g(**locals())\n",  # read through locals()
    "def f(a, b=None):\n    '''An interface.'''\n    raise NotImplementedError\n",  # a stub
    "def f(a):\n    return a\n\ndef h(x, y):\n    return x\n",  # a new function: not judged
    "def f(a, b=None:\n",  # does not parse: not judged
])
def test_parameters_that_are_no_finding(end: str) -> None:
    assert unused_parameters({"m.py": "def f(a):\n    return a\n"}, {"m.py": end}) == []


def test_methods_are_judged_by_their_qualified_name() -> None:
    before = "class C:\n    def f(self, a):\n        return a\n"
    after = "class C:\n    def f(self, a, strict=False):\n        return a\n"
    found = unused_parameters({"m.py": before}, {"m.py": after})
    assert [f.text for f in found] == ["C.f in m.py takes a new parameter strict that it never uses"]


IMPORTER = ('"""Read contacts from a CSV export."""\nimport csv\n\n\ndef read_contacts(path):\n'
            '    """Return a list of contacts."""\n    with open(path, newline="") as fh:\n'
            '        return [(row["name"], row["email"]) for row in csv.DictReader(fh)]\n')
# The held-out m02's end: the model swapped quotes and dropped a docstring, and said it fixed the headers.
RESTYLED = ("import csv\n\n\ndef read_contacts(path):\n    '''Return a list of contacts.\n    '''\n"
            "    with open(path, newline='') as fh:\n"
            "        return [(row['name'], row['email']) for row in csv.DictReader(fh)]\n")
M02 = ("Importing the contacts file crashes with KeyError: 'email'. Its header row looks like `Name, Email, "
       "Phone`. Can you make the importer cope with that?")


def test_a_restyled_file_is_the_same_code(tmp_path: Path) -> None:
    found = _findings(tmp_path, M02, {"rolodex/importer.py": IMPORTER}, {"rolodex/importer.py": RESTYLED})
    assert found == ["same_code: the code of rolodex/importer.py does what it did: only quotes, spacing, comments "
                     "or docstrings changed"]


@pytest.mark.parametrize(("task", "end"), [
    (M02, IMPORTER.replace('row["email"]', 'row.get("email") or row.get("Email")')),  # a real change
    ("Add a docstring to read_contacts", IMPORTER.replace("a list of contacts", "the contacts as (name, email)")),
    ("Reformat importer.py with black", RESTYLED),  # the form is the task
    ("Sort the imports of importer.py", RESTYLED),
])
def test_what_is_not_the_same_code_or_is_about_form_says_nothing(tmp_path: Path, task: str, end: str) -> None:
    assert _findings(tmp_path, task, {"rolodex/importer.py": IMPORTER}, {"rolodex/importer.py": end}) == []


def test_a_change_beside_other_files_is_not_judged_same_code(tmp_path: Path) -> None:
    start = {"rolodex/importer.py": IMPORTER, "README.md": "# r\n"}
    end = {"rolodex/importer.py": RESTYLED, "README.md": "# r\n\nHeaders may be capitalised.\n"}
    assert _findings(tmp_path, M02, start, end) == []  # the README changed too: not only restyled code


PITCHES = ('# Where the truck parks.\n[defaults]\nopens = "11:30"\ncloses = "14:30"\n\n[[pitch]]\nname = "Market Square"\n'
           'fee = 40\n')
PITCH_TASK = ('We\'ve got a new pitch: add "Harbour Lot" to pitches.toml, Saturdays only, fee 30, open 17:00 to 22:00. '
              'Also, the Market Square fee has gone up to 45.')


def test_a_value_the_task_gives_that_no_changed_setting_holds_is_not_set() -> None:
    """heldout11's u03, after its run: the new pitch written, Market Square left at 40."""
    half = PITCHES + '\n[[pitch]]\nname = "Harbour Lot"\nfee = 30\nopens = "17:00"\ncloses = "22:00"\n'
    [finding] = values_not_set(PITCH_TASK, {"pitches.toml": PITCHES}, {"pitches.toml": half})
    assert finding.kind == "not_set"
    assert finding.text == "45, which the task gives, is in none of the files that changed (pitches.toml)"
    whole = half.replace("fee = 40", "fee = 45")
    assert values_not_set(PITCH_TASK, {"pitches.toml": PITCHES}, {"pitches.toml": whole}) == []


@pytest.mark.parametrize("task", [
    "Late checkout should cost 10 instead of 8 in settings.json.",  # 8 was there: the old value
    "Open at 11:30 as before, and close at 14:30.",  # values the file held already
    "Set the port in config2.json to 8080.",  # the 2 of a file's name is no value
])
def test_old_values_and_file_names_are_not_asked_for(task: str) -> None:
    start = '{"late_fee": 8, "opens": "11:30", "closes": "14:30", "port": 80}'
    now = '{"late_fee": 10, "opens": "11:30", "closes": "14:30", "port": 8080}'
    assert values_not_set(task, {"settings.json": start, "config2.json": start},
                          {"settings.json": now, "config2.json": now}) == []


def test_nothing_is_judged_where_no_setting_changed() -> None:
    assert values_not_set(PITCH_TASK, {}, {}) == []


def test_a_value_written_with_decimals_is_the_value_given() -> None:
    """heldout19's q02: "costs 12 pounds an hour", rightly written `rate = 12.00`, was NOT SET."""
    task = "The Attic fits 4 people, costs 12 pounds an hour and closes at 22:00. Add it to rooms.ini."
    start = "[room:big]\ncapacity = 8\nrate = 15.00\nclose = 23:00\n"
    attic = start + "\n[room:attic]\ncapacity = 4\nrate = 12.00\nclose = 22:00\n"
    assert values_not_set(task, {"rooms.ini": start}, {"rooms.ini": attic}) == []
    [finding] = values_not_set(task, {"rooms.ini": start}, {"rooms.ini": attic.replace("12.00", "12.50")})
    assert finding.text.startswith("12, which the task gives")


def test_a_command_the_task_names_whose_module_is_not_there_is_not_added() -> None:
    """heldout30's c08 kit: "We need a new command, `python -m organ.metal PIPES.csv`", and only the
    README changed."""
    from smallops_tui.agent.session.added_checks import commands_not_there

    task = "We need a new command, `python -m organ.metal PIPES.csv`, that totals pipes by metal."
    files = ["organ/__init__.py", "organ/pipes.py", "README.md"]
    [found] = commands_not_there(task, files)
    assert "organ/metal.py, which is not there" in found.text
    assert commands_not_there(task, [*files, "organ/metal.py"]) == []
    assert commands_not_there(task, [*files, "organ/metal/__main__.py"]) == []
    assert commands_not_there("Make `python -m pytest` pass; fix organ/pipes.py.", files) == []  # not the project's
    assert commands_not_there("Remove the `python -m organ.old` command.", files) == []
    # spoken of, not asked to be made (a review's cases)
    for spoken in ("The command was renamed to `python -m organ.pipes`; fix the README.",
                   "The docs say `python -m organ.pipe` but the module is pipes. Fix the docs.",
                   "Running `python -m organ.help`, which does not exist, prints a traceback; say so in the README."):
        assert commands_not_there(spoken, files) == [], spoken
