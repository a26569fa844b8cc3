"""The shell's own commands that change how later commands run: `cd` (relative paths are
judged from where it went), variables that decide which code runs (PATH, LD_PRELOAD, ... set by
`export`, `read`, `printf -v`, `unset`; an assignment before any command is command_risk.py's),
`command -v`, and `ps` (whose `e` prints every process's environment).
"""

from __future__ import annotations

import re

from ..command_risk import check_read_only, classify_assignment, from_cwd, is_inside, short_cluster
from ..command_tables import PS_VALUE_OPTIONS, READ_ONLY
from ..judging import Context
from ..shell import SimpleCommand
from ..variables import CODE_VARIABLES

DIRECTORY_CHANGERS = frozenset({"cd", "pushd", "popd", "chdir"})


def check_directory_change(cmd: SimpleCommand, ctx: Context) -> bool:
    operands = [a for a in cmd.args if not a.startswith("-") or a == "-"]
    target = operands[0] if operands else "~"
    ctx.not_paths.update(range(len(cmd.args)))  # judged here
    if cmd.program == "popd" or target == "-" or not is_inside(target, ctx) or cmd.dynamic_args:
        ctx.left_workspace = True
        ctx.found.add("shell.leaves_workspace", f"{cmd.program} {target}")
        return False
    rel = ctx.workspace.relative(from_cwd(target, ctx))
    ctx.cwd = "" if rel == "." else rel
    return True


def check_ps(cmd: SimpleCommand, ctx: Context) -> bool:
    """ps only reads, except that BSD-style `e` (ps e, ps axeww) prints every process's environment.
    procps also reads a dashed -x, or a -u followed by letters that name no user (`-aue`), as BSD
    options, and an `e` anywhere then means environments too: `ps -axe`, `ps -e -x`."""
    skip = False
    dashed = ""
    for arg in cmd.args:
        if skip:
            skip = False
            continue
        if arg.startswith("-"):
            skip = arg in PS_VALUE_OPTIONS
            dashed += short_cluster(arg) + " "
            continue
        if re.fullmatch(r"[A-Za-z]+", arg):
            if "e" in arg:
                ctx.found.add("shell.reads_secrets", f"ps {arg}: every process's environment")
                return False
            skip = arg[-1] in "oOpqtUkG"
    if "e" in dashed and ("x" in dashed or re.search(r"u[^ ]", dashed)):
        ctx.found.add("shell.reads_secrets", f"ps {' '.join(cmd.args)}: procps reads these as BSD options, "
                                             "with e: every process's environment")
        return False
    return True


# Options of bash's and dash's `read` that take a value (-a's value is a name it assigns).
_READ_VALUE_OPTIONS = frozenset({"-p", "-d", "-n", "-N", "-t", "-u", "-i"})


def check_variable_setter(cmd: SimpleCommand, ctx: Context) -> bool:
    """`read NAME`, `read -a NAME`, `printf -v NAME`, `mapfile NAME`, `getopts OPTS NAME` assign
    the variables they name: `read PATH < f; ls` runs whatever `ls` the file points to."""
    args = cmd.args
    names: list[str] = []
    k = 0
    while k < len(args):
        arg = args[k]
        if arg == "--":
            names += args[k + 1 :] if cmd.program != "printf" else []
            break
        if arg in ("-v", "-a") or (arg.startswith(("-v", "-a")) and len(arg) > 2 and cmd.program != "mapfile"):
            names.append(arg[2:] or (args[k + 1] if k + 1 < len(args) else ""))
            k += 1 if len(arg) > 2 else 2
            continue
        if arg.startswith("-") and len(arg) > 1:
            k += 2 if arg in _READ_VALUE_OPTIONS or (cmd.program != "read" and len(arg) == 2) else 1
            continue
        if cmd.program in ("read", "mapfile", "readarray") or (cmd.program == "unset" and "-f" not in args):
            names.append(arg)  # `unset PATH; ls` runs ./ls
        elif cmd.program == "getopts" and k >= 1 and not names:
            names.append(arg)
        if cmd.program == "printf":
            break  # the format and its arguments are text
        k += 1
    risky = [name for name in names if CODE_VARIABLES.match(name.split("[", 1)[0])]
    for name in risky:
        ctx.found.add("shell.code_variable", f"{cmd.program} {'unsets' if cmd.program == 'unset' else 'sets'} {name}")
    if cmd.program in READ_ONLY and not risky:
        return check_read_only(cmd, READ_ONLY[cmd.program], ctx)
    return False


def check_command_lookup(cmd: SimpleCommand, ctx: Context) -> bool:
    return bool(cmd.args) and cmd.args[0] in ("-v", "-V")


def check_export(cmd: SimpleCommand, ctx: Context) -> bool:
    for arg in cmd.args:
        if "=" in arg and not arg.startswith("-"):
            classify_assignment(arg, ctx)
    return all(not a.startswith("-") or a in ("-p", "-n") for a in cmd.args) and not any("=" in a for a in cmd.args)
