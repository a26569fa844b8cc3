"""The net under the rules (issue 20): what the kernel refuses a command, shown on real files,
sockets, processes and terminals. Outside the workspace nothing changes mode, owner, time or
xattrs; with network off no byte leaves (TCP Fast Open and an implicit bind included); no outside
process can be seen or changed; the app's terminal is out of reach; and every command runs under
bounds for tasks, memory, file size, disk and CPU, each hit told in a sentence.

Each attack has a control: the same command with the sandbox off (or network on) does what the
attack wants, so a test that passes shows the sandbox held, not that the attack was miswritten.
As root, the central checks run again as an unprivileged user (a user namespace then).
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import shutil
import stat
import socket
import struct
import subprocess
import sys
import termios
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from smallops_tui.agent import run_command
from smallops_tui.agent.sandbox.confine import Bounds, Sandbox, SandboxUnavailable, namespaces_problem, resolve_sandbox

KINDS = ["landlock", "bwrap"]
OFF = resolve_sandbox("off")
ROOT = os.geteuid() == 0


def _sandbox(kind: str, allow_network: bool = False, bounds: Bounds | None = None) -> Sandbox:
    try:
        return resolve_sandbox(kind, allow_network, bounds=bounds)
    except SandboxUnavailable as exc:
        pytest.skip(str(exc))


def _isolated(bounds: Bounds | None = None) -> Sandbox:
    """The built-in sandbox with its namespaces, or a skip saying why this machine has none."""
    problem = namespaces_problem()
    if problem is not None:
        pytest.skip(f"no namespaces here: {problem}")
    return _sandbox("landlock", bounds=bounds)


@pytest.fixture
def dirs(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """A workspace and, beside it, a directory outside it (under /var/tmp: bwrap hides /tmp)."""
    workspace = tmp_path / "ws"
    workspace.mkdir()
    outside = Path(os.path.realpath("/var/tmp")) / f"smallops-outside-{os.getpid()}-{tmp_path.name}"
    outside.mkdir()
    yield workspace, outside
    shutil.rmtree(outside, ignore_errors=True)


# -- 1. metadata outside the workspace -------------------------------------------------------------

METADATA_ATTACK = ("chmod 0777 {f}; chown 65534:65534 {f}; touch -d 2001-01-01 {f}; chmod 4755 {b}; "
                   "setfattr -n user.planted -v 1 {f} 2>&1 || python3 -c \"import os; os.setxattr('{f}', 'user.planted', b'1')\"; "
                   "chmod 0600 inside && echo inside-changed")


def _plant_outside(outside: Path) -> tuple[Path, Path]:
    target = outside / "config"
    target.write_text("x\n")
    os.chmod(target, 0o644)
    binary = outside / "tool"
    shutil.copy("/bin/true", binary)
    os.chmod(binary, 0o755)
    os.utime(target, (1_700_000_000, 1_700_000_000))
    return target, binary


def _meta(path: Path) -> tuple[int, int, int, int, list[str]]:
    st = os.lstat(path)
    try:
        xattrs = os.listxattr(path)
    except OSError:
        xattrs = []
    return st.st_mode, st.st_uid, st.st_gid, st.st_mtime_ns, xattrs


@pytest.mark.parametrize("kind", KINDS)
async def test_nothing_outside_changes_mode_owner_time_or_xattrs(kind: str, dirs) -> None:
    workspace, outside = dirs
    sandbox = _isolated() if kind == "landlock" else _sandbox(kind)
    target, binary = _plant_outside(outside)
    (workspace / "inside").write_text("mine\n")
    before = {p: _meta(p) for p in (target, binary)}
    result = await run_command(METADATA_ATTACK.format(f=target, b=binary), workspace, sandbox=sandbox)
    assert {p: _meta(p) for p in (target, binary)} == before, result.output
    assert "inside-changed" in result.output  # the workspace itself stays the command's to change
    assert os.stat(workspace / "inside").st_mode & 0o777 == 0o600


async def test_control_unconfined_the_metadata_attack_changes_everything(dirs) -> None:
    workspace, outside = dirs
    target, binary = _plant_outside(outside)
    before = {p: _meta(p) for p in (target, binary)}
    (workspace / "inside").write_text("mine\n")
    await run_command(METADATA_ATTACK.format(f=target, b=binary), workspace, sandbox=OFF)
    after = {p: _meta(p) for p in (target, binary)}
    assert after[target][0] & 0o777 == 0o777 and after[target][3] != before[target][3]
    assert after[binary][0] & 0o4000
    if ROOT:
        assert after[target][1:3] == (65534, 65534)


async def test_the_file_system_outside_is_read_only_and_dev_is_its_own(dirs) -> None:
    workspace, _ = dirs
    sandbox = _isolated()
    result = await run_command("ls /dev; ls /dev/pts; echo x > /dev/null && echo null-ok; "
                               "touch /var/tmp/smallops-planted 2>&1; mkdir -p $TMPDIR/d && echo tmp-ok", workspace,
                               sandbox=sandbox)
    devices = set(result.output.split())
    assert {"null", "zero", "urandom", "tty", "pts", "shm"} <= devices
    assert not {"vda", "sda", "console", "tty0", "tty1", "kmsg", "mem"} & devices  # no disk, console, kernel log
    assert "null-ok" in result.output and "tmp-ok" in result.output
    assert "Read-only file system" in result.output and not Path("/var/tmp/smallops-planted").exists()


# -- 2. no byte leaves with network off ------------------------------------------------------------

class _Listener:
    """A TCP listener on the loopback (IPv4, or IPv6 accepting v4-mapped peers) that accepts TCP
    Fast Open, and records every byte any connection sends."""

    def __init__(self, family: int) -> None:
        self.sock = socket.socket(family, socket.SOCK_STREAM)
        if family == socket.AF_INET6:
            self.sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
            self.sock.bind(("::", 0))
        else:
            self.sock.bind(("127.0.0.1", 0))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_FASTOPEN, 16)
        self.sock.listen(8)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.received = bytearray()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            conn.settimeout(2)
            try:
                while chunk := conn.recv(4096):
                    self.received += chunk
            except OSError:
                pass
            conn.close()

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        self.sock.close()


TFO = textwrap.dedent("""
    import socket, sys
    family, host, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
    for attempt in range(2):  # the first may go without a cookie; both carry the secret
        try:
            s = socket.socket(socket.AF_INET6 if family == "6" else socket.AF_INET, socket.SOCK_STREAM)
            s.sendto(b"SECRET-TFO", socket.MSG_FASTOPEN, (host, port))
            s.close()
            print("sent")
        except OSError as exc:
            print("refused:", exc)
