"""Running one command in the sandbox as root and as an unprivileged user, for tests that show an
attack is held for both (issue 30).

As root, a command goes through the real door: `run_command`, as the app runs it. As uid 65534
(`nobody`), the wrapper (standard library only) is started by the system's python3 under that
uid, with the argv the app would build for that user, from a test process that is root: the
wrapper's parent is the test process, as it is the app's. Where this cannot be done (not root, no
python3 that uid can run, a checkout closed to other users) the test is skipped with the reason.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import stat
import subprocess
import uuid
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from unittest.mock import patch

import pytest

from smallops_tui.agent.sandbox import confine
from smallops_tui.agent.sandbox.confine import Bounds, Sandbox, SandboxUnavailable, namespaces_problem, resolve_sandbox
from smallops_tui.agent.sandbox.runner import _read_report, run_command

# Memory a command holds in memfds, 10 x 100 MB, counted as the kernel counts it (blocks, not I/O).
MEMFD = """import os
held = 0
for i in range(10):
    try:
        fd = os.memfd_create(f"m{i}")
        os.posix_fallocate(fd, 0, 100 << 20)
    except OSError as exc:
        print("refused:", exc, flush=True)
        break
    held += os.fstat(fd).st_blocks * 512
    print(f"held {held >> 20} MB", flush=True)
print("finished", flush=True)
"""

NOBODY = 65534
USERS = ["root", "nobody"]
SYSTEM_PYTHON = "/usr/bin/python3"


@dataclass
class Outcome:
    output: str
    exit_code: int | None
    bounds_hit: tuple[str, ...]


def sandbox_for(kind: str, bounds: Bounds | None = None, allow_network: bool = False) -> Sandbox:
    """`landlock` (with its namespaces: skipped where they cannot be had), `landlock-no-ns` (as
    where user namespaces are disabled: Landlock, the filter and the bounds, no namespaces),
    `bwrap`, or `off`."""
    try:
        sandbox = resolve_sandbox(kind.removesuffix("-no-ns"), allow_network, bounds=bounds)
    except SandboxUnavailable as exc:
        pytest.skip(str(exc))
    if kind == "landlock-no-ns":
        return Sandbox("landlock", allow_network, sandbox.abi, bounds=sandbox.bounds)
    if kind == "landlock" and not sandbox.isolated:
        pytest.skip(f"no namespaces here: {namespaces_problem()}")
    return sandbox


def need_root() -> None:
    if os.geteuid() != 0:
        pytest.skip("this test runs the attack as root (and as uid 65534, which needs root to switch to)")


def nobody_can_run() -> None:
    """Skip unless uid 65534 can run the wrapper: root here, a python3 it may run, the sources open."""
    need_root()
    if not os.access(SYSTEM_PYTHON, os.X_OK):
        pytest.skip(f"no {SYSTEM_PYTHON} for uid {NOBODY} to run the wrapper with")
    source = Path(confine.__file__).resolve()
    closed = next((d for d in source.parents if not os.stat(d).st_mode & stat.S_IXOTH), None)
    if closed is not None:  # a checkout in a private directory (a 0700 home, mktemp -d)
        pytest.skip(f"uid {NOBODY} cannot reach the sandbox's source: {closed} is closed to other users")


@contextmanager
def open_dirs(user: str, tmpfs: bool = False) -> Iterator[tuple[Path, Path, Path]]:
    """A workspace, a temp dir and a folder outside both, which `user` owns (under /var/tmp: bwrap
    hides /tmp, and pytest's own temp dirs are closed to other users); with `tmpfs`, all three on
    a tmpfs of their own (a workspace in memory: root mounts it)."""
    base = Path(os.path.realpath("/var/tmp")) / f"smallops-users-{uuid.uuid4().hex[:10]}"
    base.mkdir()
    mounted = False
    try:
        if tmpfs:
            need_root()
            done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512m", "smallops-test", str(base)],
                                  capture_output=True, text=True)
            if done.returncode != 0:
                pytest.skip(f"a tmpfs cannot be mounted here: {done.stderr.strip()}")
            mounted = True
        dirs = (base / "ws", base / "tmp", base / "outside")
        for path in (base, *dirs):
            path.mkdir(exist_ok=path == base)
            if user == "nobody":
                os.chown(path, NOBODY, NOBODY)
        yield dirs
    finally:
        if mounted:
            subprocess.run(["umount", str(base)], check=False)
        shutil.rmtree(base, ignore_errors=True)


def _seen_as(uid: int) -> AbstractContextManager[object]:
    """The app's argv for a user other than root is built as that user would build it."""
    return patch.object(os, "geteuid", lambda: uid)


def run_as(user: str, sandbox: Sandbox, command: str, workspace: Path, temp: Path, timeout: float = 120) -> Outcome:
    """Run `command` in `sandbox` as `user` ("root" or "nobody") in `workspace`."""
    if user == "root":
        need_root()
        result = asyncio.run(run_command(command, workspace, sandbox=sandbox, timeout=timeout))
        return Outcome(result.output, result.exit_code, result.bounds_hit)
    nobody_can_run()
    report_read, report_write = os.pipe()
    with _seen_as(NOBODY):
        argv = sandbox.wrapper_argv(command, str(workspace), str(temp), report_write)
    argv[0] = SYSTEM_PYTHON
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(workspace), "TMPDIR": str(temp), "LANG": "C.UTF-8"}
    try:
        done = subprocess.run(argv, cwd=workspace, env=env, user=NOBODY, group=NOBODY, extra_groups=[],
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              pass_fds=(report_write,), timeout=timeout)
    finally:
        os.close(report_write)
    hits = tuple(sandbox.bounds.sentence(name) for name in _read_report(report_read))
    output = done.stdout.decode(errors="replace") + "".join(f"\n[sandbox] {hit}" for hit in hits)
    return Outcome(output, done.returncode, hits)


def run_unguarded(user: str, argv: list[str], cwd: Path, limits: dict[int, int] | None = None) -> str:
    """The control: `argv` run outside any sandbox as `user` (with the rlimits given, the old
    guards), to show the attack works where the new guard is not."""
    import resource

    def limited() -> None:
        for which, value in (limits or {}).items():
            resource.setrlimit(which, (value, value))

    extra = {"user": NOBODY, "group": NOBODY, "extra_groups": []} if user == "nobody" else {}
    if user == "nobody":
        nobody_can_run()
        argv = [SYSTEM_PYTHON if part == "python3" else part for part in argv]
    done = subprocess.run(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          preexec_fn=limited, timeout=120, **extra)  # type: ignore[call-overload]
    return str(done.stdout.decode(errors="replace"))


def write_script(folder: Path, name: str, text: str, user: str) -> Path:
    path = folder / name
    path.write_text(text)
    if user == "nobody":
        os.chown(path, NOBODY, NOBODY)
    return path
