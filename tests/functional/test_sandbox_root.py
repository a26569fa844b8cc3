"""The sandbox holds for root too (issue 30): each attack of the fourth round, run as root and as
an unprivileged user (uid 65534), in the built-in sandbox (Landlock with its namespaces) and in
bwrap where it is installed.

Each attack has a control: the same attack outside the sandbox (or without the one guard) does
what it wants, so a test that passes shows the guard held, not that the attack was miswritten.
"""

from __future__ import annotations

import os
import re
import resource
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from smallops_tui.agent.sandbox import cgroup
from smallops_tui.agent.sandbox.confine import Bounds, bound_too_big
from tests.sandbox_users import MEMFD, USERS, open_dirs, run_as, run_unguarded, sandbox_for, write_script
from smallops_tui.agent.log.events import Executed

KINDS = ["landlock", "landlock-no-ns", "bwrap"]
MB = 1 << 20

# -- 1. a write anywhere on the workspace's file system by file handle ------------------------------

HANDLE_WRITE = """
import ctypes, os, struct, sys
libc = ctypes.CDLL(None, use_errno=True)
handle = ctypes.create_string_buffer(8 + 128)
struct.pack_into("I", handle, 0, 128)
mount_id = ctypes.c_int()
if libc.name_to_handle_at(-100, sys.argv[1].encode(), handle, ctypes.byref(mount_id), 0) != 0:
    sys.exit("name_to_handle_at: " + os.strerror(ctypes.get_errno()))
print("handle made", flush=True)
fd = libc.open_by_handle_at(os.open(".", os.O_RDONLY), handle, os.O_WRONLY | os.O_APPEND)
if fd < 0:
    sys.exit("open_by_handle_at: " + os.strerror(ctypes.get_errno()))
os.write(fd, b"forged\\n")
print("wrote outside")
"""


@pytest.mark.parametrize("user", USERS)
@pytest.mark.parametrize("kind", KINDS)
def test_no_file_outside_is_opened_by_handle(kind: str, user: str) -> None:
    sandbox = sandbox_for(kind)
    with open_dirs(user) as (workspace, temp, outside):
        canary = outside / "canary"
        canary.write_text("original\n")
        script = write_script(workspace, "h.py", HANDLE_WRITE, user)
        control = run_unguarded(user, ["python3", str(script), str(canary)], workspace)
        if user == "root":
            assert "wrote outside" in control and canary.read_text() == "original\nforged\n", control
            canary.write_text("original\n")
        else:  # a user never had CAP_DAC_READ_SEARCH; the handle itself is made, then refused
            assert "handle made" in control and "Operation not permitted" in control, control
        result = run_as(user, sandbox, f"python3 h.py {canary}", workspace, temp)
        assert canary.read_text() == "original\n", result.output
        assert "name_to_handle_at: Operation not permitted" in result.output, result.output


def _capabilities(text: str) -> int:
    return int(re.search(r"CapEff:\s*([0-9a-f]+)", text).group(1), 16)  # type: ignore[union-attr]


@pytest.mark.parametrize("kind", KINDS)
def test_as_root_a_command_keeps_only_the_capabilities_it_needs(kind: str) -> None:
    sandbox = sandbox_for(kind)
    with open_dirs("root") as (workspace, temp, _):
        control = _capabilities(Path("/proc/self/status").read_text())
        result = run_as("root", sandbox, "grep Cap /proc/self/status", workspace, temp)
    kept = _capabilities(result.output)
    gone = {2: "CAP_DAC_READ_SEARCH", 4: "CAP_FSETID", 14: "CAP_IPC_LOCK", 18: "CAP_SYS_CHROOT", 21: "CAP_SYS_ADMIN",
            28: "CAP_LEASE", 29: "CAP_AUDIT_WRITE"}
    assert all(control & (1 << bit) for bit in gone), "the test process should hold them (root)"
    assert not [name for bit, name in gone.items() if kept & (1 << bit)], result.output
    assert kept & 1 and kept & 2, result.output  # CAP_CHOWN, CAP_DAC_OVERRIDE: root's work in someone's checkout


# -- 2. setuid and setgid files left in the workspace ----------------------------------------------

