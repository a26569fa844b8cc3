"""The memory and disk bounds against the fourth round's attacks (issue 30): what is held at the
end, with and without the sandbox, as root and as uid 65534 where this runs as root.

    python benchmarks/bench_bounds.py          # prints numbers; asserts nothing

1. memfd_create + posix_fallocate, 10 x 100 MB, under `--limit memory=256M`: the most the
   command held (its own count of the blocks in its memfds).
2. fallocate, 8 x 90 MB, under `--limit disk=100M`, with util-linux's `fallocate` and with
   Python's os.posix_fallocate (glibc writes the blocks when fallocate is refused): the blocks
   on disk in the workspace afterwards, and whether the bound was told.
3. 20 x 10 MB written to a workspace on a tmpfs under `--limit disk=50M`: the blocks held
   afterwards (no I/O counter sees a tmpfs: what the held-blocks measure adds).
The "unguarded" row runs the same script outside any sandbox, with RLIMIT_DATA 256M for memory
(the old bound) and nothing for disk.
"""

from __future__ import annotations

import resource
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402  (the helpers skip with pytest's exception; caught here)

from smallops_tui.agent.sandbox.confine import Bounds  # noqa: E402
from tests.functional.test_sandbox_root import FALLOCATE, MB, MEMFD, _blocks, _most_held  # noqa: E402
from tests.sandbox_users import USERS, open_dirs, run_as, run_unguarded, sandbox_for, write_script  # noqa: E402


def memfd(user: str, kind: str) -> str:
    with open_dirs(user) as (workspace, temp, _):
        script = write_script(workspace, "memfd.py", MEMFD, user)
        if kind == "unguarded":
            output = run_unguarded(user, ["python3", str(script)], workspace, {resource.RLIMIT_DATA: 256 * MB})
        else:
            output = run_as(user, sandbox_for(kind, Bounds(memory=256 * MB)), "python3 memfd.py", workspace, temp).output
    how = "refused" if "refused" in output else ("killed" if "memory bound" in output else "")
    return f"{_most_held(output):5d} MB held {how}"


def allocate(user: str, kind: str, command: str, script: bool, tmpfs: bool = False, disk: int = 100) -> str:
    with open_dirs(user, tmpfs=tmpfs) as (workspace, temp, _):
        if script:
            write_script(workspace, "falloc.py", FALLOCATE, user)
        if kind == "unguarded":
            output = run_unguarded(user, ["sh", "-c", command], workspace)
        else:
            output = run_as(user, sandbox_for(kind, Bounds(disk=disk * MB, memory=0)), command, workspace, temp).output
        told = "bound told" if "disk bound" in output else ("refused" if "not supported" in output else "")
        return f"{_blocks(workspace) // MB:5d} MB on disk {told}"


def main() -> None:
    rows = [("memfd 10 x 100 MB, memory=256M", lambda user, kind: memfd(user, kind)),
            ("fallocate(1) 8 x 90 MB, disk=100M",
             lambda user, kind: allocate(user, kind, "for i in 1 2 3 4 5 6 7 8; do fallocate -l 90M f$i; done", False)),
            ("posix_fallocate 8 x 90 MB, disk=100M", lambda user, kind: allocate(user, kind, "python3 falloc.py", True)),
            ("tmpfs 20 x 10 MB, disk=50M",
             lambda user, kind: allocate(user, kind, "for i in $(seq 20); do head -c 10000000 /dev/zero > f$i; done",
                                         False, tmpfs=True, disk=50))]
    for title, measure in rows:
        print(title)
        for user in USERS:
            for kind in ("unguarded", "landlock", "bwrap"):
                try:
                    said = measure(user, kind)
                except pytest.skip.Exception as exc:
                    said = f"skipped: {exc}"
                print(f"  {user:7s} {kind:10s} {said}")


if __name__ == "__main__":
    main()
