"""Polling helpers for tests about real processes: wait for pid files, and for processes to die.

They poll with deadlines; a kill takes a moment to land, and a command a moment to start.

A command in the sandbox's PID namespace writes the pid it has there (`echo $$`, `$!`), which
means nothing outside: `read_pids` gives the pid this test process sees, found by the namespace
pids the kernel lists (NSpid) of a process working in the directory. A pid not found so is gone.
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


GONE = -1  # a pid no process has: what read_pids gives for a process that is no more


def host_pid(directory: Path, pid: int) -> int:
    """The pid, as this process sees it, of the process working in `directory` (or below) that
    has `pid` in its innermost PID namespace; GONE when there is none (any more)."""
    real = os.path.realpath(directory)
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status") as f:
                nspid = next((line.split()[1:] for line in f if line.startswith("NSpid:")), [])
            cwd = os.readlink(f"/proc/{entry}/cwd")
        except (OSError, StopIteration):
            continue
        if nspid and int(nspid[-1]) == pid and (cwd == real or cwd.startswith(real + "/")) and alive(int(entry)):
            return int(entry)
    return GONE


def read_pids(directory: Path, *names: str) -> list[int]:
    return [host_pid(directory, int((directory / name).read_text().strip())) for name in names]


def wait_for_pids(directory: Path, *names: str, seconds: float = 20.0) -> list[int]:
    """The pids that a command writes to files in `directory`, once all are written."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return read_pids(directory, *names)
        except (FileNotFoundError, ValueError):
            assert time.monotonic() < deadline, f"the command never wrote {', '.join(names)}"
            time.sleep(0.02)
