"""The OS sandbox every approved command runs in, and the environment it is given.

The risk rules advise; the kernel guarantees. `resolve_sandbox()` turns the setting
(`auto|landlock|bwrap|off`) into the sandbox in force:

- **landlock** (Linux >= 5.13, unprivileged, nothing to install): writes only beneath the
  workspace, a private temp dir and /dev/null; with ABI >= 4 TCP bind/connect denied unless
  network is allowed; with ABI >= 6 no signals to processes outside the sandbox. Where the
  kernel lets this process make namespaces (root, or a user namespace: namespaces.py), the
  command also gets a file system read-only but for the workspace and its temp dir (no change of
  content, mode, owner, time or xattr outside), a /dev of its own with no path to the app's
  terminal, a PID namespace (no outside process to see or touch) and, with network off, a
  network namespace whose only loopback is down. With network off a seccomp filter refuses inet
  and Unix sockets whatever else is in force (seccomp.py).
- **bwrap** (bubblewrap, where installed): the file system read-only except the workspace and the
  temp dir, a private PID namespace, and no network namespace unless allowed.
- **none**: nothing is confined; the app says so and every command counts one risk level higher.

Whatever the sandbox, each command runs under resource bounds (limits.py, `Bounds` here), and
under the wrapper in exec_wrapper.py, which keeps every descendant of the command inside its
step, and it never sees the app's secrets: API keys, tokens
and cloud credentials are scrubbed from its environment unless the person passes them on.
"""

from __future__ import annotations

import atexit
import fnmatch
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Literal

from . import landlock, limits
from .exec_wrapper import LAUNCH
from ..files.tree import remove_tree
from .git_programs import append_git_config

SandboxMode = Literal["auto", "landlock", "bwrap", "off"]
SANDBOX_MODES: tuple[str, ...] = ("auto", "landlock", "bwrap", "off")
SandboxKind = Literal["landlock", "bwrap", "none"]
# Files outside the workspace a command may still write: the bit bucket, nothing else.
WRITABLE_DEVICES = ("/dev/null",)
COMMAND_SHELL = "/bin/sh"  # what every approved command runs with (dash on Debian and Ubuntu)


def shell_is_dash(shell: str = COMMAND_SHELL) -> bool:
    """Whether the command shell is dash, whose `echo` has no `-e` (the opening says so, and `lint`
    answers an `echo -e`)."""
    return os.path.basename(os.path.realpath(shell)) == "dash"

