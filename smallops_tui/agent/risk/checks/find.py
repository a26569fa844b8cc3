"""find: read-only when every predicate is one that only tests or prints; `-exec` and friends
run a command, which shell.py has already handed on to be judged on its own.
"""

from __future__ import annotations

from ..command_tables import FIND_READ_ONLY, FIND_VALUE_PREDICATES
from ..judging import Context
from ..shell import SimpleCommand


def check_find(cmd: SimpleCommand, ctx: Context) -> bool:
    args = cmd.args
    ok = True
    k = 0
    while k < len(args):
        arg = args[k]
        if arg in ("-exec", "-execdir", "-ok", "-okdir"):
            while k < len(args) and args[k] not in (";", "+", "\\;"):
                k += 1  # the command it runs is judged on its own
            k += 1
            continue
        if arg.startswith("-newer"):
            k += 2
            continue
        if arg.startswith("-") or arg in ("(", ")", "!", ","):
            if arg not in FIND_READ_ONLY:
                ok = False
            if arg in FIND_VALUE_PREDICATES:
                ctx.not_paths.add(k + 1)
                k += 1
            k += 1
            continue
        k += 1
    return ok
