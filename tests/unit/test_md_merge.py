"""`mergedocs`: a write of some of a Markdown file's sections put in place (levers/md_merge.py):
a new section, a changed one, a changelog's new version on top; what is left as written (a whole
document, a write that begins with text, a heading only in a code block, a task that removes); and
a property: every section the write leaves out is in the result as the file had it."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.reply.kinds import WriteFile
from smallops_tui.agent.session.levers.md_merge import merged_markdown
from smallops_tui.agent.session.levers.merge import merge_fragment

README = "# windsock\n\nChecks the wind.\n\n## Usage\n\nRun it.\n\n## Exit status\n\n- `0` GO\n\n## Development\n\nTests.\n"
CHANGELOG = "# Changelog\n\n## [1.3.0] - 2026-01-01\n\n- Old.\n\n## [1.2.0] - 2025-06-01\n\n- Older.\n"


def test_a_new_section_goes_at_the_end() -> None:
    text, names = merged_markdown(README, "## Sites\n\nEach site faces one way.\n") or ("", [])
    assert text == README + "\n## Sites\n\nEach site faces one way.\n" and names == ["## Sites"]


def test_a_changed_section_replaces_its_namesake_and_the_rest_is_kept() -> None:
    """heldout16's z11: the 'Exit status' section sent alone, as the whole README."""
    text, names = merged_markdown(README, "## exit  STATUS\n\n- `0` GO\n- `2` NO-FLY\n") or ("", [])
    # The section as the write has it, heading and all: what the person approves is what is written.
    assert text == README.replace("## Exit status\n\n- `0` GO\n", "## exit  STATUS\n\n- `0` GO\n- `2` NO-FLY\n")
    assert names == ["## exit  STATUS"]


def test_a_section_sent_back_with_only_its_blank_lines_changed_is_no_change() -> None:
    assert merged_markdown(README, "## Exit status\n- `0` GO  \n") == (README, ["## Exit status"])


def test_a_changelog_s_new_version_goes_on_top() -> None:
    text, _ = merged_markdown(CHANGELOG, "## [1.4.0] - 2026-06-01\n\n### Added\n\n- New.\n") or ("", [])
    assert text == CHANGELOG.replace("## [1.3.0]", "## [1.4.0] - 2026-06-01\n\n### Added\n\n- New.\n\n## [1.3.0]")


@pytest.mark.parametrize("fragment", [
    "# windsock\n\nA new title.\n",  # a title: the whole document
    "Some text first.\n\n## Usage\n\nRun.\n",  # text before its first heading
    "```\n## Usage\n```\n",  # a heading only inside a code block
    "## Usage\n\nA.\n\n## Usage\n\nB.\n",  # the same section twice
    "## Usage\n\nA.\n\n## Exit status\n\nB.\n\n## Development\n\nC.\n",  # every section: a whole rewrite
    "plain text\n",
])
def test_what_is_no_section_fragment_is_left_as_written(fragment: str) -> None:
    assert merged_markdown(README, fragment) is None


def test_a_heading_inside_the_file_s_code_block_is_no_section() -> None:
    before = "# x\n\n## Use\n\n```sh\n## not a heading\n```\n\n## End\n\nBye.\n"
    text, _ = merged_markdown(before, "## Use\n\nRun.\n") or ("", [])
    assert text == "# x\n\n## Use\n\nRun.\n\n## End\n\nBye.\n"


def test_long_lines_of_blanks_are_read_in_one_pass() -> None:
    """A heading followed by 200,000 spaces and a word: the first pattern backtracked over every split."""
    hostile = "## Usage" + " " * 200_000 + "x\n"
    assert merged_markdown(README, hostile) is not None
    assert merged_markdown("# t\n\n## A ##   \n\nold\n\n## B\n\nb\n", "## A\n\nnew\n") == (
        "# t\n\n## A\n\nnew\n\n## B\n\nb\n", ["## A"])


def _write(tmp_path: Path, name: str, text: str, content: str, task: str = "") -> tuple[str, list[str]]:
    (tmp_path / name).write_bytes(text.encode())
    action, repairs = merge_fragment(WriteFile(path=name, content=content), Workspace(tmp_path), task, python=False,
                                     config=False, docs=True)
    assert isinstance(action, WriteFile)
    return action.content, [r.detail for r in repairs]


def test_through_the_lever_a_crlf_file_keeps_its_line_breaks_and_a_removal_is_left_alone(tmp_path: Path) -> None:
    text, said = _write(tmp_path, "README.md", README.replace("\n", "\r\n"), "## Sites\n\nNorth.\n")
    assert text == (README + "\n## Sites\n\nNorth.\n").replace("\n", "\r\n") and "put in place" in said[0]
    assert _write(tmp_path, "README.md", README, "## Usage\n\nRun.\n", "Remove the Development section.") == \
        ("## Usage\n\nRun.\n", [])
    assert _write(tmp_path, "notes.txt", README, "## Usage\n\nRun.\n") == ("## Usage\n\nRun.\n", [])


TITLES = st.lists(st.text("abcdefg ", min_size=1, max_size=8).filter(str.strip), min_size=2, max_size=5,
                  unique_by=lambda t: " ".join(t.lower().split()))


@settings(max_examples=200, deadline=None)
@given(titles=TITLES, picked=st.data())
def test_every_section_the_write_leaves_out_is_kept_as_it_was(titles: list[str], picked: st.DataObject) -> None:
    sections = [f"## {title}\n\nbody of {k}\n" for k, title in enumerate(titles)]
    before = "# doc\n\n" + "\n".join(sections)
    chosen = picked.draw(st.sets(st.integers(0, len(titles) - 1), min_size=1, max_size=len(titles) - 1))
    fragment = "\n".join(f"## {titles[k]}\n\nnew {k}\n" for k in sorted(chosen))
    found = merged_markdown(before, fragment)
    assert found is not None
    text, _ = found
    for k, section in enumerate(sections):
        assert (f"new {k}\n" in text) is (k in chosen) and (section in text) is (k not in chosen)