# Environment variable names that carry credentials: matched against the name's `_`-separated
# words (so GIT_AUTHOR_NAME keeps its AUTHOR), then whole-name globs for cloud and agent access.
SECRET_WORDS = frozenset({
    "KEY", "APIKEY", "TOKEN", "TOKENS", "SECRET", "SECRETS", "PASSWORD", "PASSWD", "PASS", "PASSPHRASE",
    "CREDENTIAL", "CREDENTIALS", "AUTH", "PAT", "COOKIE", "SESSION", "PRIVATE", "SIGNATURE", "CERT",
})
SECRET_NAME_GLOBS = (
    "AWS_*", "AZURE_*", "ARM_*", "GOOGLE_*", "GCP_*", "GCLOUD_*", "CLOUDSDK_*", "DIGITALOCEAN_*", "HEROKU_*",
    "ANTHROPIC_*", "OPENAI_*", "MISTRAL_*", "GROQ_*", "COHERE_*", "HF_*", "HUGGING_FACE_*", "HUGGINGFACE_*",
    "GITHUB_*", "GH_*", "GITLAB_*", "GL_*", "NPM_CONFIG__AUTH*", "PYPI_*", "TWINE_*", "VAULT_*", "OP_*",
    "KUBECONFIG", "DOCKER_CONFIG", "SSH_AUTH_SOCK", "SSH_AGENT_PID", "GPG_AGENT_INFO", "GNUPGHOME",
    "XAUTHORITY", "DBUS_SESSION_BUS_ADDRESS", "KRB5CCNAME", "NETRC", "*_DSN", "DATABASE_URL",
)
# Names that point a program at a session, agent or display outside the sandbox, through a socket
# (a terminal multiplexer runs whatever it is sent, outside any sandbox): removed from commands.
SESSION_ACCESS_GLOBS = (
    "TMUX", "TMUX_PANE", "TMUX_TMPDIR", "STY", "SCREENDIR", "SSH_AUTH_SOCK", "SSH_AGENT_PID", "SSH_ASKPASS",
    "DBUS_SESSION_BUS_ADDRESS", "DBUS_SYSTEM_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY",
    "XDG_RUNTIME_DIR", "GPG_AGENT_INFO", "KITTY_LISTEN_ON", "KITTY_PUBLIC_KEY", "KITTY_WINDOW_ID",
    "WEZTERM_UNIX_SOCKET", "WEZTERM_PANE", "SWAYSOCK", "I3SOCK", "HYPRLAND_INSTANCE_SIGNATURE", "NIRI_SOCKET",
    "NVIM", "NVIM_LISTEN_ADDRESS", "ZELLIJ", "ZELLIJ_*", "ALACRITTY_SOCKET", "ALACRITTY_WINDOW_ID", "DOCKER_HOST",
    "CONTAINER_HOST", "PODMAN_*", "PULSE_SERVER", "PIPEWIRE_REMOTE", "VSCODE_IPC_HOOK*", "VSCODE_GIT_*",
    "EMACS_SOCKET_NAME", "GNOME_KEYRING_CONTROL", "GNOME_TERMINAL_SCREEN", "KONSOLE_DBUS_*", "WINDOWID",
    "TERMINATOR_DBUS_*", "*_SOCK", "*_SOCKET", "*_SOCKET_*", "*DBUS*", "*_LISTEN_ON", "*_IPC_*",
)
# git reads these with command-line precedence (GIT_CONFIG_COUNT, git >= 2.31), so no read-only git
# command runs a program that a planted repository configures: no fsmonitor, no hooks, no bare
# repository found by walking into it, no ext:: transport, no pager, no credential helper. The
# settings named per driver (filters, diff and merge drivers, text conversions, ...) are made inert
# per command, from what the repositories hold then (git_programs.py).
GIT_HARDENING = (("core.fsmonitor", "false"), ("core.hooksPath", "/dev/null"), ("safe.bareRepository", "explicit"),
                 ("protocol.ext.allow", "never"), ("core.pager", "cat"), ("credential.helper", ""),
                 ("core.askPass", ""))
# Values that are credentials whatever their name: a URL with a password, well-known key shapes.
SECRET_VALUE = re.compile(
    r"[A-Za-z][\w+.-]*://[^/\s:@]+:[^/\s@]+@"
    r"|\b(?:sk-[A-Za-z0-9_-]{16,}|sk-ant-[\w-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_\w{20,}"
    r"|xox[abpr]-[\w-]{10,}|AKIA[0-9A-Z]{16}|hf_[A-Za-z0-9]{20,}|glpat-[\w-]{20,}|AIza[\w-]{30,})"
)
# What the app itself adds: pagers and colour off, so output is literal and nothing waits for a key.
QUIET_ENV = {"PAGER": "cat", "GIT_PAGER": "cat", "TERM": "dumb", "NO_COLOR": "1", "GIT_TERMINAL_PROMPT": "0"}
# Where the tools a model runs keep their caches: the app's private temp dir, not the workspace. A
# model's `python -m pytest` left .pytest_cache, .hypothesis and __pycache__ in the person's project:
# they led the net diff at `done`, and `u` left them (a tool cache is no change undo keeps).
CACHE_ENV = {"PYTHONPYCACHEPREFIX": "pycache", "HYPOTHESIS_STORAGE_DIRECTORY": "hypothesis",
             "MYPY_CACHE_DIR": "mypy", "RUFF_CACHE_DIR": "ruff"}
PYTEST_CACHE = "pytest"


def redirect_caches(env: dict[str, str], temp_dir: str) -> None:
    """Point the tool caches of `env` into `temp_dir`, except where the person has set one."""
    for name, sub in CACHE_ENV.items():
        env.setdefault(name, os.path.join(temp_dir, sub))
    if "cache_dir" not in env.get("PYTEST_ADDOPTS", ""):
        option = f"-o cache_dir={shlex.quote(os.path.join(temp_dir, PYTEST_CACHE))}"
        env["PYTEST_ADDOPTS"] = f"{env['PYTEST_ADDOPTS']} {option}" if env.get("PYTEST_ADDOPTS") else option


STEP_MARKER = "SMALLOPS_STEP"  # every process of a command carries it (the app's last-resort sweep)


