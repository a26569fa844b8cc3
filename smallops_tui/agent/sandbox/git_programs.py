"""git's configuration-driven programs, made inert for commands whatever a repository says.

A repository's own configuration can name programs that plain, read-only git commands run:
`filter.<x>.clean` runs under `git status`, `diff.external` and `diff.<x>.command` under
`git diff`, `diff.<x>.textconv` under `git log -p` and `git blame`, `gpg.program` under
`git log` when `log.showSignature` is set, `man.viewer` under `git help`. A command the rules
rate MEDIUM (running the project's script) can write any of them into `.git/config`, and the
next LOW `git status` ran the planted program (issue 20).

GIT_HARDENING (confine.py) sets the keys whose names are fixed (core.fsmonitor, core.hooksPath,
core.pager, credential.helper, ...). The rest are named per driver, so before every command the
configuration the command's git would read is listed (`git config --list --show-scope` from the
workspace, and every other repository inside it: a directory with a HEAD and a config, submodules
under .git/modules included), and every setting from a repository (not the person's global or
system configuration, which no command can write) that names a program is overridden with
command-line precedence (GIT_CONFIG_COUNT) by an inert value: an empty filter, `cat` as a text
conversion, a diff made by `diff -u`, a merge made by `git merge-file`, the default gpg, and so
on (PROGRAM_SETTINGS). When the configuration cannot be read, git is pointed at no repository
at all (POISONED_GIT_DIR): a command's git then fails, and runs nothing.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path

from ..files.tree import walk_tree

# A diff made without the configured program: git hands an external diff the path, the old
# file, its hash and mode, and the new file, its hash and mode; exit 1 means "they differ".
PLAIN_DIFF = 'f() { diff -u -L "a/$1" -L "b/$1" -- "$2" "$5"; [ $? -le 1 ]; }; f'
# A three-way merge without the configured driver: git's own text merge, its result left in %A.
PLAIN_MERGE = "git merge-file --marker-size=%L %A %O %B"
Neutral = Callable[[str], "str | None"]  # the value a setting gets, from its value (None: leave it)


def _always(value: str) -> Neutral:
    return lambda _: value


def _if_shell(value: str) -> Neutral:
    """For settings where only a value starting with `!` runs a shell command."""
    return lambda current: value if current.lstrip().startswith("!") else None


# (the setting's name as `git config --list` prints it: section and key lowercased, the
# subsection as written; what makes it inert)
PROGRAM_SETTINGS: tuple[tuple[re.Pattern[str], Neutral], ...] = tuple((re.compile(p, re.DOTALL), n) for p, n in (
    (r"filter\..+\.(clean|smudge|process)", _always("")),
    (r"filter\..+\.required", _always("false")),
    (r"diff\..+\.textconv", _always("cat")),
    (r"diff\..+\.command", _always(PLAIN_DIFF)),
    (r"diff\.external", _always(PLAIN_DIFF)),
    (r"merge\..+\.driver", _always(PLAIN_MERGE)),
    (r"(diff|merge)\.(gui)?tool", _always("")),
    (r"(difftool|mergetool)\..+\.(cmd|path)", _always("")),
    (r"gpg\.(openpgp\.)?program", _always("gpg")),
    (r"gpg\.x509\.program", _always("gpgsm")),
    (r"gpg\.ssh\.program", _always("ssh-keygen")),
    (r"gpg\.ssh\.defaultkeycommand", _always("")),
    (r"log\.showsignature", _always("false")),
    (r"core\.editor|sequence\.editor", _always(":")),
    (r"core\.sshcommand", _always("ssh")),
    (r"core\.gitproxy", _always("")),
    (r"core\.alternaterefscommand", _always("")),
    (r"credential\..+\.helper", _always("")),
    (r"pager\..+", _always("false")),
    (r"alias\..+", _if_shell("")),
    (r"man\.viewer|help\.format", lambda _: "man"),
    (r"man\..+\.(cmd|path)", _always("man")),
    (r"(web|help)\.browser|browser\..+\.(cmd|path)", _always("")),
    (r"remote\..+\.uploadpack", _always("git-upload-pack")),
    (r"remote\..+\.receivepack", _always("git-receive-pack")),
    (r"submodule\..+\.update", _if_shell("checkout")),
    (r"tar\..+\.command", _always("gzip -cn")),
    (r"sendemail\.(.+\.)?(sendmailcmd|tocmd|cccmd|headercmd|smtpserver)", _always("")),
    (r"hook\..+\.command", _always(":")),
))
# Scopes a command can write: a repository's own configuration (and what it includes).
REPOSITORY_SCOPES = frozenset({"local", "worktree", "file"})
POISONED_GIT_DIR = "/dev/null/smallops-could-not-read-this-repository-configuration"
MAX_WALKED_DIRS = 20_000  # directories looked at for repositories inside the workspace
SKIPPED = frozenset({"node_modules", ".venv", "venv", "__pycache__", ".mypy_cache", ".pytest_cache", ".tox"})
REPOSITORY_CHILDREN = frozenset({"modules", "worktrees"})  # where a repository keeps other repositories' configs
TIMEOUT = 10.0


class UnreadableConfig(Exception):
    """The configuration a command's git would read could not be listed."""


