"""The checker of a `READ_ONLY` table entry: its options only among those listed (none denied),
and its operands as the entry says (paths, text, none, at most so many). A path computed at run
time cannot be judged, so it is said to read outside."""

from __future__ import annotations

import re

from ..command_tables import ReadOnly
from ..options import is_option
from ..paths import Context
from ..shell import SimpleCommand


def check_read_only(cmd: SimpleCommand, spec: ReadOnly, ctx: Context) -> bool:
    """Whether `cmd` stays within `spec`."""
    ok = True
    operands = 0
    skip = False
    for k, arg in enumerate(cmd.args):
        if skip:
            skip = False
            continue
        if any(is_option(arg, d, attached=True) for d in spec.deny):
            return False
        if arg.startswith("-") and arg != "-" and (spec.operands != "text" or spec.options is not None):
            if spec.options is not None and arg.split("=", 1)[0] not in spec.options:
                ok = False
            skip = arg in spec.value_options
            continue
        if spec.options is not None and arg.startswith("+") and "+" in spec.options:
            continue
        operands += 1
        if spec.operands == "none":
            ok = False
        if spec.operands == "paths" and k in cmd.dynamic_args and re.match(r"[$`~/]", arg):
            ctx.found.add("shell.reads_outside", f"{arg} (a path computed at run time)")
    if spec.max_operands is not None and operands > spec.max_operands:
        ok = False
    return ok
