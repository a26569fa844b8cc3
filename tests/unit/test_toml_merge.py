"""`merge` for TOML (agent/session/levers/toml_merge.py): a write holding only some of a file's
tables is read as those tables changed, the file's own lines kept, and anything ambiguous or
hostile is left as it was sent."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.reply.kinds import WriteFile
from smallops_tui.agent.session.levers.merge import merge_fragment
from smallops_tui.agent.session.levers.toml_merge import merged_toml

FLAVOURS = """# Prices are in pence per scoop.

[flavours.vanilla]
price = 180
allergens = ["milk", "egg"]

[flavours.raspberry-sorbet]
name = "Raspberry Sorbet"
price = 190  # up in spring
allergens = []

[flavours.dark-chocolate]
price = 200
allergens = ["milk", "soya"]
"""

PYPROJECT = """[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "catchlog"
version = "0.3.0"
dependencies = [
    "click>=8",
]

[tool.ruff]
line-length = 100
"""


def test_a_new_table_and_a_changed_key_keep_the_rest_line_for_line() -> None:
    """heldout14's x03 shape: a flavour added and another's price raised, the rest left out."""
    fragment = ('[flavours.raspberry-sorbet]\nname = "Raspberry Sorbet"\nprice = 210\nallergens = []\n'
                '[flavours.pistachio]\nprice = 240\nallergens = ["milk", "tree-nut"]\n')
    text, names = merged_toml(FLAVOURS, fragment) or ("", [])
    assert names == ["flavours.raspberry-sorbet.price", "[flavours.pistachio]"]
    assert text == FLAVOURS.replace("price = 190  # up in spring", "price = 210") + \
        '\n[flavours.pistachio]\nprice = 240\nallergens = ["milk", "tree-nut"]\n'


def test_a_table_added_to_a_pyproject_keeps_its_many_line_values() -> None:
    text, names = merged_toml(PYPROJECT, '[project.scripts]\ncatchlog = "catchlog.cli:main"\n') or ("", [])
    assert names == ["[project.scripts]"]
    assert text == PYPROJECT + '\n[project.scripts]\ncatchlog = "catchlog.cli:main"\n'
    assert tomllib.loads(text)["project"]["dependencies"] == ["click>=8"]


def test_a_value_over_lines_is_merged_only_where_the_result_reads_back_as_the_fragment_says() -> None:
    fragment = '[project]\ndependencies = [\n    "click>=8",\n    "rich",\n]\n'
    text, names = merged_toml(PYPROJECT, fragment) or ("", [])
    assert names == ["project.dependencies"] and text == PYPROJECT.replace('"click>=8",\n', '"click>=8",\n    "rich",\n')
    # a closing bracket where the lines do not line up: the result would not read back, so it is not merged
    assert merged_toml(PYPROJECT, '[project]\ndependencies = [\n    "click>=8", "rich"]\n') is None


def test_a_table_is_the_same_however_its_header_is_spelled() -> None:
    text, names = merged_toml(FLAVOURS, '[ flavours."vanilla" ]\nprice = 185\n') or ("", [])
    assert names == ["flavours.vanilla.price"] and text == FLAVOURS.replace("price = 180", "price = 185")


def test_a_fragment_that_changes_nothing_is_the_file_itself() -> None:
    assert merged_toml(FLAVOURS, '[flavours.vanilla]\nprice = 180\n') == (FLAVOURS, [])


@pytest.mark.parametrize("fragment", [
    "price = 210\n[flavours.pistachio]\nprice = 240\n",  # a key outside any table (heldout14's x03 sent one)
    FLAVOURS + "[flavours.pistachio]\nprice = 240\n",  # every table: a whole-file write
    "[[flavours.pistachio]]\nprice = 240\n",  # an array of tables
    "[flavours.vanilla\nprice = 1\n",  # not TOML
    "",
    "# only a comment\n",
])
def test_what_is_not_plainly_a_fragment_is_left_as_sent(fragment: str) -> None:
    assert merged_toml(FLAVOURS, fragment) is None


@pytest.mark.parametrize(("was", "now"), [("0", "false"), ("1", "1.0"), ("0.0", "-0.0"), ("1", "true"),
                                          ("2026-01-01T00:00:00Z", "2026-01-01T01:00:00+01:00")])
def test_a_value_of_another_type_is_a_change_though_python_calls_them_equal(was: str, now: str) -> None:
    """An attacker's review: `0 == False` in Python, so `enabled = false` over `enabled = 0` read
    as no change, and the file stayed as it was under a repair that said "all of it already"."""
    before = f"[a]\nenabled = {was}\n\n[b]\nq = 1\n"
    text, names = merged_toml(before, f"[a]\nenabled = {now}\n") or ("", [])
    assert names == ["a.enabled"] and text == before.replace(f"enabled = {was}", f"enabled = {now}")


@pytest.mark.parametrize("large", ["[b]\n" + "\n" * 200_000 + "x = 1\n",
                                   "[b]\nx = \"\"\"\nq" + " " * 200_000 + "\n\"\"\"\n",
                                   "[b]\n" + ".".join(["a"] * 3_000) + " = 1\n"], ids=["blank lines", "long line", "deep keys"])
def test_large_valid_text_is_read_in_one_pass_and_never_raises(large: str) -> None:
    """An attacker's review: `\\s*` over 200,000 blank lines and a lazy key pattern over a long line
    were quadratic (minutes, on the session's thread), and keys nested 3,000 deep raised RecursionError."""
    for before, fragment in ((FLAVOURS, large), (large + FLAVOURS, "[flavours.vanilla]\nprice = 1\n")):
        result = merged_toml(before, fragment)
        assert result is None or tomllib.loads(result[0]) is not None


@pytest.mark.parametrize("hostile", ["a = " + "[" * 100_000, "[" * 100_000, "x = '''" + "\\" * 50_000],
                         ids=["deep array", "brackets", "unclosed string"])
def test_hostile_text_is_no_fragment(hostile: str) -> None:
    assert merged_toml(FLAVOURS, hostile) is None
    assert merged_toml(hostile, "[flavours.vanilla]\nprice = 1\n") is None


def test_a_toml_write_through_mergeconfig_and_a_task_that_takes_a_table_away(tmp_path: Path) -> None:
    (tmp_path / "flavours.toml").write_text(FLAVOURS)
    write = WriteFile(path="flavours.toml", content="[flavours.vanilla]\nprice = 185\n")
    merged, repairs = merge_fragment(write, Workspace(tmp_path), "Vanilla is 1.85 a scoop now.", python=False)
    assert isinstance(merged, WriteFile) and merged.content == FLAVOURS.replace("price = 180", "price = 185")
    assert [r.kind for r in repairs] == ["fragment_merged"]
    assert merge_fragment(write, Workspace(tmp_path), "Remove the dark chocolate and make vanilla 1.85.",
                          python=False) == (write, [])
