"""Modes that hand a file its owner's rights: the setuid and setgid bits, and file capabilities.

A setuid file runs as its owner for whoever runs it, later and outside the sandbox: a command
run as root that leaves `cp /usr/bin/env tool && chmod 4755 tool` in the project has left a
root shell for anyone. So a mode that sets the 4000 or 2000 bit is HIGH (`shell.setuid`), in
every form the tools take: numeric (`4755`, `04755`, `=2755`, `+6000`), symbolic (`u+s`,
`g=rwxs`, `+s`, `a+rwxs`, in a comma list), given to chmod, install, mkdir, mkfifo or mknod
(`-m`, `--mode`, attached too), copied from another file (`chmod --reference`), or kept from an
archive (`unzip -K`); `setcap` gives capabilities; `mknod` a device node reaches raw devices. A
mode computed at run time cannot be read: it is judged as setting them (fail closed).
"""

from __future__ import annotations

import os
import re
import stat

from ..files.workspace import PathEscape
from .command_risk import contains_path, from_cwd, looks_outside, option_value, short_cluster
from .judging import Context
from .shell import SimpleCommand

# The bits that make a file run with its owner's or group's rights.
_PRIVILEGE_BITS = stat.S_ISUID | stat.S_ISGID
_NUMERIC = re.compile(r"([-+=]?)([0-7]+)")
# One clause of a symbolic mode: who, then operations; `s` among the permissions of a + or =.
_CLAUSE = re.compile(r"([ugoa]*)((?:[-+=][rwxXstugo]*)+)")
_CHMOD_FLAGS = frozenset({"-c", "-f", "-v", "-R", "--changes", "--silent", "--quiet", "--verbose", "--recursive",
                          "--no-preserve-root", "--preserve-root", "--help", "--version"})


def sets_privilege(mode: str) -> bool:
    """Whether a chmod-style mode (numeric or symbolic) leaves a setuid or setgid bit set on a file
    that had none: its clauses applied in order, as chmod does (`u+s,u-s` sets nothing). A mode
    that is not understood counts as setting one (fail closed)."""
    bits = {"u": False, "g": False}  # the setuid and the setgid bit
    for clause in mode.split(","):
        numeric = _NUMERIC.fullmatch(clause)  # rsync's --chmod takes numeric clauses in a list too
        if numeric:
            value = int(numeric.group(2), 8)
            for target, bit in (("u", stat.S_ISUID), ("g", stat.S_ISGID)):
                bits[target] = (bits[target] or bool(value & bit)) if numeric.group(1) == "+" else \
                    (bits[target] and not value & bit) if numeric.group(1) == "-" else bool(value & bit)
            continue
        m = _CLAUSE.fullmatch(clause)
        if m is None:
            return True
        who, operations = m.groups()
        targets = [t for t in bits if not who or t in who or "a" in who]  # o+s sets nothing
        for operation in re.findall(r"[-+=][rwxXstugo]*", operations):
            op, has_s = operation[0], "s" in operation
            for target in targets:
                if op == "=" or has_s:
                    bits[target] = has_s if op in "+=" else False
    return any(bits.values())


def _chmod_mode(cmd: SimpleCommand) -> tuple[str | None, int | None]:
    """The mode operand of chmod and its index into args (a mode may start with `-`: `-s`, `-x`)."""
    for k, arg in enumerate(cmd.args):
        if arg == "--":
            return (cmd.args[k + 1], k + 1) if k + 1 < len(cmd.args) else (None, None)
        if arg in _CHMOD_FLAGS or (arg.startswith("-") and short_cluster(arg) and set(short_cluster(arg)) <= set("cfvR")):
            continue
        if arg.startswith("--"):
            continue
        return arg, k
    return None, None


def judge_chmod(cmd: SimpleCommand, ctx: Context) -> None:
    reference = next((v for k in range(len(cmd.args)) if (v := option_value(cmd.args, k, "--reference"))), None)
    if reference is not None:
        if not _plain_mode_inside(reference, ctx):
            ctx.found.add("shell.setuid", f"chmod --reference={reference}: copies a mode that may hold setuid bits")
        return
    mode, k = _chmod_mode(cmd)
    if mode is None or k is None:
        return
    if k in cmd.dynamic_args or sets_privilege(mode):
        ctx.found.add("shell.setuid", f"{cmd.program} {mode}" + (" (a mode computed at run time)"
                                                                 if k in cmd.dynamic_args else ""))