SETID = ("cp /bin/true tool && chmod 4755 tool; cp /bin/true tool2 && chmod u+s,g+s tool2; "
         "install -m 2755 /bin/true tool3; "
         "python3 -c \"import os; os.close(os.open('made', os.O_CREAT | os.O_WRONLY, 0o4755))\"; "
         "python3 -c \"import os; os.mknod('node', 0o100000 | 0o6755)\"; "
         "python3 -c \"import os; fd = os.open('.', os.O_RDONLY); os.chmod('tool', 0o6755, dir_fd=fd)\"; "
         "echo finished")


def _setid_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.lstat().st_mode & (stat.S_ISUID | stat.S_ISGID))


@pytest.mark.parametrize("user", USERS)
@pytest.mark.parametrize("kind", KINDS)
def test_no_setuid_or_setgid_file_is_left_in_the_workspace(kind: str, user: str) -> None:
    sandbox = sandbox_for(kind)
    with open_dirs(user) as (workspace, temp, _):
        control = run_as(user, sandbox_for("off"), SETID, workspace, temp)
        assert _setid_files(workspace) == ["made", "node", "tool", "tool2", "tool3"], control.output
        for path in workspace.iterdir():
            path.unlink()
        result = run_as(user, sandbox, SETID, workspace, temp)
        assert "finished" in result.output and "Operation not permitted" in result.output, result.output
        assert _setid_files(workspace) == [], result.output


@pytest.mark.parametrize("user", USERS)
@pytest.mark.parametrize("kind", ["landlock", "bwrap"])  # without namespaces there is no mount of its own
def test_the_workspace_is_mounted_nosuid_and_nodev(kind: str, user: str) -> None:
    sandbox = sandbox_for(kind)
    with open_dirs(user) as (workspace, temp, _):
        result = run_as(user, sandbox, "cat /proc/self/mountinfo", workspace, temp)
    ours = [line for line in result.output.splitlines() if f" {workspace} " in line]
    assert ours, result.output
    options = ours[-1].split()[5].split(",")
    assert "nosuid" in options and "nodev" in options, ours[-1]
    host = [line for line in Path("/proc/self/mountinfo").read_text().splitlines() if " / / " in line]
    assert "nosuid" not in host[0].split()[5].split(","), "the control: the host's / is not nosuid"


# -- 3. memory held in memfds, and blocks allocated without a write --------------------------------



def _most_held(output: str) -> int:
    return max([int(n) for n in re.findall(r"held (\d+) MB", output)] or [0])


@pytest.mark.parametrize("user", USERS)
@pytest.mark.parametrize("kind", KINDS)
def test_memfds_are_held_to_the_memory_bound(kind: str, user: str) -> None:
    sandbox = sandbox_for(kind, Bounds(memory=256 * MB))
    with open_dirs(user) as (workspace, temp, _):
        script = write_script(workspace, "memfd.py", MEMFD, user)
        control = run_unguarded(user, ["python3", str(script)], workspace, {resource.RLIMIT_DATA: 256 * MB})
        assert _most_held(control) == 1000, control  # RLIMIT_DATA, the old bound, does not see them
        result = run_as(user, sandbox, "python3 memfd.py", workspace, temp)
    assert _most_held(result.output) <= 256, result.output
    if user == "root" and cgroup.find_parent() is not None:  # a cgroup counts the memfds' pages
        assert "reached the memory bound (256M, as the kernel counts it" in result.output, result.output
    else:  # no cgroup to count them: memfds are refused
        assert "refused: [Errno 38] Function not implemented" in result.output, result.output


SHM = """
import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
held = 0
for i in range(10):
    shm = libc.shmget(0, 100 << 20, 0o1600)  # IPC_PRIVATE, IPC_CREAT | 0600
    if shm < 0:
        print("refused:", ctypes.get_errno(), flush=True)
        break
    address = libc.shmat(shm, None, 0)
    ctypes.memset(address, 1, 100 << 20)
    libc.shmdt(ctypes.c_void_p(address))
    held += 100
    print(f"held {held} MB", flush=True)
"""


@pytest.mark.parametrize("user", USERS)
def test_detached_shared_memory_is_held_to_the_memory_bound(user: str) -> None:
    sandbox = sandbox_for("landlock", Bounds(memory=256 * MB))
    with open_dirs(user) as (workspace, temp, _):
        write_script(workspace, "shm.py", SHM, user)
        result = run_as(user, sandbox, "python3 shm.py", workspace, temp)
    assert _most_held(result.output) <= 256, result.output
    assert "refused" in result.output or "memory bound" in result.output, result.output


