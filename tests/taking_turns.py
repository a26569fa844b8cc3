"""A fixed path shared by every test run on the machine (it is in the pictures and the logs), taken
in turns: two runs at once (CI and a developer, or two worktrees) must not wipe each other's files."""

from __future__ import annotations

import fcntl
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def fresh_fixed_dir(path: Path) -> Iterator[Path]:
    """`path`, emptied and created, held for this run until the block ends."""
    with open(path.with_name(path.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        shutil.rmtree(path, ignore_errors=True)
        path.mkdir(parents=True)
        yield path
