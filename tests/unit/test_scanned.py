"""The bounded reading every check at done shares (agent/files/scanned.py): heads, bounds, files it
cannot read passed over, and what counts as a README or a history document."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from smallops_tui.agent.files.scanned import is_readme, records_history, scanned_texts, text_head
from smallops_tui.agent.files.workspace import Workspace


def test_text_head_reads_only_the_head_and_replaces_undecodable_bytes(tmp_path: Path) -> None:
    (tmp_path / "big.txt").write_bytes(b"\xffabc" + b"x" * 1000)
    assert text_head(Workspace(tmp_path), "big.txt", 4) == "\ufffdabc"


@pytest.mark.parametrize("rel", ["missing.py", "../outside.py", "folder", "link_out.py"])
def test_what_cannot_be_read_inside_the_workspace_is_none(tmp_path: Path, rel: str) -> None:
    root = tmp_path / "ws"
    (root / "folder").mkdir(parents=True)
    (tmp_path / "outside.py").write_text("secret = 1\n")
    os.symlink(tmp_path / "outside.py", root / "link_out.py")
    assert text_head(Workspace(root), rel) is None


def test_scanned_texts_passes_over_unreadable_files_and_stops_at_its_bound(tmp_path: Path) -> None:
    for name in "abcd":
        (tmp_path / f"{name}.py").write_text(f"{name} = 1\n")
    found = list(scanned_texts(Workspace(tmp_path), ["a.py", "gone.py", "b.py", "c.py", "d.py"], max_files=4))
    # The bound counts files tried, so a tree full of unreadable names cannot make it read more.
    assert found == [("a.py", "a = 1\n"), ("b.py", "b = 1\n"), ("c.py", "c = 1\n")]


@pytest.mark.parametrize(("rel", "expected"), [
    ("README", True), ("README.md", True), ("docs/readme.rst", True), ("ReadMe.txt", True),
    ("README-dev.md", False), ("readme_helper.py", False), ("docs/guide.md", False),
])
def test_a_readme_has_any_extension_or_none(rel: str, expected: bool) -> None:
    assert is_readme(rel) is expected


@pytest.mark.parametrize(("rel", "expected"), [
    ("CHANGELOG.md", True), ("docs/HISTORY.rst", True), ("NEWS", True), ("release-notes.md", True),
    ("MIGRATING.md", True), ("docs/changes.txt", True), ("README.md", False), ("news_feed.py", False),
    ("src/feeds/reader.py", False),
])
def test_history_documents(rel: str, expected: bool) -> None:
    assert records_history(rel) is expected