FALLOCATE = """
import os
held = 0
for i in range(8):
    fd = os.open(f"big{i}", os.O_CREAT | os.O_RDWR, 0o644)
    try:
        os.posix_fallocate(fd, 0, 90 << 20)
    except OSError as exc:
        print("refused:", exc, flush=True)
        break
    held += os.fstat(fd).st_blocks * 512
    print(f"held {held >> 20} MB", flush=True)
"""


def _blocks(folder: Path) -> int:
    return sum(p.lstat().st_blocks * 512 for p in folder.rglob("*"))


@pytest.mark.parametrize("user", USERS)
@pytest.mark.parametrize("kind", KINDS)
def test_fallocate_is_held_to_the_disk_bound(kind: str, user: str) -> None:
    """`fallocate` takes gigabytes in a millisecond without a byte written: refused while a disk
    bound is set. glibc's posix_fallocate then writes the blocks, which the bound counts (and
    kills at a sample, ten a second: what is written in that time goes past it)."""
    sandbox = sandbox_for(kind, Bounds(disk=100 * MB))
    with open_dirs(user) as (workspace, temp, _):
        for i in range(8):
            subprocess.run(["fallocate", "-l", "90M", f"control{i}"], cwd=workspace, check=True)
        assert _blocks(workspace) >= 720 * MB  # the control: nothing refuses it outside
        for i in range(8):
            (workspace / f"control{i}").unlink()
        allocated = run_as(user, sandbox, "for i in 1 2 3 4 5 6 7 8; do fallocate -l 90M f$i; done; echo went-on",
                           workspace, temp)
        assert "Operation not supported" in allocated.output and _blocks(workspace) < MB, allocated.output
        write_script(workspace, "falloc.py", FALLOCATE, user)
        written = run_as(user, sandbox, "python3 falloc.py", workspace, temp)
    # How far past the bound the writes get before a sample kills them depends on the machine's
    # speed: benchmarks/bench_bounds.py measures it.
    assert "more than the disk bound (100M)" in written.output, written.output


@pytest.mark.parametrize("user", USERS)
@pytest.mark.parametrize("kind", KINDS)
def test_blocks_held_on_a_tmpfs_count_against_the_disk_bound(kind: str, user: str) -> None:
    """A file on a tmpfs is written to memory: no I/O counter sees it (the control: the same
    200 MB written under a 4G disk bound, with nothing told). The blocks it holds count: past
    50M, the tree is told (and killed at the next sample, or found past it at the end)."""
    with open_dirs(user, tmpfs=True) as (workspace, temp, _):
        fill = "for i in $(seq 20); do head -c 10000000 /dev/zero > f$i; done"
        control = run_as(user, sandbox_for(kind, Bounds(disk=4 << 30)), fill, workspace, temp)
        assert _blocks(workspace) >= 190 * MB and not control.bounds_hit, control.output
        for path in workspace.iterdir():
            path.unlink()
        result = run_as(user, sandbox_for(kind, Bounds(disk=50 * MB, memory=0)), fill, workspace, temp)
    assert "disk bound (50M)" in result.output, result.output


# -- 4. the kernel's keyrings ----------------------------------------------------------------------

KEYRING = """
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
KEYCTL_GET_KEYRING_ID, KEY_SPEC_USER_KEYRING = 0, -4
found = libc.syscall(250 if os.uname().machine == "x86_64" else 219, KEYCTL_GET_KEYRING_ID, KEY_SPEC_USER_KEYRING, 0)
print("keyring", found if found >= 0 else os.strerror(ctypes.get_errno()))
"""


@pytest.mark.parametrize("user", USERS)
@pytest.mark.parametrize("kind", KINDS)
def test_the_keyrings_are_out_of_reach(kind: str, user: str) -> None:
    sandbox = sandbox_for(kind)
    with open_dirs(user) as (workspace, temp, _):
        script = write_script(workspace, "keys.py", KEYRING, user)
        control = run_unguarded(user, ["python3", str(script)], workspace)
        assert re.search(r"keyring \d+", control), control
        result = run_as(user, sandbox, "python3 keys.py", workspace, temp)
    assert "keyring Operation not permitted" in result.output, result.output


