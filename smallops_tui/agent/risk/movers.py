"""The files programs write by their words: `mv`, `cp`, `ln`, `install`, `rsync` onto a
target (outside the workspace, computed at run time, a file that runs code later, one that is
there: replaced; `mv` of a whole tree), `tee`'s files (overwritten unless -a), the output
operand of `sponge FILE` and `uniq IN OUT`, and the files `touch`, `chmod`, `gzip`, ... change
in place. (Files named by output options are command_risk.py's, judged just before.)
"""

from __future__ import annotations

import os

from ..files.workspace import PathEscape
from .command_risk import (
    base_program, contains_path, exists_in, expand_glob, from_cwd, looks_outside, modified_target, operands_of,
    short_cluster, special_target, write_target,
)
from .command_tables import HARMLESS_TARGETS, MODIFIES_OPERANDS, MOVERS, READ_ONLY, SECOND_OPERAND_OUTPUT
from .judging import Context
from .shell import SimpleCommand


def judge_mover(cmd: SimpleCommand, ctx: Context) -> None:
    """The target of mv, cp, ln, install, rsync: outside, computed, a file that runs later, or one
    that exists (into a directory: a name that exists there) is replaced."""
    operands = operands_of(cmd)
    target = None
    for k, arg in enumerate(cmd.args):
        if arg in ("-t", "--target-directory") and k + 1 < len(cmd.args):
            target = cmd.args[k + 1]
        elif arg.startswith("--target-directory="):
            target = arg.split("=", 1)[1]
    if target is None and len(operands) >= 2:
        target = operands[-1]
    if target is None:
        return
    sources = [o for o in operands if o != target]
    if cmd.program == "mv" and any(is_tree(source, ctx) for source in sources):
        ctx.found.add("shell.move_tree", " ".join(sources))
    if target in HARMLESS_TARGETS or looks_outside(target, ctx) or not contains_path(target, ctx) \
            or (ctx.left_workspace and not target.startswith("/")):
        ctx.found.add("shell.outside_path", target)
        return
    if "$" in target or "`" in target:
        ctx.found.add("shell.dynamic_target", target)
        return
    if special_target(target, ctx, sources):
        return
    if cmd.program == "ln" and not any(a in ("-f", "--force") or "f" in short_cluster(a) for a in cmd.args):
        return  # ln without -f refuses to replace
    if exists_in(target, ctx):
        resolved = ctx.workspace.resolve(from_cwd(target, ctx))
        if resolved.is_dir():
            # Into a directory: only what would land on an existing name is replaced.
            names = [os.path.basename(p.rstrip("/")) for s in sources for p in expand_glob(s, ctx)]
            clobbered = [n for n in names if n and (resolved / n).exists()]
            if clobbered:
                ctx.found.add("shell.copy_onto_existing", f"{target}/{clobbered[0]}")
        else:
            ctx.found.add("shell.copy_onto_existing", target)


def is_tree(path: str, ctx: Context) -> bool:
    try:
        return path in (".", "./", "*") or ctx.workspace.resolve(from_cwd(path, ctx)).is_dir()
    except PathEscape:
        return True


def judge_tee(cmd: SimpleCommand, ctx: Context) -> None:
    appends = any(a in ("-a", "--append") for a in cmd.args)
    for target in (a for a in cmd.args if not a.startswith("-")):
        write_target(target, ctx, "shell.tee_overwrite" if not appends else "", appends=appends)


def judge_output_operands(cmd: SimpleCommand, ctx: Context) -> None:
    """sponge FILE (soaks up its input, then writes), uniq and xxd IN OUT, and the operands touch,
    chmod, gzip, ... change in place."""
    program = base_program(cmd.program)
    operands = operands_of(cmd, READ_ONLY[program].value_options if program in READ_ONLY else frozenset())
    if program == "sponge" and operands and operands[0] not in HARMLESS_TARGETS:
        appends = any(a == "-a" for a in cmd.args)
        write_target(operands[0], ctx, "" if appends else "shell.output_overwrite", appends=appends)
    if program in SECOND_OPERAND_OUTPUT and len(operands) >= 2 and operands[1] not in HARMLESS_TARGETS:
        write_target(operands[1], ctx, "shell.output_overwrite", reads=(operands[0],))
    if program in MODIFIES_OPERANDS:
        for target in operands[MODIFIES_OPERANDS[program]:]:
            modified_target(target, ctx)


# The writers judged after a command's output options, by program, in this order.
OPERAND_WRITERS = {name: judge_output_operands for name in {"sponge", *SECOND_OPERAND_OUTPUT, *MODIFIES_OPERANDS}}
JUDGES = {**{name: judge_mover for name in MOVERS}, "tee": judge_tee}