# The short options of each program that take a value (the rest of a cluster, or the next word).
_VALUE_LETTERS = {"install": "gmoSt", "mkdir": "m", "mkfifo": "m", "mknod": "m"}


def _modes(cmd: SimpleCommand) -> list[tuple[str, bool]]:
    """The values of `-m MODE`, `-mMODE`, `-Dm MODE`, `-pm2755`, `--mode=MODE` (abbreviated too),
    each with whether it is computed at run time."""
    modes = []
    letters = _VALUE_LETTERS.get(cmd.program, "m")
    args = cmd.args
    for k, arg in enumerate(args):
        if arg.startswith("--"):
            value = option_value(args, k, "--mode")
            if value is not None:
                modes.append((value, k in cmd.dynamic_args or k + 1 in cmd.dynamic_args))
            continue
        for n, letter in enumerate(short_cluster(arg)):
            if letter in letters:
                rest = arg[n + 2 :]
                if letter == "m":
                    value = rest or (args[k + 1] if k + 1 < len(args) else "")
                    modes.append((value, k in cmd.dynamic_args or (not rest and k + 1 in cmd.dynamic_args)))
                break
    return modes


def judge_mode_option(cmd: SimpleCommand, ctx: Context) -> None:
    """install, mkdir, mkfifo, mknod: `-m MODE` in every form."""
    for mode, dynamic in _modes(cmd):
        if dynamic or sets_privilege(mode):
            ctx.found.add("shell.setuid", f"{cmd.program} -m {mode}")
            return
    if cmd.program == "mknod" and any(a in ("b", "c", "u") for a in cmd.args):
        ctx.found.add("shell.disk", f"mknod {' '.join(cmd.args)}: a device node reaches the device itself")


def judge_rsync_chmod(cmd: SimpleCommand, ctx: Context) -> None:
    """rsync --chmod=CHMOD: chmod clauses, each maybe for directories (D) or files (F) only."""
    for k in range(len(cmd.args)):
        value = option_value(cmd.args, k, "--chmod")
        if value is not None and (k in cmd.dynamic_args or sets_privilege(",".join(
                clause[1:] if clause[:1] in ("D", "F") else clause for clause in value.split(",")))):
            ctx.found.add("shell.setuid", f"rsync --chmod={value}")
            return


def judge_capabilities(cmd: SimpleCommand, ctx: Context) -> None:
    """setcap gives a file capabilities; setfattr can write them as `security.capability`."""
    if cmd.program == "setcap" and any(not a.startswith("-") for a in cmd.args):
        ctx.found.add("shell.setuid", f"setcap {' '.join(cmd.args)[:60]}: the file runs with those capabilities")
    elif cmd.program == "setfattr" and any("security." in a for a in cmd.args):
        ctx.found.add("shell.setuid", f"setfattr {' '.join(cmd.args)[:60]}: writes a security attribute")


def judge_unzip_modes(cmd: SimpleCommand, ctx: Context) -> None:
    """unzip -K keeps the setuid and setgid bits an archive holds."""
    if any(a == "-K" or "K" in short_cluster(a) for a in cmd.args):
        ctx.found.add("shell.setuid", "unzip -K keeps the setuid bits of what it extracts")


def _plain_mode_inside(path: str, ctx: Context) -> bool:
    """A file inside the workspace whose mode holds no setuid or setgid bit."""
    if "$" in path or looks_outside(path, ctx) or not contains_path(path, ctx):
        return False
    try:
        return not os.stat(ctx.workspace.resolve(from_cwd(path, ctx))).st_mode & _PRIVILEGE_BITS
    except (OSError, ValueError, PathEscape):
        return False


JUDGES = {
    "chmod": judge_chmod, **{name: judge_mode_option for name in ("install", "mkdir", "mkfifo", "mknod")},
    "setcap": judge_capabilities, "setfattr": judge_capabilities, "unzip": judge_unzip_modes, "rsync": judge_rsync_chmod,
}