class SandboxUnavailable(ValueError):
    """The sandbox asked for cannot be had here; the sentence says why."""


def _globs(patterns: tuple[str, ...]) -> re.Pattern[str]:
    """One regex for a tuple of name globs (matched against upper-case names): scrubbing runs
    for every command, and fnmatch pattern by pattern costs a millisecond."""
    return re.compile("|".join(fnmatch.translate(p.upper()) for p in patterns))


_SECRET_NAMES = _globs(SECRET_NAME_GLOBS)
_SESSION_NAMES = _globs(SESSION_ACCESS_GLOBS)


def is_secret_name(name: str, passed: tuple[str, ...] = ()) -> bool:
    upper = name.upper()
    if any(fnmatch.fnmatchcase(upper, pattern.upper()) for pattern in passed):
        return False
    if SECRET_WORDS & set(upper.split("_")):
        return True
    return _SECRET_NAMES.match(upper) is not None


def is_session_access(name: str) -> bool:
    return _SESSION_NAMES.match(name.upper()) is not None


def scrub_environment(environ: dict[str, str], passed: tuple[str, ...] = (),
                      sessions: bool = False) -> tuple[dict[str, str], list[str]]:
    """The environment without credentials (and, with `sessions`, without the sockets of
    sessions outside the sandbox), and the names removed. `passed` (names or globs) are kept
    whatever they look like: the person's explicit allowlist."""
    kept: dict[str, str] = {}
    removed: list[str] = []
    for name, value in environ.items():
        allowed = any(fnmatch.fnmatchcase(name.upper(), p.upper()) for p in passed)
        if not allowed and (is_secret_name(name) or SECRET_VALUE.search(value)
                            or (sessions and is_session_access(name))):
            removed.append(name)
        else:
            kept[name] = value
    return kept, sorted(removed)


def harden_git(env: dict[str, str]) -> None:
    """Append GIT_HARDENING to the GIT_CONFIG_COUNT settings in `env` (any already there stay)."""
    append_git_config(env, GIT_HARDENING)


@lru_cache(maxsize=1)
def landlock_abi() -> int:
    return landlock.abi_version()