""")


@pytest.mark.parametrize("family,host", [("4", "127.0.0.1"), ("6", "::ffff:127.0.0.1")])
@pytest.mark.parametrize("kind", KINDS)
async def test_tcp_fast_open_sends_nothing_with_network_off(kind: str, family: str, host: str, dirs) -> None:
    workspace, _ = dirs
    (workspace / "tfo.py").write_text(TFO)
    sandbox = _sandbox(kind)
    listener = _Listener(socket.AF_INET6 if family == "6" else socket.AF_INET)
    try:
        result = await run_command(f"python3 tfo.py {family} '{host}' {listener.port}", workspace, sandbox=sandbox)
        assert "sent" not in result.output.split(), result.output
    finally:
        listener.close()
    assert b"SECRET" not in listener.received


@pytest.mark.parametrize("family,host", [("4", "127.0.0.1"), ("6", "::ffff:127.0.0.1")])
async def test_control_with_network_on_tcp_fast_open_reaches_the_listener(family: str, host: str, dirs) -> None:
    workspace, _ = dirs
    (workspace / "tfo.py").write_text(TFO)
    listener = _Listener(socket.AF_INET6 if family == "6" else socket.AF_INET)
    try:
        result = await run_command(f"python3 tfo.py {family} '{host}' {listener.port}", workspace,
                                   sandbox=_sandbox("landlock", allow_network=True))
        assert "sent" in result.output.split(), result.output
        deadline = asyncio.get_running_loop().time() + 10
        while b"SECRET-TFO" not in listener.received:
            assert asyncio.get_running_loop().time() < deadline, "the listener never got the bytes"
            await asyncio.sleep(0.02)
    finally:
        listener.close()


LISTEN = textwrap.dedent("""
    import socket
    s = socket.socket()
    s.listen(1)  # no bind(): the kernel binds 0.0.0.0 on a port of its choosing
    open("port.tmp", "w").write(str(s.getsockname()[1]))
    __import__("os").rename("port.tmp", "port")
    s.settimeout(20)
    conn, _ = s.accept()
    print("accepted", conn.recv(100))
