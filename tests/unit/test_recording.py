"""What the log keeps of files: content within the bounds, a fingerprint past them."""

from __future__ import annotations

import hashlib
from pathlib import Path

from smallops_tui.agent import ReadFile, RunCommand, Workspace
from smallops_tui.agent.session.guards import action_key, data_key
from smallops_tui.agent.files.recording import FILE_LIMIT, changed_paths, record_data, record_files, start_of
from smallops_tui.agent.files.stamps import same_file


def test_content_within_the_budget_and_fingerprints_past_it(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("a" * 100)
    (tmp_path / "b.bin").write_bytes(b"\x00\xff" * 50)
    (tmp_path / "c.txt").write_text("c" * 100)
    (tmp_path / "big.txt").write_text("x" * (FILE_LIMIT + 1))
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "config").write_text("[core]\n")
    ws = Workspace(tmp_path, protected=())
    stamps = ws.snapshot()
    assert ".git/config" in stamps  # the snapshot sees it, for the net diff...
    records = {r.path: r for r in record_files(ws, stamps, stamps, budget=200)}
    assert ".git/config" not in records  # ...the record does not: alone it would make a broken .git
    assert records["a.txt"].text == "a" * 100 and record_data(records["b.bin"]) == b"\x00\xff" * 50
    assert records["b.bin"].text is None and records["b.bin"].b64  # not UTF-8: base64
    assert not records["c.txt"].kept  # the budget (200 bytes) is spent by a.txt and b.bin
    assert records["c.txt"].digest == hashlib.sha256(b"c" * 100).hexdigest()
    assert not records["big.txt"].kept and records["big.txt"].size == FILE_LIMIT + 1


def test_a_start_made_from_records_matches_the_same_files_by_content(tmp_path: Path) -> None:
    (tmp_path / "same.txt").write_text("same\n")
    (tmp_path / "changed.txt").write_text("before\n")
    ws = Workspace(tmp_path, protected=())
    stamps = ws.snapshot()
    records = record_files(ws, stamps, stamps, budget=1000)
    (tmp_path / "changed.txt").write_text("after!\n")
    now = ws.snapshot()
    start, texts = start_of(records, now, 1000)
    assert same_file(start["same.txt"], now["same.txt"]) and not same_file(start["changed.txt"], now["changed.txt"])
    assert texts["changed.txt"] == "before\n"
    assert changed_paths(start, ws.snapshot(start)) == ["changed.txt"]


def test_a_logged_action_compares_as_its_action_does() -> None:
    for action in (ReadFile(path="./src//a.py"), RunCommand(command="  python3   -m pytest ")):
        assert data_key(action.to_json()) == action_key(action)
    assert data_key({"action": "read_file", "path": 3}) == repr([("action", "read_file"), ("path", 3)])  # hostile: no crash
