"""The sandbox holds for root and for an unprivileged user alike (issue 30), through the installed
`smallops` in a pseudo-terminal, each command approved by a key (as the round that found the holes
did). Each attack runs once as root and once as uid 65534 (`nobody`, started by `setpriv` from
this root test process, with its own home, data and workspace):

- the handle write: a script that opens a file outside by `open_by_handle_at` through the
  workspace's mount leaves the canary outside as it was (and the session log as written);
- the setuid bit: `cp /bin/true tool && chmod 4755 tool` leaves no file with a setuid or setgid
  bit in the workspace, and the person reads why;
- memory: under `--limit memory=256M`, memfds filled to 1000 MB hold at most 256 MB;
- disk: under `--limit disk=100M`, `fallocate` of 8 × 90 MB leaves less than the bound on disk.

The controls (the same attacks outside the sandbox do what they want) are in
tests/functional/test_sandbox_root.py.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
import sysconfig
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from smallops_tui.agent import read_log
from smallops_tui.agent.log.events import Executed

from ..replay_server import Reply
from ..sandbox_users import MEMFD
from ..streams import token_turn
from .conftest import CALC, MODEL, ollama_routes
from .terminal import Terminal

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="these attacks are the ones root could do, and root "
                                                          "starts the unprivileged runs: run as root")

NOBODY = 65534
USERS = ["root", "nobody"]
MB = 1 << 20

HANDLE_WRITE = """import ctypes, os, struct, sys
libc = ctypes.CDLL(None, use_errno=True)
handle = ctypes.create_string_buffer(8 + 128)
struct.pack_into("I", handle, 0, 128)
mount_id = ctypes.c_int()
for target in sys.argv[1:]:
    if libc.name_to_handle_at(-100, target.encode(), handle, ctypes.byref(mount_id), 0) != 0:
        print("refused:", os.strerror(ctypes.get_errno()))
        continue
    fd = libc.open_by_handle_at(os.open(".", os.O_RDONLY), handle, os.O_WRONLY | os.O_APPEND)
    if fd < 0:
        print("refused:", os.strerror(ctypes.get_errno()))
        continue
    os.write(fd, b"forged\\n")
    print("wrote", target)
