"""A FIFO and a link to a device among the session logs and the themes (issue 30), through the
installed `smallops`: `smallops sessions` lists the logs and says what it skipped, and the app
starts (the sessions browser) with a FIFO among the themes. Before, each waited forever on the
FIFO, deaf to `q` and ^C."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from ..session_folders import write_hostile, write_logs
from .terminal import Terminal


def test_smallops_sessions_lists_the_logs_and_says_what_it_skipped(smallops_bin, app_env, tmp_path: Path) -> None:
    sessions = tmp_path / "data" / "sessions"
    write_logs(sessions, 3, task="task number {n}")
    write_hostile(sessions)
    done = subprocess.run([str(smallops_bin), "sessions"], env=app_env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert all(f"task number {n}" in done.stdout for n in range(3)), done.stdout
    assert "20270101-000006-fifo.jsonl is a FIFO (named pipe), not a regular file" in done.stderr
    assert "20270101-000007-zero.jsonl is a device, not a regular file" in done.stderr


def test_the_app_starts_with_a_fifo_among_the_themes(smallops_bin, app_env, tmp_path: Path) -> None:
    sessions = tmp_path / "data" / "sessions"
    write_logs(sessions, 2, task="task number {n}")
    write_hostile(sessions)
    themes = tmp_path / "config" / "themes"
    themes.mkdir(parents=True)
    os.mkfifo(themes / "evil.toml")
    term = Terminal([str(smallops_bin), "replay"], app_env, tmp_path)
    try:
        term.wait_for(lambda s: "task number 1" in s and "is a FIFO (named pipe)" in s, "the sessions browser")
        term.press("escape")
        status, sig = term.wait_exit()
    finally:
        term.kill()
    assert (status, sig) == (0, None), term.text()
