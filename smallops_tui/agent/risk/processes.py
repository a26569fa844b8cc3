"""Commands that act on other processes, and commands that multiply their own without end.

A command may not reach a process outside its own tree: `prlimit --pid` set the app's CPU limit
and killed it, `strace -p` and `gdb -p` read another process's memory and system calls,
`renice`, `chrt -p`, `taskset -p` and `ionice -p` change how another runs (`shell.other_process`).
A shell function that calls itself, in the background or in a pipe, is a fork bomb whatever it is
named (`f(){ f|f& };f`, `function g { g & g; }; g`), and so is a loop without end that starts
processes in the background (`shell.fork_bomb`).
"""

from __future__ import annotations

import re

from .options import matches_long, operands_of, option_value, short_cluster
from .paths import Context
from .shell import SimpleCommand, analyze

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


def pid_option_given(program: str, words: list[str]) -> bool:
    """Whether a wrapper's own words (before the command it runs) name another process."""
    options = [o for o in PROCESS_OPTIONS.get(program, ()) if o.startswith("-")]
    return any(w == o or (o.startswith("--") and matches_long(w, o)) or (len(o) == 2 and o[1] in short_cluster(w))
               or option_value([w], 0, o) is not None for w in words for o in options)


# -- fork bombs -------------------------------------------------------------------------------------

# `name () {`, `name(){`, `function name {`, `function name () (`: a function definition's head.
_DEFINITION = re.compile(r"(?:^|(?<=[\s;&|(){}]))(?:function\s+([^\s(){};&|<>'\"`$]+)\s*(?:\(\s*\))?|"
                         r"([^\s(){};&|<>'\"`$]+)\s*\(\s*\))\s*([{(])")
_ENDLESS_LOOP = re.compile(r"\b(?:while\s+(?:true|:|\[\s*1\s*\]|\(\(\s*1\s*\)\))|until\s+false|"
                           r"for\s*\(\(\s*;\s*;\s*\)\))\s*;?\s*do\b(.*?)\bdone\b", re.DOTALL)
_BACKGROUND = re.compile(r"(?<![&>|])&(?![&>])")


def fork_bombs(command: str) -> list[str]:
    """The fork bombs in a command line, in words: functions that call themselves, and endless
    loops that start processes in the background."""
    found = []
    for m in _DEFINITION.finditer(command):
        name = m.group(1) or m.group(2)
        body = _body(command, m.end() - 1)
        if body is not None and any(c.argv[:1] == [name] for c in analyze(body).commands):
            found.append(f"{name} calls itself: every call starts more")
        elif body is None and len(re.findall(rf"(?<![\w.-]){re.escape(name)}(?![\w.-])", command)) > 2:
            found.append(f"{name} may call itself (its body could not be read)")
    for m in _ENDLESS_LOOP.finditer(command):
        if _BACKGROUND.search(m.group(1)):
            found.append("an endless loop starts processes in the background")
    return found


def _body(text: str, start: int) -> str | None:
    """The text between the brace (or parenthesis) at `start` and the one that closes it."""
    opening = text[start]
    closing = "}" if opening == "{" else ")"
    depth, k, quote = 0, start, ""
    while k < len(text):
        ch = text[k]
        if quote:
            if ch == quote:
                quote = ""
            elif ch == "\\" and quote == '"':
                k += 1
        elif ch in "'\"":
            quote = ch
        elif ch == "\\":
            k += 1
        elif ch == opening:
            depth += 1
        elif ch == closing:
            depth -= 1
            if depth == 0:
                return text[start + 1 : k]
        k += 1
    return None


JUDGES = {name: judge_other_process for name in PROCESS_OPTIONS}
