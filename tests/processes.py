"""Polling helpers for tests about real processes: wait for pid files, and for processes to die.

They poll with deadlines; a kill takes a moment to land, and a command a moment to start.
"""

from __future__ import annotations

import os
import time
from pathlib import Path


def alive(pid: int) -> bool:
    """Running (a zombie, dead but not yet collected, counts as dead)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return False


def gone(pid: int, message: str = "", seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while alive(pid):
        assert time.monotonic() < deadline, message or f"process {pid} survived"
        time.sleep(0.02)


def read_pids(directory: Path, *names: str) -> list[int]:
    return [int((directory / name).read_text().strip()) for name in names]


def wait_for_pids(directory: Path, *names: str, seconds: float = 20.0) -> list[int]:
    """The pids that a command writes to files in `directory`, once all are written."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return read_pids(directory, *names)
        except (FileNotFoundError, ValueError):
            assert time.monotonic() < deadline, f"the command never wrote {', '.join(names)}"
            time.sleep(0.02)
