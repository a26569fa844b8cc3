"""A FIFO, a device or a link to one where the app reads its own files (issue 30): a theme, the
config file, a bench results file. Each gives a sentence, never a wait: `open()` on a FIFO waits
for a writer, and /dev/zero never ends. (The session logs: test_sessions_browser.py and the
acceptance tests.) Each case runs in a process of its own with a deadline, so a regression fails
instead of hanging the suite."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from smallops_tui.agent.regular_files import IrregularFile, read_regular


def _hostile(path: Path, kind: str) -> None:
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")


def _in_own_process(code: str, tmp_path: Path) -> str:
    """What `code` printed (stdout, then stderr), run by a Python of its own with a deadline."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60)
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout + done.stderr


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_theme_that_is_not_a_file_is_a_sentence(kind: str, tmp_path: Path) -> None:
    themes = tmp_path / "themes"
    themes.mkdir()
    _hostile(themes / "evil.toml", kind)
    said = _in_own_process(f"""
        from pathlib import Path
        from smallops_tui.ui.themes import load_themes
        loaded = load_themes(Path({str(themes)!r}))
        print(len(loaded.themes) > 0, loaded.errors)
    """, tmp_path)
    noun = "a FIFO (named pipe)" if kind == "fifo" else "a device"
    assert said.startswith("True") and f"evil.toml is {noun}, not a regular file" in said, said


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_config_file_that_is_not_a_file_is_a_sentence(kind: str, tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    _hostile(config, kind)
    said = _in_own_process(f"""
        from pathlib import Path
        from smallops_tui.config import ConfigError, load_settings, save_setting
        for attempt in (lambda: load_settings(path=Path({str(config)!r}), environ={{}}),
                        lambda: save_setting("theme", "x", Path({str(config)!r}))):
            try:
                attempt()
                print("read")
            except ConfigError as exc:
                print(exc)
    """, tmp_path)
    noun = "a FIFO (named pipe)" if kind == "fifo" else "a device"
    lines = said.splitlines()
    assert len(lines) == 2 and all(f"is {noun}, not a regular file" in line for line in lines), said


def test_a_bench_results_file_that_is_a_fifo_is_a_sentence(tmp_path: Path) -> None:
    _hostile(tmp_path / "results.jsonl", "fifo")
    said = _in_own_process(f"""
        from smallops_tui.cli import main
        print("exit", main(["bench", "report", {str(tmp_path / "results.jsonl")!r}]))
    """, tmp_path)
    assert "results.jsonl is a FIFO (named pipe), not a regular file" in said and "exit 1" in said, said


def test_a_regular_file_past_its_bound_is_refused_unread(tmp_path: Path) -> None:
    (tmp_path / "big").write_bytes(b"x" * 2000)
    assert read_regular(tmp_path / "big", limit=2000) == b"x" * 2000
    with pytest.raises(IrregularFile, match="larger than 1000 bytes"):
        read_regular(tmp_path / "big", limit=1000)
