"""Folders of session logs for the sessions browser's tests and benchmark: copies of a fixture log
made by a real run of the app, each with its own task, date and model, named as the app names its
logs (the time first, so the names sort oldest first); and hostile files beside them."""

from __future__ import annotations

import os
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from .conftest import SESSIONS

BASE = datetime(2026, 1, 1, 9, 0, tzinfo=timezone.utc)


def write_logs(directory: Path, count: int, source: Path = SESSIONS / "fix-add-clean.jsonl",
               task: str = "task number {n}", workspace: str | None = None,
               words: tuple[str, ...] = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot")) -> list[Path]:
    """`count` logs in `directory`, the n-th started n minutes after BASE, with task
    `task`.format(n=n, word=words[n % len(words)])."""
    directory.mkdir(parents=True, exist_ok=True)
    first, *rest = source.read_text(encoding="utf-8").splitlines()
    header = json.loads(first)
    body = "\n".join(rest) + "\n"
    paths = []
    for n in range(count):
        when = BASE + timedelta(minutes=n)
        header.update(created=when.isoformat(timespec="seconds"), task=task.format(n=n, word=words[n % len(words)]),
                      model=f"model-{n % 3}")
        if workspace is not None:
            header["workspace"] = workspace
        path = directory / f"{when:%Y%m%d-%H%M%S}-task-{n}.jsonl"
        path.write_text(json.dumps(header) + "\n" + body, encoding="utf-8")
        paths.append(path)
    return paths


def write_hostile(directory: Path) -> dict[str, Path]:
    """Files a sessions folder may hold that are not good logs, by what is wrong with them; named
    to sort after (newer than) write_logs' logs."""
    first, *rest = (SESSIONS / "fix-add-clean.jsonl").read_text(encoding="utf-8").splitlines()
    header = json.loads(first)
    found = {}
    found["garbage"] = directory / "20270101-000001-garbage.jsonl"
    found["garbage"].write_bytes(b"\x00\xff not json at all \x1b[31m\n")
    found["empty"] = directory / "20270101-000002-empty.jsonl"
    found["empty"].write_bytes(b"")
    found["huge line"] = directory / "20270101-000003-huge.jsonl"
    found["huge line"].write_bytes(b"x" * (5 * 1024 * 1024))  # one 5 MiB line, no end
    cut = dict(header, task="[bold]cut[/bold] off \x1b[31mred", created="2027-01-01T00:00:04+00:00")
    found["torn"] = directory / "20270101-000004-torn.jsonl"
    found["torn"].write_text(json.dumps(cut) + "\n" + "\n".join(rest[:5]) + "\n" + rest[5][:40], encoding="utf-8")
    found["directory"] = directory / "20270101-000005-dir.jsonl"
    found["directory"].mkdir()
    found["fifo"] = directory / "20270101-000006-fifo.jsonl"  # open() would wait for a writer forever
    os.mkfifo(found["fifo"])
    found["device"] = directory / "20270101-000007-zero.jsonl"  # a link to a device that never ends
    found["device"].symlink_to("/dev/zero")
    return found
