"""Ways past the sandbox that do not write outside the workspace themselves, shown by real effect:
a planted git repository whose configuration runs a program, a tmux server reached through its
socket, Unix sockets and UDP with network off, root's capabilities (device nodes, other
processes' /proc files), and the app's own credentials in /proc. Each runs for every sandbox
this machine has; where a test plants something, a control run shows the plant is live."""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from smallops_tui.agent import run_command
from smallops_tui.agent.sandbox.confine import GIT_HARDENING, Sandbox, SandboxUnavailable, resolve_sandbox

KINDS = ["landlock", "bwrap"]


def _sandbox(kind: str, allow_network: bool = False) -> Sandbox:
    try:
        return resolve_sandbox(kind, allow_network)
    except SandboxUnavailable as exc:
        pytest.skip(str(exc))


@pytest.fixture
def base() -> Iterator[Path]:
    """Not under /tmp, which bwrap replaces with a private one (the test wants to see through)."""
    path = Path(tempfile.mkdtemp(prefix="smallops-escape-test-", dir="/var/tmp"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


# -- git: a planted repository runs nothing -------------------------------------------------------

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                   env={**os.environ, "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_AUTHOR_NAME": "t",
                        "GIT_AUTHOR_EMAIL": "t@e", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@e"})


def _plant(directory: Path, marker: Path) -> None:
    """What six LOW steps planted (issue 11 findings): HEAD, config with an fsmonitor, refs, objects."""
    (directory / "refs").mkdir(parents=True)
    (directory / "objects").mkdir()
    (directory / "HEAD").write_text("ref: refs/heads/main\n")
    (directory / "refs" / "notes").write_text(f"touch {marker}\n")
    (directory / "config").write_text(f'[core]\n\tbare = false\n\tworktree = ..\n'
                                      f'\tfsmonitor = "sh {directory / "refs" / "notes"}; false"\n')


@pytest.fixture
def planted(base: Path) -> tuple[Path, Path]:
    workspace = base / "ws"
    workspace.mkdir()
    (workspace / "a.txt").write_text("one\n")
    _git("init", "-q", "-b", "main", ".", cwd=workspace)
    _git("add", ".", cwd=workspace)
    _git("commit", "-qm", "init", cwd=workspace)
    (workspace / "a.txt").write_text("two\n")
    marker = base / "payload-ran"
    _plant(workspace / "cache", marker)
    return workspace, marker


GIT_FORMS = ["git status", "git diff", "git -C cache status", "git -C cache diff", "git --git-dir=cache status",
             "git --git-dir=cache diff", "git --git-dir=cache --work-tree=. diff", "cd cache && git diff",
             "cd cache && git status", "GIT_DIR=cache git status", "git --git-dir cache log"]


@needs_git
def test_the_planted_repository_is_live_without_the_hardening(planted) -> None:
    """Control: plain git does run the payload in the explicit forms (so the test below can fail)."""
    workspace, marker = planted
    ran = []
    for form in GIT_FORMS:
        marker.unlink(missing_ok=True)
        subprocess.run(["sh", "-c", form], cwd=workspace, capture_output=True, timeout=30,
                       env={**os.environ, "GIT_CONFIG_GLOBAL": "/dev/null"})
        if marker.exists():
            ran.append(form)
    assert {"git --git-dir=cache status", "git --git-dir=cache diff", "GIT_DIR=cache git status"} <= set(ran), ran


@needs_git
@pytest.mark.parametrize("kind", KINDS + ["off"])
@pytest.mark.parametrize("form", GIT_FORMS)
async def test_a_planted_fsmonitor_never_runs_under_a_command(kind: str, form: str, planted) -> None:
    workspace, marker = planted
    result = await run_command(form, workspace, sandbox=_sandbox(kind))
    assert not marker.exists(), result.output


@needs_git
@pytest.mark.parametrize("kind", KINDS + ["off"])
async def test_a_repository_planted_at_the_root_of_a_plain_folder_runs_nothing(kind: str, base: Path) -> None:
    workspace = base / "ws"
    workspace.mkdir()
    marker = base / "payload-ran"
    _plant(workspace, marker)
    result = await run_command("git status; git diff; git log", workspace, sandbox=_sandbox(kind))
    assert not marker.exists(), result.output
    assert "safe.bareRepository" in result.output or "not a git repository" in result.output.lower(), result.output


@needs_git
async def test_commands_see_gits_settings_hardened(base: Path) -> None:
    lines = "; ".join(f"git config --get {key} || echo unset" for key, _ in GIT_HARDENING)
    result = await run_command(lines, base, sandbox=_sandbox("off"))
    assert result.output.split("\n")[: len(GIT_HARDENING)] == [value for _, value in GIT_HARDENING], result.output


# -- tmux: a session outside the sandbox, reached through its socket ---------------------------------

needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


@pytest.fixture
def tmux_server(base: Path) -> Iterator[tuple[Path, Path]]:
    """A private tmux server (its socket outside the workspace), as when the app runs inside tmux."""
    sock = base / "tmux" / "sock"
    sock.parent.mkdir()
    subprocess.run(["tmux", "-S", str(sock), "-f", "/dev/null", "new-session", "-d", "-s", "t"], check=True)
    workspace = base / "ws"
    workspace.mkdir()
    try:
        yield sock, workspace
    finally:
        subprocess.run(["tmux", "-S", str(sock), "kill-server"], capture_output=True)


def _windows(sock: Path) -> int:
    out = subprocess.run(["tmux", "-S", str(sock), "list-windows"], capture_output=True, text=True).stdout
    return len(out.splitlines())


@needs_tmux
@pytest.mark.parametrize("kind", KINDS + ["off"])
@pytest.mark.parametrize("how", ["the TMUX variable", "the socket's path"])
async def test_a_command_cannot_drive_the_tmux_server_the_app_runs_in(kind: str, how: str, tmux_server,
                                                                        monkeypatch) -> None:
    sock, workspace = tmux_server
    monkeypatch.setenv("TMUX", f"{sock},{os.getpid()},0")
    escaped = workspace.parent / "escaped"
    window = f"'touch {escaped}; exec sleep 600'"  # the window stays, so counting windows is exact
    command = f"tmux new-window {window}" if how == "the TMUX variable" else f"tmux -S {sock} new-window {window}"
    if kind == "off" and how == "the socket's path":
        pytest.skip("without a sandbox nothing stops a connect by path (the risk badge says HIGH)")
    before = _windows(sock)
    result = await run_command(command, workspace, sandbox=_sandbox(kind))
    assert _windows(sock) == before, result.output  # no window was made, so nothing ran
    assert not escaped.exists()
    # Control: the same command outside the app's runner does reach the server, and runs there.
    subprocess.run(["sh", "-c", command], env={**os.environ}, capture_output=True, timeout=30)
    assert _windows(sock) == before + 1
    deadline = time.monotonic() + 10
    while not escaped.exists():
        assert time.monotonic() < deadline, "the control window never ran its command"
        time.sleep(0.02)


# -- other sockets with network off ---------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
async def test_with_network_off_a_unix_socket_outside_cannot_be_reached(kind: str, base: Path) -> None:
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    path = base / "service.sock"
    server.bind(str(path))
    server.listen()
    workspace = base / "ws"
    workspace.mkdir()
    probe = (f"python3 -c \"import socket; s = socket.socket(socket.AF_UNIX); s.connect('{path}'); "
             f"print('connected')\"")
    try:
        result = await run_command(probe, workspace, sandbox=_sandbox(kind))
        assert "connected" not in result.output, result.output
        allowed = await run_command(probe, workspace, sandbox=_sandbox(kind, allow_network=True))
        assert "connected" in allowed.output, allowed.output  # the probe works: the test can fail
    finally:
        server.close()


@pytest.mark.parametrize("kind", KINDS)
async def test_with_network_off_no_udp_datagram_leaves(kind: str, base: Path) -> None:
    receiver = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    receiver.bind(("127.0.0.1", 0))
    receiver.settimeout(0)
    port = receiver.getsockname()[1]
    send = f"python3 -c \"import socket; socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b'leak', " \
           f"('127.0.0.1', {port})); print('sent')\""
    try:
        result = await run_command(send, base, sandbox=_sandbox(kind))
        assert "sent" not in result.output, result.output
        with pytest.raises(BlockingIOError):
            receiver.recv(16)
    finally:
        receiver.close()


# -- root: capabilities that would get around Landlock ----------------------------------------------

root_only = pytest.mark.skipif(os.geteuid() != 0, reason="only root holds these capabilities")


@root_only
@pytest.mark.parametrize("kind", KINDS)
async def test_as_root_a_command_makes_no_device_node(kind: str, base: Path) -> None:
    result = await run_command("mknod disk b 7 0 && echo made", base, sandbox=_sandbox(kind))
    assert "made" not in result.output and not (base / "disk").exists(), result.output


@pytest.mark.parametrize("kind", KINDS)
async def test_a_command_cannot_read_another_processes_environment(kind: str, base: Path) -> None:
    """As root, Landlock alone lets CAP_SYS_ADMIN or CAP_PERFMON read /proc/PID/environ of any
    process; the command runs without them (and bwrap shows it only its own PID namespace)."""
    other = subprocess.Popen(["sleep", "60"], env={**os.environ, "OTHER_SECRET": "tok-OTHER-0123456789"})
    try:
        result = await run_command(f"cat /proc/{other.pid}/environ; ps e -p {other.pid}", base,
                                   sandbox=_sandbox(kind))
        assert "tok-OTHER" not in result.output, result.output
    finally:
        other.kill()
        other.wait()


# -- the app's own credentials -------------------------------------------------------------------

SECRET_PROBE = """
import asyncio, os, sys
from smallops_tui.agent.sandbox.secret_env import get, withhold_secrets
from smallops_tui.agent.sandbox.runner import run_command
from smallops_tui.agent.sandbox.confine import resolve_sandbox
withhold_secrets()
assert get("OPENAI_API_KEY") == open("expected-key").read(), "the backend can still read its key"
command = ("env; cat /proc/$PPID/environ; cat /proc/*/environ; ps axeww; "
           "for p in $(pgrep -f secret-probe); do tr '\\\\0' '\\\\n' < /proc/$p/environ; done; echo probe-ran")
result = asyncio.run(run_command(command, ".", sandbox=resolve_sandbox(sys.argv[1])))
print(result.output)
"""


@pytest.mark.parametrize("kind", KINDS + ["off"])
def test_a_command_never_prints_a_credential_the_app_was_started_with(kind: str, base: Path) -> None:
    """The values are random and appear in no command line, so `ps` cannot show them by accident."""
    if kind != "off":
        _sandbox(kind)  # the probe runs in a subprocess: ask here whether this sandbox exists (skip if not)
    key, token = f"sk-{secrets.token_hex(16)}", f"tok-{secrets.token_hex(16)}"
    (base / "expected-key").write_text(key)
    env = {**os.environ, "OPENAI_API_KEY": key, "MY_TOKEN": token}
    probe = subprocess.run([sys.executable, "-c", SECRET_PROBE, kind, "secret-probe"], cwd=base, env=env,
                           capture_output=True, text=True, timeout=120)
    assert "probe-ran" in probe.stdout, probe.stdout + probe.stderr
    assert "PATH=" in probe.stdout  # env really printed an environment
    assert key not in probe.stdout and token not in probe.stdout, probe.stdout


def test_the_start_up_environment_is_blanked_for_other_readers(base: Path) -> None:
    """/proc/PID/environ of the app shows the environment it started with: it must be blank there,
    and a process the app starts (the embedded model's worker) must not inherit the credential."""
    code = ("import os, subprocess, time; from smallops_tui.agent.sandbox.secret_env import withhold_secrets; "
            "withhold_secrets(); child = subprocess.Popen(['sleep', '60'], env=dict(os.environ)); "
            "print(child.pid, flush=True); "
            "time.sleep(60)")
    key = f"sk-{secrets.token_hex(16)}"
    app = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                           env={**os.environ, "OPENAI_API_KEY": key})
    child = 0
    try:
        assert app.stdout is not None
        child = int(app.stdout.readline())
        for pid in (app.pid, child):
            block = _start_up_environment(pid)
            assert key.encode() not in block and b"PATH=" in block, pid
    finally:
        for pid in (child, app.pid):
            if pid:
                os.kill(pid, signal.SIGKILL)
        app.wait()


def _start_up_environment(pid: int, seconds: float = 10.0) -> bytes:
    """/proc/PID/environ, once the kernel has set it up: a child whose vfork parent has already
    resumed may still be inside exec, where the file reads as empty for a moment."""
    deadline = time.monotonic() + seconds
    while True:
        with open(f"/proc/{pid}/environ", "rb") as f:
            block = f.read()
        if block or time.monotonic() > deadline:
            return block
        time.sleep(0.01)


# Git's hardening lives in the command's environment, so a command can drop it: such forms must be
# HIGH (second adversarial round: `env -i git status` ran a planted fsmonitor as LOW).
UNHARDENING_FORMS = ["env -i git --git-dir=cache status", "env - git --git-dir=cache status",
                     "env -u GIT_CONFIG_COUNT git --git-dir=cache status",
                     "env -uGIT_CONFIG_COUNT git --git-dir=cache status",
                     "env --unset=GIT_CONFIG_COUNT git --git-dir=cache status",
                     "GIT_CONFIG_COUNT= git --git-dir=cache status",
                     "unset GIT_CONFIG_COUNT; git --git-dir=cache status",
                     "env -i git status", "env -u GIT_CONFIG_COUNT git status"]


@needs_git
@pytest.mark.parametrize("form", UNHARDENING_FORMS)
async def test_a_command_that_drops_gits_hardening_is_high_when_it_works(form: str, planted) -> None:
    from smallops_tui.agent import RunCommand, Workspace, classify

    workspace, marker = planted
    verdict = classify(RunCommand(command=form), Workspace(workspace))
    await run_command(form, workspace, sandbox=_sandbox("off"))  # the payload writes beside the workspace
    if marker.exists():
        assert verdict.level == "HIGH", verdict