""")


async def _listen_and_knock(workspace: Path, sandbox: Sandbox) -> str:
    """Run the listener; once it says its port, connect to it from outside; its output."""
    (workspace / "listen.py").write_text(LISTEN)
    task = asyncio.ensure_future(run_command("python3 listen.py", workspace, sandbox=sandbox, timeout=30))
    while not task.done() and not (workspace / "port").exists():
        await asyncio.sleep(0.02)
    if (workspace / "port").exists():
        try:
            with socket.create_connection(("127.0.0.1", int((workspace / "port").read_text())), timeout=5) as conn:
                conn.sendall(b"hello-from-outside")
        except OSError:
            pass
    return (await task).output


@pytest.mark.parametrize("kind", KINDS)
async def test_listen_without_bind_accepts_nothing_with_network_off(kind: str, dirs) -> None:
    workspace, _ = dirs
    output = await _listen_and_knock(workspace, _sandbox(kind))
    assert "accepted" not in output and "hello-from-outside" not in output, output


async def test_control_with_network_on_listen_without_bind_accepts(dirs) -> None:
    workspace, _ = dirs
    output = await _listen_and_knock(workspace, _sandbox("landlock", allow_network=True))
    assert "accepted b'hello-from-outside'" in output, output


@pytest.mark.parametrize("kind", KINDS)
async def test_no_inet_socket_at_all_with_network_off(kind: str, dirs) -> None:
    workspace, _ = dirs
    result = await run_command(
        "python3 -c \"import socket\nfor f in (socket.AF_INET, socket.AF_INET6):\n"
        " for t in (socket.SOCK_STREAM, socket.SOCK_DGRAM):\n  try: socket.socket(f, t); print('made', f, t)\n"
        "  except OSError as e: print('refused', e.errno)\"", workspace, sandbox=_sandbox(kind))
    assert "made" not in result.output and result.output.count("refused") == 4, result.output


# -- 4. no outside process can be seen or changed ---------------------------------------------------

@pytest.fixture
def outsider() -> Iterator[int]:
    """A process outside every sandbox, as the app is: its limits and scheduling must not move."""
    proc = subprocess.Popen(["sleep", "300"])
    yield proc.pid
    proc.kill()
    proc.wait()


def _limits_of(pid: int) -> str:
    return Path(f"/proc/{pid}/limits").read_text()


PROCESS_ATTACK = ("prlimit --pid {pid} --cpu=1:2 --nofile=10:10; chrt -i -p 0 {pid}; renice -n 5 -p {pid}; "
                  "kill -0 {pid} && echo sees-it; chrt -f 1 true && echo realtime")


@pytest.mark.parametrize("isolate", [True, False], ids=["namespaces", "seccomp-only"])
async def test_outside_processes_keep_their_limits_and_scheduling(isolate: bool, outsider: int, dirs) -> None:
    workspace, _ = dirs
    sandbox = _isolated()
    if not isolate:  # where namespaces cannot be had, the seccomp filter and the dropped CAP_SYS_NICE hold
        sandbox = Sandbox("landlock", abi=sandbox.abi, bounds=sandbox.bounds)
    limits, policy, nice = _limits_of(outsider), os.sched_getscheduler(outsider), os.getpriority(os.PRIO_PROCESS, outsider)
    result = await run_command(PROCESS_ATTACK.format(pid=outsider), workspace, sandbox=sandbox)
    assert _limits_of(outsider) == limits, result.output
    assert os.sched_getscheduler(outsider) == policy and os.getpriority(os.PRIO_PROCESS, outsider) == nice
    assert "realtime" not in result.output
    if isolate:
        assert "sees-it" not in result.output


async def test_control_unconfined_the_process_attack_changes_the_outsider(outsider: int, dirs) -> None:
    workspace, _ = dirs
    limits = _limits_of(outsider)
    await run_command(PROCESS_ATTACK.format(pid=outsider), workspace, sandbox=OFF)
    assert _limits_of(outsider) != limits and os.sched_getscheduler(outsider) == os.SCHED_IDLE


async def test_a_command_sees_only_its_own_tree(dirs) -> None:
    workspace, _ = dirs
    result = await run_command("ps -eo pid=; kill -0 {0} && echo sees-the-app".format(os.getpid()), workspace,
                               sandbox=_isolated())
    pids = [int(word) for word in result.output.split() if word.isdigit()]
    assert sorted(pids)[:2] == [1, 2] and len(pids) == 3, result.output  # pid 1, the shell, ps
    assert "sees-the-app" not in result.output


# -- 5. no path to the app's terminal --------------------------------------------------------------

def _winsize(fd: int) -> tuple[int, int]:
    rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    return rows, cols


@pytest.fixture
def app_terminal() -> Iterator[tuple[int, str]]:
    """A pty standing for the app's terminal: (master fd, the slave's /dev/pts path)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    path = os.ttyname(slave)
    yield master, path
    os.close(master)
    os.close(slave)