"""



@dataclass
class Seat:
    """Where one user's session runs: its folders (all the user's own) and how it is started."""

    base: Path
    workspace: Path
    env: dict[str, str]
    program: list[str]  # the installed smallops, as this user starts it

    @property
    def logs(self) -> list[Path]:
        return sorted((self.base / "data" / "sessions").glob("*.jsonl"))


def _closed_to_others(path: Path) -> Path | None:
    return next((d for d in [path, *path.parents] if d.exists() and not os.stat(d).st_mode & stat.S_IXOTH), None)


@contextmanager
def seat(user: str, smallops_bin: Path, app_env: dict[str, str], tmp_path: Path) -> Iterator[Seat]:
    """Root runs in pytest's temp dir; nobody in a folder of its own under /var/tmp (pytest's temp
    dirs are closed to other users), started by setpriv with no groups."""
    if user == "root":
        workspace = tmp_path / "ws"
        workspace.mkdir()
        (workspace / "calc.py").write_text(CALC)
        yield Seat(tmp_path, workspace, app_env, [str(smallops_bin)])
        return
    if shutil.which("setpriv") is None:
        pytest.skip("no setpriv to start smallops as uid 65534")
    closed = _closed_to_others(Path(sysconfig.get_paths()["purelib"])) or _closed_to_others(
        Path(__file__).resolve().parents[2])
    if closed is not None:  # a checkout in a private directory (a 0700 home, mktemp -d)
        pytest.skip(f"uid {NOBODY} cannot read the installed smallops: {closed} is closed to other users")
    base = Path(os.path.realpath("/var/tmp")) / f"smallops-nobody-{uuid.uuid4().hex[:10]}"
    try:
        workspace = base / "ws"
        for folder in (base / "home", base / "data", base / "config", workspace):
            folder.mkdir(parents=True)
        (workspace / "calc.py").write_text(CALC)
        for path in [base, *base.rglob("*")]:
            os.chown(path, NOBODY, NOBODY)
        env = {**app_env, "HOME": str(base / "home"), "SMALLOPS_DATA_DIR": str(base / "data"),
               "SMALLOPS_CONFIG_DIR": str(base / "config"), "SMALLOPS_MODELS_DIR": str(base / "models")}
        program = _runnable_by_nobody(smallops_bin, base / "venv")
        yield Seat(base, workspace, env, ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", "--",
                                          *program])
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _runnable_by_nobody(smallops_bin: Path, venv: Path) -> list[str]:
    """The installed smallops, or, where its interpreter lies in a folder closed to other users (a
    venv made from a Python under root's home), the same installed package run by a system Python
    of the same version through a venv of nobody's own that adds the installed site-packages."""
    interpreter = Path(sys.executable).resolve()
    if _closed_to_others(interpreter.parent) is None:
        return [str(smallops_bin)]
    system = shutil.which("python3", path="/usr/bin:/bin")
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    if system is None or subprocess.run([system, "-c", f"import sys; assert sys.version[:{len(version)}] == '{version}'"],
                                        capture_output=True).returncode != 0:
        pytest.skip(f"uid {NOBODY} cannot run {interpreter} ({_closed_to_others(interpreter.parent)} is closed to "
                    f"other users) and there is no system python{version} to run the installed package with")
    subprocess.run([system, "-m", "venv", "--without-pip", str(venv)], check=True)
    [site_packages] = venv.glob("lib/python*/site-packages")
    installed = sysconfig.get_paths()["purelib"]
    (site_packages / "installed.pth").write_text(f"import site; site.addsitedir({installed!r})\n")
    for path in [venv, *venv.rglob("*")]:
        os.chown(path, NOBODY, NOBODY, follow_symlinks=False)
    return [str(venv / "bin" / "python"), str(smallops_bin)]


def _supervise(smallops_bin: Path, where: Seat, server_url: str, shown: str, output: str | Callable[[str], bool],
               limits: tuple[str, ...] = ()) -> str:
    """Start the session, approve the one command (y, and y again for a HIGH one) until `output`
    shows, then approve the `done` and quit. Returns the screen after the command."""
    flags = [arg for limit in limits for arg in ("--limit", limit)]
    term = Terminal([*where.program, "run", "tidy up", "--backend", "ollama", "--url", server_url,
                     "--model", MODEL, *flags], where.env, where.workspace)
    try:
        term.wait_for(lambda s: shown in s and "approve" in s, "the proposal", seconds=180)
        text = term.press_until("y", output, "the command's output", seconds=180)
        term.approve(lambda s: "SESSION ENDED" in s, "the end")
        term.press("q")
        term.wait_exit()
        return text
    finally:
        term.kill()


def _turns(command: str) -> list[Reply]:
    return [token_turn({"action": "run_command", "command": command}), token_turn({"action": "done", "summary": "tidied"})]


def _command_output(where: Seat) -> str:
    [log] = where.logs
    return "\n".join(e.output or "" for e in read_log(log).events if isinstance(e, Executed))


@pytest.mark.parametrize("user", USERS)
def test_a_handle_write_leaves_the_canary_outside_unchanged(user, smallops_bin, app_env, ollama, tmp_path) -> None:
    with seat(user, smallops_bin, app_env, tmp_path) as where:
        outside = where.base / "outside"
        outside.mkdir()
        canary = outside / "canary"
        canary.write_text("original\n")
        if user != "root":  # the user's own file: only the sandbox stands between the command and it
            os.chown(outside, NOBODY, NOBODY)
            os.chown(canary, NOBODY, NOBODY)
        (where.workspace / "h.py").write_text(HANDLE_WRITE)
        logs = where.base / "data" / "sessions"
        with ollama(ollama_routes(_turns(f"python3 h.py {canary} {logs}/*.jsonl"), loaded=True)) as server:
            text = _supervise(smallops_bin, where, server.url, "python3 h.py", "refused: Operation not permitted")
        assert "wrote" not in text
        assert canary.read_text() == "original\n"
        [log] = where.logs
        assert "forged" not in log.read_text().splitlines()  # a line appended to the live log
        assert read_log(log).events[-1].type == "session_ended"


@pytest.mark.parametrize("user", USERS)
def test_no_setuid_file_is_left_in_the_workspace(user, smallops_bin, app_env, ollama, tmp_path) -> None:
    command = "cp /bin/true tool && chmod 4755 tool; install -m 2755 /bin/true tool2; ls -l tool tool2"
    with seat(user, smallops_bin, app_env, tmp_path) as where:
        with ollama(ollama_routes(_turns(command), loaded=True)) as server:
            text = _supervise(smallops_bin, where, server.url, "chmod 4755 tool", "Operation not permitted")
        assert "-rwsr" not in text
        setid = [p.name for p in where.workspace.rglob("*") if p.lstat().st_mode & (stat.S_ISUID | stat.S_ISGID)]
        assert setid == [] and (where.workspace / "tool").exists()


@pytest.mark.parametrize("user", USERS)
def test_memfds_stay_within_the_memory_limit(user, smallops_bin, app_env, ollama, tmp_path) -> None:
    with seat(user, smallops_bin, app_env, tmp_path) as where:
        (where.workspace / "memfd.py").write_text(MEMFD)
        with ollama(ollama_routes(_turns("python3 memfd.py"), loaded=True)) as server:
            _supervise(smallops_bin, where, server.url, "python3 memfd.py",
                       lambda s: "finished" in s or "refused:" in s or "memory bound" in s,
                       limits=("memory=256M",))
        output = _command_output(where)
    held = [int(n) for n in re.findall(r"held (\d+) MB", output)]
    assert max(held, default=0) <= 256, output
    # Root with a cgroup has the memfds counted and the command stopped at the bound; where no
    # cgroup can be had, memfds are refused: either way the person reads why.
    assert "memory bound" in output or "refused:" in output, output


@pytest.mark.parametrize("user", USERS)
def test_fallocate_stays_within_the_disk_limit(user, smallops_bin, app_env, ollama, tmp_path) -> None:
    command = "for i in 1 2 3 4 5 6 7 8; do fallocate -l 90M f$i; done; echo went-on"
    with seat(user, smallops_bin, app_env, tmp_path) as where:
        with ollama(ollama_routes(_turns(command), loaded=True)) as server:
            _supervise(smallops_bin, where, server.url, "fallocate -l 90M", "went-on", limits=("disk=100M",))
        held = sum(p.lstat().st_blocks * 512 for p in where.workspace.rglob("*"))
        output = _command_output(where)
    assert held < 100 * MB, (held, output)
    assert "Operation not supported" in output, output
