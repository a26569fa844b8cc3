"""Commands that act on other processes.

A command may not reach a process outside its own tree: `prlimit --pid` set the app's CPU limit
and killed it, `strace -p` and `gdb -p` read another process's memory and system calls,
`renice`, `chrt -p`, `taskset -p` and `ionice -p` change how another runs (`shell.other_process`).
(A command that multiplies its own without end, a fork bomb, is a fact of the line: classify.py.)
"""

from __future__ import annotations

import re

from .command_risk import matches_long, operands_of, short_cluster
from .judging import Context
from .shell import SimpleCommand

# Options that name another process (by pid, group, user or name), per program; shell.py hands a
# wrapper given one on as a command of its own (`strace -p 1` has no command to wrap).
PROCESS_OPTIONS: dict[str, tuple[str, ...]] = {
    "strace": ("-p", "--attach"), "ltrace": ("-p",), "prlimit": ("-p", "--pid"), "chrt": ("-p", "--pid"),
    "taskset": ("-p", "--pid"), "ionice": ("-p", "--pid", "-P", "--pgid", "-u", "--uid"),
    "gdb": ("-p", "--pid", "-pid"), "lldb": ("-p", "--attach-pid", "-n", "--attach-name", "-w", "--wait-for"),
    "perf": ("-p", "--pid", "-a", "--all-cpus", "-t", "--tid", "-u", "--uid"),
    "py-spy": ("-p", "--pid"), "bpftrace": ("-p",), "eu-stack": ("-p", "--pid"), "cpulimit": ("-p", "--pid", "-e",
                                                                                                "--exe"),
    "gdbserver": ("--attach",), "renice": (), "reptyr": (), "gcore": (), "pstack": (), "peekfd": (),
    "jcmd": (), "jstack": (), "jmap": (), "jinfo": (), "jhsdb": (), "rbspy": ("-p", "--pid"), "memray": ("attach",),
}
# Programs whose numeric operand is another process (`renice 5 1234`, `gcore 1234`, `gdb prog 1234`).
PID_OPERANDS = frozenset({"renice", "reptyr", "gcore", "pstack", "peekfd", "jcmd", "jstack", "jmap", "jinfo", "gdb"})
ALWAYS_OTHER = frozenset({"renice", "reptyr", "peekfd"})  # they act on another process, whatever their words


def judge_other_process(cmd: SimpleCommand, ctx: Context) -> None:
    program = cmd.program
    options = PROCESS_OPTIONS.get(program)
    if options is None:
        return
    args = cmd.args
    hit = ""
    for k, arg in enumerate(args):
        if any(arg == o or (o.startswith("--") and matches_long(arg, o)) or
               (len(o) == 2 and (arg.startswith(o) and not arg.startswith("--") or o[1] in short_cluster(arg)))
               for o in options if o.startswith("-")):
            hit = f"{arg} {args[k + 1] if k + 1 < len(args) and '=' not in arg else ''}".strip()
            break
    if not hit and program == "memray" and args[:1] == ["attach"]:
        hit = "attach"
    if not hit and program in PID_OPERANDS:
        numbers = [a for a in operands_of(cmd) if re.fullmatch(r"[+-]?\d+", a)]
        if program == "gdb":
            numbers = [a for a in operands_of(cmd)[1:2] if a.isdigit()]  # gdb PROGRAM PID
        if numbers:
            hit = numbers[-1]
    if hit or program in ALWAYS_OTHER:
        ctx.found.add("shell.other_process", f"{program} {hit or ' '.join(args)}".strip()[:80])


JUDGES = {name: judge_other_process for name in PROCESS_OPTIONS}