TERMINAL_ATTACK = "stty -F {tty} cols 400; printf 'typed-by-command' > {tty}; timeout 1 dd if={tty} bs=1 count=1"


async def test_the_apps_terminal_is_out_of_reach(app_terminal, dirs) -> None:
    workspace, _ = dirs
    master, path = app_terminal
    result = await run_command(TERMINAL_ATTACK.format(tty=path), workspace, sandbox=_isolated())
    assert _winsize(master) == (24, 80), result.output
    os.set_blocking(master, False)
    try:
        assert b"typed-by-command" not in os.read(master, 4096)
    except BlockingIOError:
        pass
    assert "No such file or directory" in result.output


async def test_control_unconfined_the_terminal_attack_resizes_it(app_terminal, dirs) -> None:
    workspace, _ = dirs
    master, path = app_terminal
    await run_command(TERMINAL_ATTACK.format(tty=path), workspace, sandbox=OFF)
    assert _winsize(master) == (24, 400)


CONTROLLING = textwrap.dedent("""
    import asyncio, os, sys
    from smallops_tui.agent import run_command
    from smallops_tui.agent.sandbox.confine import resolve_sandbox
    os.setsid()
    os.close(os.open(sys.argv[1], os.O_RDWR))  # the pty becomes this process's controlling terminal
    result = asyncio.run(run_command("stty size < /dev/tty; echo hi > /dev/tty; tty", sys.argv[2],
                                     sandbox=resolve_sandbox(sys.argv[3])))
    print(result.output)
""")