@lru_cache(maxsize=1)
def bwrap_problem() -> str | None:
    """None when bubblewrap is installed and can make a sandbox here; else why not."""
    path = shutil.which("bwrap")
    if path is None:
        return "bubblewrap (bwrap) is not installed"
    try:
        probe = subprocess.run([path, "--ro-bind", "/", "/", "--dev", "/dev", "--unshare-pid", "--die-with-parent",
                                "true"], capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bwrap does not run: {exc}"
    if probe.returncode != 0:
        return "bwrap cannot create a sandbox here: " + probe.stderr.decode(errors="replace").strip()[:200]
    return None


_TEMP_ROOT: list[str] = []
TEMP_PREFIX = "smallops-cmd-"


def private_temp_dir() -> str:
    """This app's own temp dir (TMPDIR for every command), removed when the app exits; the dirs
    of apps that could not remove theirs (kill -9, a hang-up) are removed by the next one."""
    if not _TEMP_ROOT or not os.path.isdir(_TEMP_ROOT[0]):
        remove_orphaned_temp_dirs(Path(tempfile.gettempdir()))
        _TEMP_ROOT[:] = [tempfile.mkdtemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-")]
        atexit.register(remove_private_temp_dir)
    return _TEMP_ROOT[0]


def remove_private_temp_dir() -> None:
    if _TEMP_ROOT:
        remove_tree(_TEMP_ROOT[0])  # a command can leave a tree deeper than recursion allows


def remove_orphaned_temp_dirs(parent: Path) -> list[Path]:
    """Remove the temp dirs whose app is gone (the pid in the name no longer runs). A dir without
    a pid (an older smallops) or whose pid runs (maybe reused) is left: only what is surely dead goes."""
    removed = []
    for path in parent.glob(f"{TEMP_PREFIX}*-*"):
        pid = path.name[len(TEMP_PREFIX):].split("-", 1)[0]
        if not pid.isdigit() or not path.is_dir() or path.is_symlink():
            continue
        try:
            os.kill(int(pid), 0)
            continue  # still running
        except ProcessLookupError:
            pass
        except (PermissionError, OverflowError, ValueError):
            continue  # another user's process, or not a pid
        try:
            if path.stat().st_uid != os.getuid():
                continue
        except OSError:
            continue
        remove_tree(path)
        removed.append(path)
    return removed


_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def parse_size(text: str | int) -> int:
    """Bytes from `4G`, `512M`, `1048576` (binary units; a trailing `B`/`iB` is allowed)."""
    if isinstance(text, int):
        return text
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([KMGT]?)(?:i?B)?\s*", str(text), re.IGNORECASE)
    if match is None:
        raise ValueError(f"{text!r} is not a size (write it like 512M, 4G or 1048576)")
    return int(float(match.group(1)) * _UNITS[match.group(2).upper()])


def format_size(n: int) -> str:
    for unit in ("T", "G", "M", "K"):
        if n >= _UNITS[unit] and n % _UNITS[unit] == 0:
            return f"{n // _UNITS[unit]}{unit}"
    return f"{n}B"


@dataclass(frozen=True)
class Bounds:
    """What one command may use (limits.py holds them). 0 turns a bound off."""

    tasks: int = 512  # processes and threads at once
    memory: int = 4 << 30  # bytes resident, the whole tree; each process's writable mappings too
    file_size: int = 1 << 30  # bytes, any one file
    disk: int = 4 << 30  # bytes written to disk, the whole tree
    cpu: int = 300  # seconds of CPU, the whole tree

    def __post_init__(self) -> None:
        if self.tasks and self.tasks < TASKS_MIN:
            raise ValueError(f"the task bound must be at least {TASKS_MIN} (the smallest pid_max the kernel allows in "
                             f"a PID namespace), or 0 for none; not {self.tasks}")
        for name in ("tasks", "memory", "file_size", "disk", "cpu"):
            if getattr(self, name) < 0:
                raise ValueError(f"the {name.replace('_', ' ')} bound cannot be negative")
            if (too_big := bound_too_big(name, getattr(self, name))) is not None:
                raise ValueError(too_big)

    def encoded(self) -> str:
        return limits.encode({"tasks": self.tasks, "memory": self.memory, "fsize": self.file_size,
                              "disk": self.disk, "cpu": self.cpu}) or "-"

    def label(self, tasks_held: bool = True) -> str:
        """For the status bar, short (it shares one line): `≤512 tasks 4G mem 1G file 4G disk 300s cpu`."""
        parts = []
        if self.tasks and tasks_held:
            parts.append(f"≤{self.tasks} tasks")
        for value, name in ((self.memory, "mem"), (self.file_size, "file"), (self.disk, "disk")):
            if value:
                parts.append(f"{format_size(value)} {name}")
        if self.cpu:
            parts.append(f"{self.cpu}s cpu")
        return " ".join(parts) or "no bounds"

    def sentence(self, name: str) -> str:
        """What the person and the model are told when a command hit bound `name` (limits.py)."""
        return {
            "tasks": f"the command reached the bound of {self.tasks} processes and threads at once: more could not "
                     "start (fork failed)",
            "memory": f"the command went past the memory bound ({format_size(self.memory)} resident) and was killed",
            "memory-cgroup": f"the command reached the memory bound ({format_size(self.memory)}, as the kernel counts "
                             "it: memfd, tmpfs and shared memory included) and was killed",
            "disk": f"the command wrote more than the disk bound ({format_size(self.disk)}), in bytes written or in "
                    "blocks its files hold, and was killed",
            "cpu": f"the command used more than the CPU-time bound ({self.cpu} s) and was killed",
            "fsize": f"a file went past the file-size bound ({format_size(self.file_size)}): the write was refused "
                     "(SIGXFSZ, EFBIG)",
            "unbounded-tasks": "the task bound could not be set (this kernel has no pid_max per PID namespace, Linux "
                               "6.14): processes were not bounded",
        }.get(name, f"the command hit the {name} bound")


TASKS_MIN = 300
# The largest value each bound takes: beyond them a number means nothing to the kernel (pid_max
# stops at 2^22; rlimits are 63 bits here) and would fail in every command instead of at start.
BOUND_MAXIMA = {"tasks": 1 << 22, "memory": 1 << 60, "file_size": 1 << 60, "disk": 1 << 60, "cpu": 10 ** 9}
BOUND_UNITS = {"tasks": "processes and threads", "memory": "bytes (1 EiB)", "file_size": "bytes (1 EiB)", "disk": "bytes (1 EiB)",
               "cpu": "seconds (about 31 years)"}


def bound_too_big(name: str, value: int) -> str | None:
    """The sentence for a bound past what it can mean (`name` as Bounds spells it), or None."""
    most = BOUND_MAXIMA[name]
    if value <= most:
        return None
    return (f"the {name.replace('_', ' ')} bound {value:,} is larger than any machine can use: at most {most:,} "
            f"{BOUND_UNITS[name]}, or 0 for no bound")


@lru_cache(maxsize=1)
def namespaces_problem() -> str | None:
    """None when this process can give commands their namespaces (namespaces.py); else why not.
    Tried once, for real: the wrapper runs `true` in them."""
    if not sys.platform.startswith("linux"):
        return "namespaces are Linux only"
    temp = private_temp_dir()
    argv = [sys.executable, "-I", "-S", "-c", LAUNCH, "plain", "off", str(os.getpid()), "ns", "-", "-1", temp, "--",
            "/bin/true"]
    try:
        probe = subprocess.run(argv, capture_output=True, timeout=20, cwd=temp, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"the namespace probe did not run: {exc}"
    if probe.returncode != 0:
        said = probe.stdout.decode(errors="replace").strip().removeprefix("[sandbox] ")
        return said[:200] or f"the namespace probe exited with {probe.returncode}"
    return None


@dataclass(frozen=True)
class Sandbox:
    kind: SandboxKind
    allow_network: bool = False
    abi: int = 0
    pass_env: tuple[str, ...] = ()
    note: str = ""  # why the sandbox in force is not the one asked for, if it is not
    extra_writable: tuple[str, ...] = field(default=())
    isolated: bool = False  # in namespaces of its own (namespaces.py); landlock only
    bounds: Bounds = field(default_factory=Bounds)
    # False: the command may not write the workspace either (a call that only prints what the
    # workspace's functions return: risk/workspace_calls.py)
    workspace_writable: bool = True

    def read_only_workspace(self) -> Sandbox:
        """This sandbox with the workspace read-only and the network off: only its temporary
        directory is writable."""
        return replace(self, workspace_writable=False, allow_network=False)

    @property
    def confined(self) -> bool:
        return self.kind != "none"

    @property
    def network_denied(self) -> bool:
        """Whether the kernel really blocks TCP for commands (Landlock needs ABI 4 for that)."""
        if self.allow_network or self.kind == "none":
            return False
        return self.kind == "bwrap" or self.abi >= 4

    def label(self, bounds: bool = True) -> str:
        """For the status bar: the sandbox in force, what it does about the network, the bounds
        (`bounds=False`: without them, for a narrow terminal)."""
        if self.kind == "none":
            return "NO SANDBOX (commands +1 risk)" + (f" · {self.bounds.label(tasks_held=False)}" if bounds else "")
        name = f"landlock v{self.abi}" if self.kind == "landlock" else "bwrap"
        if self.kind == "landlock":
            name += "+ns" if self.isolated else " (no namespaces)"
        net = "net on" if self.allow_network else ("net off" if self.network_denied else "net not blocked")
        return f"sandbox {name} · {net}" + (f" · {self.bounds.label(tasks_held=self.isolated)}" if bounds else "")

    def wrapper_argv(self, command: str, cwd: str, temp_dir: str, report_fd: int = -1) -> list[str]:
        """The argv that runs `command` with /bin/sh in `cwd` inside this sandbox, under the wrapper;
        the bounds hit are reported on `report_fd` (limits.py)."""
        shell = [COMMAND_SHELL, "-c", command]
        kind = self.kind if self.kind in ("landlock", "bwrap") else "plain"
        # Landlock's rules and the namespaces' writable copies; for every kind, where the disk
        # bound counts the blocks the command's files hold (limits.Held).
        writable = [*self._workspace(cwd), os.path.realpath(temp_dir), *WRITABLE_DEVICES, *self.extra_writable]
        if self.kind == "bwrap":
            shell = self._bwrap_argv(cwd, temp_dir) + shell
        network = "on" if self.allow_network else "off"
        isolate = "ns" if self.isolated and self.kind == "landlock" else "-"
        argv = [sys.executable, "-I", "-S", "-c", LAUNCH, kind, network, str(os.getpid()), isolate,
                self.bounds.encoded(), str(report_fd)]
        return argv + writable + ["--"] + shell

    def _workspace(self, cwd: str) -> list[str]:
        return [os.path.realpath(cwd)] if self.workspace_writable else []

    def _bwrap_argv(self, cwd: str, temp_dir: str) -> list[str]:
        path = shutil.which("bwrap") or "bwrap"
        # A private /tmp and /run: no tmux, screen or X11 sockets, no /run/user (D-Bus, agents),
        # no docker or system bus socket. The resolver's files come back if they live in /run.
        argv = [path, "--die-with-parent", "--new-session", "--unshare-pid", "--unshare-ipc", "--ro-bind", "/", "/",
                "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--tmpfs", "/run"]
        resolver = os.path.dirname(os.path.realpath("/etc/resolv.conf"))
        if resolver.startswith("/run/"):
            argv += ["--ro-bind-try", resolver, resolver]
        for writable in (*self._workspace(cwd), temp_dir, *self.extra_writable):
            real = os.path.realpath(writable)
            argv += ["--bind", real, real]
        if not self.allow_network:
            argv.append("--unshare-net")
        if os.geteuid() == 0:  # bwrap keeps root's capabilities unless told; keep what landlock.py keeps
            argv += ["--cap-drop", "ALL"]
            for name in landlock.kept_root_capabilities(isolated=True).values():  # bwrap has a PID namespace
                argv += ["--cap-add", name]
        return argv + ["--chdir", os.path.realpath(cwd), "--"]

    def environment(self, base: dict[str, str], temp_dir: str, marker: str,
                    extra: dict[str, str] | None = None) -> dict[str, str]:
        env, _ = scrub_environment(base, self.pass_env, sessions=True)
        env.update(QUIET_ENV)
        harden_git(env)
        env.update({"TMPDIR": temp_dir, "TMP": temp_dir, "TEMP": temp_dir, STEP_MARKER: marker})
        redirect_caches(env, temp_dir)
        env.update(extra or {})
        return env


def _landlock(allow_network: bool, abi: int, pass_env: tuple[str, ...], bounds: Bounds) -> Sandbox:
    problem = namespaces_problem()
    if problem is None:
        return Sandbox("landlock", allow_network, abi, pass_env, bounds=bounds, isolated=True)
    return Sandbox("landlock", allow_network, abi, pass_env, bounds=bounds, note=(
        f"commands get no namespaces here ({problem}): outside the workspace, modes, owners and times are not "
        "guarded, other processes are guarded by seccomp only, the app's terminal can be read, and the number "
        "of processes is not bounded"))


def resolve_sandbox(mode: str = "auto", allow_network: bool = False, pass_env: tuple[str, ...] = (),
                    bounds: Bounds | None = None) -> Sandbox:
    """The sandbox in force for `mode`; SandboxUnavailable when one named explicitly cannot be had."""
    if mode not in SANDBOX_MODES:
        raise SandboxUnavailable(f"unknown sandbox {mode!r}; choose one of: {', '.join(SANDBOX_MODES)}")
    pass_env = tuple(pass_env)
    bounds = bounds or Bounds()
    if mode == "off":
        return Sandbox("none", allow_network, pass_env=pass_env, bounds=bounds,
                       note="the sandbox is off: commands run unconfined and every command counts one risk level "
                            "higher")
    abi = landlock_abi()
    if mode == "landlock":
        if abi < 1:
            raise SandboxUnavailable("--sandbox landlock: this kernel does not offer Landlock (Linux 5.13 or later, "
                                     "with landlock in the lsm= boot list)")
        return _landlock(allow_network, abi, pass_env, bounds)
    if mode == "bwrap":
        problem = bwrap_problem()
        if problem is not None:
            raise SandboxUnavailable(f"--sandbox bwrap: {problem}")
        return Sandbox("bwrap", allow_network, abi, pass_env, bounds=bounds)
    if abi >= 1:
        return _landlock(allow_network, abi, pass_env, bounds)
    if bwrap_problem() is None:
        return Sandbox("bwrap", allow_network, abi, pass_env, bounds=bounds)
    return Sandbox("none", allow_network, pass_env=pass_env, bounds=bounds,
                   note="no OS sandbox is available here (no Landlock, no bubblewrap): commands run unconfined "
                        "and every command counts one risk level higher")
