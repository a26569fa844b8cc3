"""Programs the tables do not know, read as the wrappers they may be.

A program that runs the rest of its words as a command (`setarch x86_64 rm -rf src`,
`cpulimit -l 50 rm -rf src`, `./with-env.sh rm -rf src`) hides that command from rules that do
not know it. shell_wrappers.py names the wrappers known; for any other program these rules do not
know (and the tools that act on other processes, which also run a command they are given), where
a known program's name starts its words, the words from there are judged as a command line: if
they would be HIGH, so is this (fail closed). Tools whose words are names rather than commands (a
package manager installing `rm`'s package, `man rm`, a compiler) are known not to run them.
Which programs are known is the table's (programs.py), which judge_simple is given.
"""

from __future__ import annotations

import shlex

from .command_risk import base_program
from .judging import Context
from .shell import SimpleCommand

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


MAX_STARTS = 4  # places in one command's words tried as the start of a command


def judge_unknown_program(cmd: SimpleCommand, program: str, ctx: Context) -> None:
    """Where a word of a program not known names a program and the words from there would be HIGH
    as a command line, so is this one."""
    for start in command_starts(cmd, ctx.programs.command_words):
        if len(cmd.args) - start < 2:
            break  # a program's name alone (`mytool --mode rm`) is a word, not a command with work to do
        tail = " ".join(shlex.quote(word) for word in cmd.args[start:])
        if ctx.judge_line(tail).level == "HIGH":
            ctx.found.add("shell.unread_wrapper", f"{cmd.program} … {' '.join(cmd.args[start:])[:60]}")
            return


def command_starts(cmd: SimpleCommand, command_words: frozenset[str]) -> list[int]:
    """Where, in the words of a program the rules do not know, a command line may start: the
    indexes into its args of known programs' names (at most MAX_STARTS)."""
    starts = []
    for k, arg in enumerate(cmd.args):
        if arg.startswith("-") or k in cmd.dynamic_args:
            continue
        name = arg.rsplit("/", 1)[-1]
        if name in command_words or base_program(name) in command_words:
            starts.append(k)
            if len(starts) >= MAX_STARTS:
                break
    return starts
