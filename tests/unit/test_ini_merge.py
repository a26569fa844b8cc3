"""`merge` for INI (agent/session/levers/ini_merge.py): a write holding only some of a file's
sections is read as those sections changed, the file's own lines kept, and anything ambiguous or
hostile is left as it was sent."""

from __future__ import annotations

import configparser
from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.reply.kinds import WriteFile
from smallops_tui.agent.session.levers.ini_merge import merged_ini
from smallops_tui.agent.session.levers.merge import merge_fragment

PLANS = """# Bike plans
[plan:casual]
unlock_fee = 1.00
per_minute = 0.25

[plan:member]
unlock_fee = 0.00
; members ride half an hour free
included_minutes = 30
note = long text
  continues here

[limits]
max_minutes = 240
"""


def test_a_new_section_and_a_changed_one_keep_the_rest_line_for_line() -> None:
    """heldout10's t04 shape: a plan added and another's minutes raised, the rest left out."""
    fragment = "[plan:student]\nunlock_fee = 0.00\nper_minute = 0.12\n[plan:member]\nunlock_fee = 0.00\nincluded_minutes = 45\n"
    text, names = merged_ini(PLANS, fragment) or ("", [])
    assert names == ["[plan:student]", "plan:member.included_minutes"]
    assert text == PLANS.replace("included_minutes = 30", "included_minutes = 45") + \
        "\n[plan:student]\nunlock_fee = 0.00\nper_minute = 0.12\n"


def test_a_changed_value_with_continuation_lines_and_a_new_key() -> None:
    text, names = merged_ini(PLANS, "[plan:member]\nnote = short\nextra = 1\n") or ("", [])
    assert names == ["plan:member.note", "plan:member.extra"]
    assert "included_minutes = 30\nnote = short\nextra = 1\n\n[limits]" in text and "continues here" not in text


def test_a_fragment_that_changes_nothing_is_the_file_itself() -> None:
    assert merged_ini(PLANS, "[plan:member]\nunlock_fee = 0.00\n") == (PLANS, [])


def test_keys_are_matched_as_configparser_reads_them() -> None:
    text, names = merged_ini(PLANS, "[plan:casual]\nPer_Minute=0.30\n") or ("", [])
    assert names == ["plan:casual.per_minute"] and "Per_Minute=0.30\n" in text and "0.25" not in text
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(text)
    assert parser["plan:casual"]["per_minute"] == "0.30" and parser["limits"]["max_minutes"] == "240"


@pytest.mark.parametrize("fragment", [
    PLANS,  # every section: a whole-file write
    PLANS.replace("[limits]", "[limits]\nmin_minutes = 1"),
    "unlock_fee = 0.00\n",  # no section
    "[DEFAULT]\nunlock_fee = 2\n[limits]\nmax_minutes = 1\n",  # DEFAULT reaches every section
    "[limits]\nmax_minutes = 1\n[limits]\nmax_minutes = 2\n",  # a section twice
    "[limits]\nmax_minutes = 1\nmax_minutes = 2\n",  # a key twice
    "not ini at all",
    "",
])
def test_what_is_not_plainly_a_fragment_is_left_as_sent(fragment: str) -> None:
    assert merged_ini(PLANS, fragment) is None


@pytest.mark.parametrize("before", [
    "key = value\n",  # no section
    "[a]\nx = 1\n[a]\nx = 2\n",  # a section twice
    '{"a": 1}',
])
def test_a_file_that_does_not_parse_is_not_merged_into(before: str) -> None:
    assert merged_ini(before, "[a]\nx = 3\n") is None


def test_percent_signs_and_a_bracket_in_a_value_are_text() -> None:
    before = "[fmt]\nline = %(name)s at 100%\n[x]\ny = [not a header]\n"
    text, names = merged_ini(before, "[fmt]\nline = %(name)s at 50%\n") or ("", [])
    assert names == ["fmt.line"] and text == before.replace("100%", "50%")


def test_a_large_fragment_is_no_small_change() -> None:
    before = "".join(f"[s{i}]\nx = {i}\n" for i in range(300)) + "[kept]\nx = 1\n"
    assert merged_ini(before, "".join(f"[s{i}]\nx = -{i}\n" for i in range(1, 250))) is None
    assert merged_ini(before, "".join(f"[s{i}]\nx = -{i}\n" for i in range(1, 100))) is not None


def test_an_ini_write_through_merge_and_a_task_that_takes_a_section_away(tmp_path: Path) -> None:
    (tmp_path / "plans.ini").write_text(PLANS)
    write = WriteFile(path="plans.ini", content="[limits]\nmax_minutes = 300\n")
    merged, repairs = merge_fragment(write, Workspace(tmp_path), "Raise the ride limit to 300 minutes.")
    assert isinstance(merged, WriteFile) and merged.content == PLANS.replace("240", "300")
    assert [r.kind for r in repairs] == ["fragment_merged"]
    assert merge_fragment(write, Workspace(tmp_path), "Remove the casual plan and raise the limit.") == (write, [])
