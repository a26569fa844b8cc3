"""Programs the tables do not know, read as the wrappers they may be; and programs whose --help is
not only help.

A program that runs the rest of its words as a command (`setarch x86_64 rm -rf src`,
`cpulimit -l 50 rm -rf src`, `./with-env.sh rm -rf src`) hides that command from rules that do
not know it. shell_wrappers.py names the wrappers known; for any other program these rules do not
know, `could_run_a_command` finds where a known program's name starts its words, and the words
from there are judged as a command line: if they would be HIGH, so is this (fail closed). Tools
whose words are names rather than commands (a package manager installing `rm`'s package, `man
rm`, a compiler) are known not to run them.

`pytest --help` loads conftest.py, and a toolchain file (rust-toolchain, .mvn/jvm.config,
gradle.properties, .yarnrc.yml's yarnPath) chooses what `cargo --version` or `yarn --version`
runs: for these, asking for help runs the project's code (`shell.help_runs_code`, MEDIUM).
"""

from __future__ import annotations

from .checks import CHECKERS
from .code_in_options import JUDGES as CODE_JUDGES
from .command_tables import (
    ADDRESS_CLIENTS, COMMAND_RULES, ESCAPING_TOOLS, INTERPRETERS, MODIFIES_OPERANDS, MOVERS, NETWORK_CLIENTS,
    OUTPUT_OPTIONS, OUTSIDE_CONTROLLERS, PUBLISHERS, READ_ONLY, RUNS_PROGRAM_OPTIONS,
)
from .exfiltration import JUDGES as NETWORK_JUDGES
from .options import base_program
from .permissions import JUDGES as PERMISSION_JUDGES
from .processes import JUDGES as PROCESS_JUDGES
from .shell import SimpleCommand
from .shell_wrappers import RUNNERS, WRAPPERS
from .unpacking import JUDGES as UNPACKING_JUDGES

HELP_LOADS_PROJECT = frozenset({
    "pytest", "py.test", "tox", "flask", "django-admin", "rails", "rake", "cargo", "rustc", "rustdoc", "rustup",
    "gradle", "mvn", "sbt", "yarn", "mocha", "invoke", "inv", "fab", "celery", "pylint", "go", "bazel", "bazelisk",
    "hatch",
})
# Programs whose words are names, packages, targets or files, never a command they run.
NOT_WRAPPERS = frozenset({
    "man", "info", "pinfo", "whatis", "apropos", "tldr", "help", "cheat", "which", "whereis", "locate", "mlocate",
    "apt", "apt-get", "apt-cache", "dpkg", "dpkg-query", "rpm", "dnf", "yum", "zypper", "pacman", "apk", "brew",
    "port", "nix-env", "pip", "pip3", "pipx", "uv", "poetry", "pipenv", "conda", "mamba", "gem", "bundle", "composer",
    "npm", "pnpm", "yarn", "bun", "cargo", "go", "rustup", "dotnet", "mvn", "gradle", "ant", "sbt", "cmake", "ninja",
    "meson", "bazel", "gcc", "g++", "cc", "c++", "clang", "clang++", "rustc", "javac", "tsc", "pytest", "py.test",
    "tox", "nox", "black", "ruff", "flake8", "mypy", "pylint", "isort", "eslint", "prettier", "hg", "svn", "fossil",
    "ls", "file", "printf", "echo", "hostname", "getent", "id", "groups", "pgrep", "pidof", "lsof", "fuser",
    "update-alternatives", "dpkg-reconfigure", "systemctl", "journalctl", "service",
})
# (The tools that act on other processes are not among them: perf, cpulimit, py-spy also run a
# command they are given.)
KNOWN = frozenset(set(READ_ONLY) | set(CHECKERS) | INTERPRETERS | set(CODE_JUDGES) | set(UNPACKING_JUDGES)
                  | set(NETWORK_JUDGES) | set(PERMISSION_JUDGES) | NETWORK_CLIENTS | ADDRESS_CLIENTS | OUTSIDE_CONTROLLERS
                  | MOVERS | set(MODIFIES_OPERANDS) | set(OUTPUT_OPTIONS) | set(RUNS_PROGRAM_OPTIONS)
                  | set(PUBLISHERS) | set(ESCAPING_TOOLS) | set(WRAPPERS) | set(RUNNERS) | NOT_WRAPPERS
                  | {name for _, pattern in COMMAND_RULES for name in pattern.programs})
# Words that can start a command worth looking at: every program the rules know something of.
COMMAND_WORDS = KNOWN - NOT_WRAPPERS | {"eval", "exec", "env", "xargs", "nohup", "sudo"}
MAX_STARTS = 4  # places in one command's words tried as the start of a command


def command_starts(cmd: SimpleCommand, program: str) -> list[int]:
    """Where, in the words of a program the rules do not know, a command line may start: the
    indexes into its args of known programs' names (at most MAX_STARTS)."""
    if (program in KNOWN or base_program(program) in KNOWN) and program not in PROCESS_JUDGES:
        return []
    starts = []
    for k, arg in enumerate(cmd.args):
        if arg.startswith("-") or k in cmd.dynamic_args:
            continue
        name = arg.rsplit("/", 1)[-1]
        if name in COMMAND_WORDS or base_program(name) in COMMAND_WORDS:
            starts.append(k)
            if len(starts) >= MAX_STARTS:
                break
    return starts