async def test_dev_tty_leads_nowhere_and_a_pty_of_its_own_works(app_terminal, dirs) -> None:
    workspace, _ = dirs
    _isolated()
    master, path = app_terminal
    script = workspace.parent / "controlling.py"
    script.write_text(CONTROLLING)
    proc = await asyncio.create_subprocess_exec(sys.executable, str(script), path, str(workspace), "landlock",
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    output = (await proc.communicate())[0].decode()
    assert "No such device or address" in output and "not a tty" in output, output
    own = await run_command("python3 -c \"import os, pty; m, s = pty.openpty(); os.write(s, b'own-pty'); "
                            "print(os.read(m, 20), os.ttyname(s))\"", workspace, sandbox=_isolated())
    assert "own-pty" in own.output and "/dev/pts/0" in own.output, own.output


# -- 6. bounds -------------------------------------------------------------------------------------

async def test_a_storm_of_3000_background_processes_is_capped(dirs) -> None:
    workspace, _ = dirs
    sandbox = _isolated()
    result = await run_command("i=0; while [ $i -lt 3000 ]; do sleep 60 & i=$((i+1)); done; echo all-started",
                               workspace, sandbox=sandbox, timeout=60)
    assert "all-started" not in result.output
    assert "reached the bound of 512 processes" in result.output, result.output
    assert result.bounds_hit


async def test_fallocate_2g_hits_the_file_size_bound(dirs) -> None:
    """Without a disk bound fallocate is allowed (with one it is refused: test_sandbox_root.py),
    and the file-size bound still holds it."""
    workspace, _ = dirs
    result = await run_command("fallocate -l 2G big; ls -l big", workspace,
                               sandbox=_sandbox("landlock", bounds=Bounds(disk=0)))
    assert not (workspace / "big").exists() or (workspace / "big").stat().st_size <= 1 << 30
    assert "File size limit exceeded" in result.output or "File too large" in result.output, result.output


async def test_a_write_stops_at_the_file_size_bound(dirs) -> None:
    workspace, _ = dirs
    bounds = Bounds(file_size=1 << 20)
    result = await run_command("head -c 3000000 /dev/zero > big; echo rc=$?", workspace,
                               sandbox=_sandbox("landlock", bounds=bounds))
    assert (workspace / "big").stat().st_size == 1 << 20, result.output
    assert "rc=0" not in result.output


async def test_the_memory_of_the_whole_tree_is_bounded(dirs) -> None:
    workspace, _ = dirs
    sandbox = _isolated(Bounds(memory=300 << 20))
    hog = "python3 -c \"import time; x = bytearray(200 << 20); open('ready-%s' % __import__('os').getpid(), 'w'); time.sleep(30)\""
    result = await run_command(f"{hog} & {hog} & wait; echo survived", workspace, sandbox=sandbox, timeout=60)
    assert "survived" not in result.output and not result.timed_out, result.output
    # the sampled resident memory, or first, where a cgroup holds the command, the kernel's count
    assert "went past the memory bound (300M resident)" in result.output or \
        "reached the memory bound (300M, as the kernel counts it" in result.output, result.output


async def test_cpu_time_of_the_whole_tree_is_bounded(dirs) -> None:
    workspace, _ = dirs
    sandbox = _isolated(Bounds(cpu=2))
    spin = "python3 -c 'while 1: pass'"
    result = await run_command(f"{spin} & {spin} & wait; echo survived", workspace, sandbox=sandbox, timeout=60)
    assert "survived" not in result.output and not result.timed_out, result.output
    assert "CPU-time bound (2 s)" in result.output


async def test_disk_written_by_the_whole_tree_is_bounded(dirs) -> None:
    workspace, _ = dirs
    sandbox = _isolated(Bounds(disk=20 << 20))
    result = await run_command("for i in 1 2 3 4 5 6 7 8; do head -c 8000000 /dev/urandom > f$i; sync f$i; done; "
                               "sleep 5; echo survived", workspace, sandbox=sandbox, timeout=60)
    assert "survived" not in result.output, result.output
    assert "wrote more than the disk bound (20M)" in result.output


# -- the same as a user other than root (a user namespace) -----------------------------------------

NOBODY = 65534


def _as_nobody(workspace: Path, temp: Path, command: str, bounds: str = "tasks=300") -> subprocess.CompletedProcess:
    """The wrapper (standard library only) run by the system's python3 as uid 65534, as the app
    would start it for `command`; skips where this test cannot do that."""
    from smallops_tui.agent.sandbox.exec_wrapper import LAUNCH

    import smallops_tui.agent.sandbox.exec_wrapper as wrapper

    python, setpriv = "/usr/bin/python3", shutil.which("setpriv")
    if not ROOT or setpriv is None or not os.path.exists(python):
        pytest.skip("needs root, setpriv and /usr/bin/python3 to run the sandbox as another user")
    source = Path(wrapper.__file__).resolve()
    closed = next((d for d in source.parents if not os.stat(d).st_mode & stat.S_IXOTH), None)
    if closed is not None:  # a checkout in a private directory (a clean clone in mktemp -d's, a 0700 home)
        pytest.skip(f"uid {NOBODY} cannot reach the sandbox's source: {closed} is closed to other users")
    argv = [setpriv, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", python, "-I", "-S", "-c", LAUNCH,
            "landlock", "off", str(os.getpid()), "ns", bounds, "-1", str(workspace), str(temp), "/dev/null", "--",
            "/bin/sh", "-c", command]
    result = subprocess.run(argv, cwd=workspace, capture_output=True, text=True, timeout=120)
    if "Permission denied" in result.stderr and "python" in result.stderr:
        pytest.skip(f"uid {NOBODY} cannot read the sandbox's source here: {result.stderr.strip()[:200]}")
    return result


async def test_as_an_unprivileged_user_the_same_walls_hold(dirs) -> None:
    _, outside = dirs  # (pytest's own temp dirs are closed to other users)
    _isolated()
    workspace, temp = outside / "ws", outside / "tmp"
    workspace.mkdir()
    temp.mkdir()
    target = outside / "theirs"
    target.write_text("x\n")
    for path in (workspace, temp, target):
        os.chown(path, NOBODY, NOBODY)
    os.chmod(target, 0o644)
    before = _meta(target)
    result = _as_nobody(workspace, temp, f"id -u; chmod 0777 {target}; touch -d 2001-01-01 {target}; "
                                         "ps -eo pid= | wc -l; echo made > mine; "
                                         "i=0; while [ $i -lt 1000 ]; do sleep 60 & i=$((i+1)); done; echo all-started")
    output = result.stdout + result.stderr
    assert _meta(target) == before, output
    assert output.split()[0] == str(NOBODY) and (workspace / "mine").read_text() == "made\n"
    assert "Read-only file system" in output and "all-started" not in output


# -- where namespaces cannot be had, and the bounds' settings ---------------------------------------

def test_without_namespaces_the_sandbox_says_what_is_missing(monkeypatch) -> None:
    from smallops_tui.agent.sandbox import confine

    monkeypatch.setattr(confine, "namespaces_problem", lambda: "unshare: Operation not permitted")
    if confine.landlock_abi() < 1:
        pytest.skip("this kernel has no Landlock")
    sandbox = resolve_sandbox("auto")
    assert not sandbox.isolated and "(no namespaces)" in sandbox.label()
    assert "no namespaces here (unshare: Operation not permitted)" in sandbox.note
    assert "modes, owners and times are not guarded" in sandbox.note


def test_bounds_come_from_settings_and_flags(tmp_path) -> None:
    from smallops_tui.cli.run import limit_overrides
    from smallops_tui.config import ConfigError, load_settings

    config = tmp_path / "config.toml"
    config.write_text('limit_memory = "2G"\nlimit_tasks = 1000\n')
    settings = load_settings(limit_overrides(["cpu=20", "file-size=64M"]), path=config, environ={})
    assert settings.bounds() == Bounds(tasks=1000, memory=2 << 30, file_size=64 << 20, disk=4 << 30, cpu=20)
    assert resolve_sandbox("off", bounds=settings.bounds()).label().endswith("2G mem 64M file 4G disk 20s cpu")
    for bad, said in ((["memory=lots"], "not a size"), (["tasks=100"], "at least 300"), (["speed=9"], "NAME one of")):
        with pytest.raises(ConfigError, match=said):
            load_settings(limit_overrides(bad), path=config, environ={})