def neutral_settings(entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The overrides that make every program-naming setting among `entries` inert."""
    out: dict[str, str] = {}
    for key, value in entries:
        for pattern, neutral in PROGRAM_SETTINGS:
            if pattern.fullmatch(key):
                inert = neutral(value)
                if inert is not None:
                    out[key] = inert
                break
    return list(out.items())


def planted_program_settings(root: str | os.PathLike[str]) -> list[tuple[str, str]]:
    """(key, inert value) for every program-naming setting in the repositories a command run in
    `root` can reach; UnreadableConfig when that configuration cannot be listed."""
    git = shutil.which("git")
    if git is None:
        return []
    root = Path(root)
    configs = repository_configs(root)  # first: a planted FIFO is refused before any git reads it
    entries = [(key, value) for scope, key, value in _listed(git, ["config", "--list", "--show-scope", "-z"], root)
               if scope in REPOSITORY_SCOPES]
    for config in configs:
        entries += [(key, value) for _, key, value in
                    _listed(git, ["config", "--file", str(config), "--includes", "--show-scope", "-z", "--list"],
                            root)]
    return neutral_settings(entries)


def repository_configs(root: Path) -> list[Path]:
    """The configuration files of the repositories inside `root`: every directory with a HEAD and
    a config (a `.git`, a bare copy, a submodule's under .git/modules), within MAX_WALKED_DIRS.
    UnreadableConfig for one that is not a regular file (a FIFO would hang whoever reads it)."""
    found: list[Path] = []
    for walked, (current, dirnames, filenames) in enumerate(walk_tree(root)):
        if walked >= MAX_WALKED_DIRS:
            break
        if "HEAD" in filenames and "config" in filenames:
            for name in ("config", "config.worktree"):
                if name in filenames:
                    if not is_regular(Path(current, name)):
                        raise UnreadableConfig(f"{Path(current, name)} is not a regular file")
                    found.append(Path(current, name))
            dirnames[:] = sorted(d for d in dirnames if d in REPOSITORY_CHILDREN)  # not objects/ nor refs/
        else:
            dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED)
    return found


def _listed(git: str, args: list[str], cwd: Path) -> list[tuple[str, str, str]]:
    """(scope, key, value) as `git config -z --show-scope` lists them."""
    try:
        done = subprocess.run([git, *args], cwd=cwd, capture_output=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL,
                              env=_listing_env())
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise UnreadableConfig(f"git config did not answer ({exc})") from None
    if done.returncode not in (0, 1):  # 1: nothing listed
        message = done.stderr.decode(errors="replace").strip()
        if "not in a git directory" in message or "not a git repository" in message.lower():
            return []
        raise UnreadableConfig(message[:200] or f"git config exited with {done.returncode}")
    tokens = done.stdout.decode(errors="replace").split("\0")
    listed = []
    for scope, entry in zip(tokens[0::2], tokens[1::2], strict=False):  # each entry comes after its scope
        key, _, value = entry.partition("\n")  # a key set with no `=` has no value
        listed.append((scope, key, value))
    return listed


def _listing_env() -> dict[str, str]:
    """The app's environment for listing, without anything that would change what git reads."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_DIR", "GIT_WORK_TREE", "GIT_CONFIG"))}
    env["GIT_TERMINAL_PROMPT"] = "0"
    return env


def is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def inert_git(env: dict[str, str], root: str | os.PathLike[str]) -> dict[str, str]:
    """`env` for a command in `root`, with every program its git could be told to run made inert
    (appended to GIT_CONFIG_COUNT), or git pointed at no repository when that cannot be known."""
    try:
        settings = planted_program_settings(root)
    except UnreadableConfig:
        return {**env, "GIT_DIR": POISONED_GIT_DIR}
    if not settings:
        return env
    env = dict(env)
    append_git_config(env, settings)
    return env


def append_git_config(env: dict[str, str], settings: Iterable[tuple[str, str]]) -> None:
    """Append `settings` to the GIT_CONFIG_COUNT/KEY_n/VALUE_n settings in `env` (git reads them with
    command-line precedence; any already there stay, a count that is no number counts as none)."""
    try:
        count = max(int(env.get("GIT_CONFIG_COUNT", "0")), 0)
    except ValueError:
        count = 0
    for key, value in settings:
        env[f"GIT_CONFIG_KEY_{count}"] = key
        env[f"GIT_CONFIG_VALUE_{count}"] = value
        count += 1
    env["GIT_CONFIG_COUNT"] = str(count)
