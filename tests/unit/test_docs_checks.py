"""DOCS MISS: a document the task asks to bring in line with a code file, which still leaves out
what that file defines (the end states of m17 in heldout4, k17 and k19 in heldout3, whose `done`
no other flag caught), and no flag where the document is complete or the task asks for less."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.session.docs_checks import defined_names, docs_findings, docs_miss

CLI = '''import argparse


def build_parser():
    p = argparse.ArgumentParser(prog="logship")
    p.add_argument("logfiles", nargs="+", metavar="LOGFILE")
    p.add_argument("-o", "--output", metavar="FILE", default="-")
    p.add_argument("-f", "--format", choices=["json", "csv"], default="json")
    p.add_argument("--since", metavar="DATE")
    return p
'''
CONFIG = '''"""Options, read from pinger.ini with defaults."""
DEFAULTS = {
    "interval": 30,
    "timeout": 5,
    "retries": 2,
    "log_file": "pinger.log",
}
_INTS = {"interval"}
'''
SETTINGS_CLASS = '''from dataclasses import dataclass


@dataclass
class Settings:
    host: str = "localhost"
    port: int = 8080
    _cache: dict | None = None
'''
USAGE_TASK = ("The Usage section of README.md is out of date: it describes flags the logship CLI no longer has. "
              "Please rewrite it to match what logship/cli.py actually accepts.")
TABLE_TASK = ("The Configuration table in README.md is missing one of the options that pinger/config.py supports. "
              "Add a row for it.")


def test_what_a_module_offers_to_be_documented() -> None:
    assert defined_names(CLI) == ["--output", "--format", "--since"]
    assert defined_names(CONFIG) == ["interval", "timeout", "retries", "log_file"]
    assert defined_names(SETTINGS_CLASS) == ["host", "port"]
    assert defined_names("def broken(:\n") == []
    # A dict or class whose name says nothing of options is not read; nor are short flags.
    assert defined_names('COLOURS = {"red": 1}\nclass Point:\n    x: int = 0\n') == []


@pytest.mark.parametrize(("readme", "missing"), [
    ("## Usage\n\n    logship LOGFILE... [--format json|csv] [--since DATE]\n", "--output"),
    ("## Usage\n\nWrites its output to stdout; `--format` and `--since DATE` as before.\n", "--output"),  # a word is not the flag
    ("## Usage\n\n    logship --verbose LOGFILE\n", "--output, --format, --since"),
])
def test_a_usage_section_that_leaves_out_a_flag_is_flagged(readme: str, missing: str) -> None:
    [found] = docs_miss(USAGE_TASK, {"README.md": readme, "logship/cli.py": CLI})
    assert found.kind == "docs_miss"
    assert found.text == f"README.md does not mention {missing}, which logship/cli.py defines"


def test_a_complete_usage_section_is_not_flagged() -> None:
    readme = "## Usage\n\n    logship LOGFILE... [-o FILE | --output FILE] [--format json|csv] [--since DATE]\n"
    assert docs_miss(USAGE_TASK, {"README.md": readme, "logship/cli.py": CLI}) == []


def test_a_table_missing_an_option_is_flagged_in_any_spelling_of_the_others() -> None:
    table = "| option | default |\n|---|---|\n| interval | 30 |\n| timeout | 5 |\n| log-file | pinger.log |\n"
    [found] = docs_miss(TABLE_TASK, {"README.md": table, "pinger/config.py": CONFIG})
    assert found.text == "README.md does not mention retries, which pinger/config.py defines"
    assert docs_miss(TABLE_TASK, {"README.md": table + "| retries | 2 |\n", "pinger/config.py": CONFIG}) == []


@pytest.mark.parametrize("task", [
    "Add a section on the --since flag to README.md; see logship/cli.py.",  # one addition, not completeness
    "Please rewrite the Usage section to match what the CLI actually accepts.",  # no files named
    "Rewrite README.md to match what logship/main.py accepts.",  # a file the workspace does not have
])
def test_no_flag_where_the_task_asks_for_less_or_names_nothing_to_hold_against(task: str) -> None:
    assert docs_miss(task, {"README.md": "nothing\n", "logship/cli.py": CLI}) == []


def test_through_the_workspace(tmp_path: Path) -> None:
    (tmp_path / "logship").mkdir()
    (tmp_path / "logship" / "cli.py").write_text(CLI)
    (tmp_path / "README.md").write_text("## Usage\n\n    logship [--format F] [--since D] LOGFILE\n")
    [found] = docs_findings(USAGE_TASK, Workspace(tmp_path, protected=()))
    assert "--output" in found.text
    (tmp_path / "README.md").write_text("## Usage\n\n    logship [--output F] [--format F] [--since D] LOGFILE\n")
    assert docs_findings(USAGE_TASK, Workspace(tmp_path, protected=())) == []


SUBCOMMANDS_CLI = '''import argparse


def build_parser():
    parser = argparse.ArgumentParser(prog="pondlog")
    sub = parser.add_subparsers(dest="command", required=True)
    record = sub.add_parser("record", help="record a reading")
    record.add_argument("--depth", type=float)
    sub.add_parser("chart")
    return parser
'''
OLD_COMMANDS_TASK = ("The Usage section of README.md still describes the old pondlog commands. Please rewrite it so "
                     "it matches what the CLI accepts now, with an example of each command.")


def _pond(root: Path, readme: str) -> Workspace:
    (root / "pondlog").mkdir()
    (root / "pondlog" / "__init__.py").write_text("")
    (root / "pondlog" / "store.py").write_text("def save(rows):\n    return rows\n")
    (root / "pondlog" / "cli.py").write_text(SUBCOMMANDS_CLI)
    (root / "README.md").write_text(readme)
    return Workspace(root)


def test_a_task_about_the_cli_that_names_no_code_file_is_judged_against_the_files_defining_one(tmp_path: Path) -> None:
    """heldout9's s11: the README kept the old commands, prose said the new ones' words, and the
    task named no code file: the file defining the command line is read."""
    old = ("# pondlog\n\nWe record the chart of each pond.\n\n## Usage\n\n```\npython -m pondlog add 3.2\n"
           "python -m pondlog plot --depth 2\n```\n")
    [found] = docs_findings(OLD_COMMANDS_TASK, _pond(tmp_path, old))
    assert found.text == "README.md does not mention the record command, the chart command, which pondlog/cli.py defines"


def test_a_usage_showing_every_command_is_not_flagged_and_a_task_not_about_the_cli_reads_no_code(tmp_path: Path) -> None:
    new = "## Usage\n\n    $ python -m pondlog record --depth 3.2\n\nThen `python -m pondlog chart`.\n"
    workspace = _pond(tmp_path, new)
    assert docs_findings(OLD_COMMANDS_TASK, workspace) == []
    (tmp_path / "README.md").write_text("# pondlog\n")
    assert docs_findings("The README.md is out of date: fix its title.", workspace) == []


def test_hostile_code_and_keys_are_not_judged() -> None:
    """A file too deep to parse is not read (it raised MemoryError); a dict key that is no name (spaces
    and dashes, or text posing as a finding) is not listed; one file gives at most MAX_NAMES."""
    from smallops_tui.agent.session.docs_checks import MAX_NAMES

    assert defined_names("p.add_argument('--x')\nx = " + "not " * 7000 + "y\n") == []
    assert defined_names("DEFAULTS = {%r: 1, 'x\\n\\nDOCS OK': 2, 'port': 3}\n" % (" -" * 40)) == ["port"]
    many = "\n".join(f"p.add_argument('--opt{n}')" for n in range(MAX_NAMES + 50))
    assert len(defined_names(many)) == MAX_NAMES