# -- 5. bounds that mean nothing -------------------------------------------------------------------

def test_an_absurd_bound_is_a_sentence_at_start() -> None:
    from smallops_tui.cli.run import limit_overrides
    from smallops_tui.config import ConfigError, load_settings

    for flag, said in (("cpu=100000000000000000000", "the cpu bound 100,000,000,000,000,000,000 is larger"),
                       ("memory=99999999999T", "the memory bound"), ("tasks=99999999999", "at most 4,194,304"),
                       ("disk=2000000000000000000000", "the disk bound")):
        with pytest.raises(ConfigError, match=said):
            load_settings(limit_overrides([flag]), path=Path("/nonexistent/config.toml"), environ={})
    with pytest.raises(ValueError, match="larger than any machine can use"):
        Bounds(cpu=10 ** 20)
    assert bound_too_big("cpu", 300) is None


def test_an_absurd_bound_given_to_the_wrapper_is_clamped_not_a_traceback(tmp_path: Path) -> None:
    """The wrapper is given bounds by the app only; if one were too big for an rlimit it is the
    largest rlimit, not an OverflowError in every command."""
    from smallops_tui.agent.sandbox.exec_wrapper import LAUNCH

    argv = [sys.executable, "-I", "-S", "-c", LAUNCH, "plain", "off", str(os.getpid()), "-",
            f"cpu={10 ** 20},memory={10 ** 30},fsize={10 ** 25}", "-1", "--", "/bin/sh", "-c", "echo ran"]
    done = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "ran" and "Traceback" not in done.stderr, done.stderr


# -- the pieces, without a command -----------------------------------------------------------------

def test_the_cgroup_is_found_beneath_this_process(tmp_path: Path) -> None:
    v1 = tmp_path / "memory" / "app"
    v1.mkdir(parents=True)
    mountinfo = f"30 20 0:30 / {tmp_path / 'memory'} rw,relatime - cgroup cgroup rw,memory\n"
    assert cgroup.find_parent("4:memory:/app\n0::/\n", mountinfo) == (1, str(v1))
    # a container's mount shows its own cgroup at the mount point
    mountinfo = f"30 20 0:30 /docker/c1 {tmp_path / 'memory'} rw - cgroup cgroup rw,memory\n"
    assert cgroup.find_parent("4:memory:/docker/c1/app\n", mountinfo) == (1, str(v1))
    v2 = tmp_path / "unified" / "ctr"
    v2.mkdir(parents=True)
    (v2 / "cgroup.subtree_control").write_text("cpu memory\n")
    mountinfo = f"31 20 0:31 / {tmp_path / 'unified'} rw - cgroup2 cgroup2 rw\n"
    assert cgroup.find_parent("0::/ctr\n", mountinfo) == (2, str(v2))
    (v2 / "cgroup.subtree_control").write_text("cpu\n")  # memory not given to children, and v2 holds processes
    assert cgroup.find_parent("0::/ctr\n", mountinfo) is None


