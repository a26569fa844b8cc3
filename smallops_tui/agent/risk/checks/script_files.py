"""The files a sed or awk script reads (`r FILE`, `getline < FILE`), and a script read from the
command's own input (`sed -f /dev/stdin`, `awk -f /dev/fd/3 3<<EOF`)."""

from __future__ import annotations

from ..command_risk import contains_path, looks_outside
from ..command_tables import DESCRIPTOR_FILE, PROC_SECRETS, STDIN_FILES
from ..judging import Context
from ..shell import SimpleCommand


def script_from_input(path: str, cmd: SimpleCommand, ctx: Context) -> None:
    """`sed -f /dev/stdin`, `awk -f /dev/fd/3 3<<EOF`: the script is whatever the input holds."""
    if path in STDIN_FILES or DESCRIPTOR_FILE.fullmatch(path):
        ctx.found.add("shell.fed_interpreter", f"{cmd.program} reads its script from {path}")
        ctx.not_paths.update(k for k, a in enumerate(cmd.args) if a == path)


def script_reads(path: str, what: str, ctx: Context, dynamic: bool = False) -> bool:
    """A file a sed or awk script reads: judged like a read operand. True when it stays inside."""
    if PROC_SECRETS.search(path):
        ctx.found.add("shell.reads_secrets", what)
    elif dynamic or "$" in path or looks_outside(path, ctx) or not contains_path(path, ctx):
        ctx.found.add("shell.reads_outside", what + (" (a file named at run time)" if dynamic else ""))
    else:
        return True
    return False
