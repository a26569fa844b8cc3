"""awk (and gawk, mawk, busybox awk): read-only when its program runs no command, writes no
file (`system`, `|`, `>`, `print > file`), reads files only inside the workspace (`getline <`),
and no option loads code (`-l`, `-i`, `-E`).
"""

from __future__ import annotations

import re

from ..command_tables import (
    AWK_DANGER, AWK_GETLINE_FILE, AWK_OPTIONS, AWK_PROGRAM_FILE_OPTIONS, AWK_RUNS_CODE, AWK_VALUE_OPTIONS,
)
from ..judging import Context
from ..shell import SimpleCommand
from .script_files import script_from_input, script_reads


def check_awk(cmd: SimpleCommand, ctx: Context) -> bool:
    args = cmd.args
    program = None
    ok = True
    k = 0
    while k < len(args):
        arg = args[k]
        name = arg.split("=", 1)[0]
        if name in AWK_RUNS_CODE or arg.startswith(("-l", "-i")) and not arg.startswith("--"):
            ctx.found.add("shell.option_runs_program", f"{cmd.program} {arg}")
            return False
        if name in AWK_PROGRAM_FILE_OPTIONS:
            if name in ("-e", "--source"):
                program = (program or "") + "\n" + (arg.split("=", 1)[1] if "=" in arg else
                                                    args[k + 1] if k + 1 < len(args) else "")
            else:
                ok = False  # the program is in a file
                script_from_input(arg.split("=", 1)[1] if "=" in arg else args[k + 1] if k + 1 < len(args) else
                                   (arg[2:] if len(arg) > 2 else ""), cmd, ctx)
            k += 1 if "=" in arg else 2
            continue
        if arg.startswith("-") and arg != "-":
            if name not in AWK_OPTIONS and not arg.startswith(("-F", "-v")):
                ok = False
            if arg in AWK_VALUE_OPTIONS:
                ctx.not_paths.add(k + 1)
                k += 1
            k += 1
            continue
        if program is None:
            program = arg
            ctx.not_paths.add(k)
        k += 1
    if program is None:
        return False
    for target in AWK_GETLINE_FILE.findall(program):
        literal = re.fullmatch(r'"((?:[^"\\]|\\.)*)"', target)
        ok = script_reads(literal.group(1) if literal else target, f"{cmd.program} getline < {target}", ctx,
                           dynamic=literal is None) and ok
    if re.search(r"\bARGV\s*\[[^]]*\]\s*=[^=]", program):
        ctx.found.add("shell.reads_outside", f"{cmd.program} sets ARGV (the files it reads, named at run time)")
        ok = False
    stripped = re.sub(r'"(?:[^"\\]|\\.)*"', '""', program)
    stripped = re.sub(r"(^|[\s(,~!{;&|])/(?:[^/\\\n]|\\.)+/", r"\1//", stripped)
    stripped = _without_parentheses(stripped)  # `print ($1 > "b")` compares; only a `>` outside them redirects
    if AWK_DANGER.search(stripped) and "--sandbox" not in args and "-S" not in args:
        ctx.found.add("shell.inline_code", f"{cmd.program} program runs commands or writes files: {program.strip()!r}")
        return False
    return ok


def _without_parentheses(program: str) -> str:
    """`program` with what parentheses enclose left out (innermost first): inside them `>` is a
    comparison, and `|` there is still a pipe only in `(cmd | getline)`, which the `|` rule
    sees before this (so it keeps `|getline` groups)."""
    previous = None
    while previous != program:
        previous = program
        program = re.sub(r"\(([^()|]*)\)", "()", program)
    return program