def test_a_cgroup_left_by_a_killed_wrapper_is_swept(tmp_path: Path) -> None:
    dead = subprocess.Popen(["true"])
    dead.wait()
    (tmp_path / f"{cgroup.PREFIX}{dead.pid}").mkdir()
    (tmp_path / f"{cgroup.PREFIX}{os.getpid()}").mkdir()  # alive: kept
    (tmp_path / "someone-else").mkdir()
    cgroup.sweep(str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([f"{cgroup.PREFIX}{os.getpid()}", "someone-else"])


FILTER_PROBE = """
import ctypes, os, sys
sys.path.insert(0, sys.argv[1])
import seccomp
libc = ctypes.CDLL(None, use_errno=True)
libc.prctl(38, 1, 0, 0, 0)  # no_new_privs, which a filter needs
if sys.argv[2] == "filtered":
    seccomp.install(sockets=False, processes=True, files=True, allocation=True, memfd=True)
fd = os.open("f", os.O_CREAT | os.O_RDWR, 0o644)
os.write(fd, b"x" * 8192)
def said(what, result):
    print(what, "ok" if result >= 0 else os.strerror(ctypes.get_errno()))
said("chmod-755", libc.chmod(b"f", 0o755))
said("chmod-4755", libc.chmod(b"f", 0o4755))
said("fchmod-2755", libc.fchmod(fd, 0o2755))
said("open-4755", libc.open(b"g", os.O_CREAT | os.O_WRONLY, 0o4755))
said("open-existing", libc.open(b"f", os.O_RDONLY, 0o4755))
said("fallocate", libc.fallocate(fd, 0, ctypes.c_long(0), ctypes.c_long(1 << 20)))
said("punch-hole", libc.fallocate(fd, 3, ctypes.c_long(0), ctypes.c_long(4096)))
said("memfd", libc.memfd_create(b"m", 0))
"""


def test_the_filter_refuses_what_it_names_and_nothing_else(tmp_path: Path) -> None:
    """The filter in a process of its own: a plain open, chmod 755 and a hole punch still work;
    setuid and setgid modes, allocating fallocate and memfd_create do not. The control: the same
    calls without the filter all work."""
    folder = str(Path(cgroup.__file__).parent)

    def probe(mode: str) -> dict[str, str]:
        done = subprocess.run([sys.executable, "-c", FILTER_PROBE, folder, mode], cwd=tmp_path / mode,
                              capture_output=True, text=True, timeout=60)
        return dict(line.split(" ", 1) for line in done.stdout.splitlines())

    (tmp_path / "control").mkdir()
    (tmp_path / "filtered").mkdir()
    assert set(probe("control").values()) == {"ok"}
    assert probe("filtered") == {"chmod-755": "ok", "chmod-4755": "Operation not permitted",
                                 "fchmod-2755": "Operation not permitted", "open-4755": "Operation not permitted",
                                 "open-existing": "ok", "fallocate": "Operation not supported", "punch-hole": "ok",
                                 "memfd": "Function not implemented"}


def test_the_memory_sentence_says_how_it_was_counted() -> None:
    bounds = Bounds(memory=256 * MB)
    assert "256M resident" in bounds.sentence("memory")
    assert "memfd, tmpfs and shared memory included" in bounds.sentence("memory-cgroup")



# -- the second wall against setuid files: taken off after the step, and told -----------------------

def test_setid_bits_are_taken_off_regular_files_only(tmp_path: Path) -> None:
    from smallops_tui.agent.sandbox.setid import strip_setid

    for name, mode in (("tool", 0o4755), ("group", 0o2750), ("plain", 0o755)):
        (tmp_path / name).write_text("x")
        os.chmod(tmp_path / name, mode)
    (tmp_path / "dir").mkdir()
    os.chmod(tmp_path / "dir", 0o2775)  # a directory's setgid bit shares its group: not a program
    os.mkfifo(tmp_path / "fifo")  # opened without blocking: no hang
    os.symlink(tmp_path / "tool", tmp_path / "link")  # not followed
    names = ["tool", "group", "plain", "dir", "fifo", "link", "missing", "../escape"]
    assert strip_setid(tmp_path, names) == ["tool", "group"]
    assert [stat.S_IMODE((tmp_path / n).stat().st_mode) for n in ("tool", "group", "plain", "dir")] == \
        [0o755, 0o750, 0o755, 0o2775]


async def test_a_setuid_file_that_appears_during_a_step_loses_its_bit_and_the_person_is_told(workspace, tmp_path) -> None:
    """Where the filter cannot refuse it (a file made by something other than the command, here
    the test itself while the command waits), the step's result says what was taken off."""
    import asyncio

    from tests.harness import run_session
    from tests.streams import turn

    root = workspace.root
    command = "touch started; while [ ! -e go ]; do sleep 0.01; done; echo step-over"

    def plant() -> None:
        while not (root / "started").exists():
            os.sched_yield()
        (root / "planted").write_text("x")
        os.chmod(root / "planted", 0o4755)
        (root / "go").write_text("")

    turns = [turn({"action": "run_command", "command": command}), turn({"action": "done", "summary": "ran it"})]
    planter = asyncio.get_running_loop().run_in_executor(None, plant)
    outcome, recorder, server = await run_session(turns, workspace, tmp_path=tmp_path, sandbox="landlock")
    await planter
    [executed] = recorder.of(Executed)
    assert executed.output is not None
    assert "step-over" in executed.output
    assert "setuid/setgid bit was taken off planted" in executed.output
    assert "setuid/setgid bit was taken off planted" in server.requests[1].json()["messages"][-1]["content"]
    assert stat.S_IMODE((root / "planted").stat().st_mode) == 0o755
