"""sed: read-only when every script it runs (`-e`, `--expression`, or the first operand) only
prints or edits its output stream: no `e`, `w`, `W`, no `s///e` or `s///w`, and `r`/`R` read only
files inside the workspace. A script from a file (`-f`) is not read, so not read-only.
"""

from __future__ import annotations

import re

from ..command_tables import SED_OPTIONS, SED_SAFE_COMMANDS, SED_SAFE_S_FLAGS, SED_VALUE_OPTIONS
from ..paths import Context, script_from_input, script_reads
from ..shell import SimpleCommand


def check_sed(cmd: SimpleCommand, ctx: Context) -> bool:
    scripts, operands, ok = _read_arguments(cmd, ctx)
    if not scripts and operands:
        scripts.append(operands.pop(0))
    return _scripts_ok(scripts, ctx) and ok and bool(scripts)


def _read_arguments(cmd: SimpleCommand, ctx: Context) -> tuple[list[str], list[str], bool]:
    """The scripts (-e, --expression), the operands, and whether every option is known and no
    script comes from a file."""
    scripts: list[str] = []
    operands: list[str] = []
    ok = True
    args = cmd.args
    k = 0
    while k < len(args):
        arg = args[k]
        following = args[k + 1] if k + 1 < len(args) else ""
        k += 1
        if arg in ("-e", "--expression"):
            scripts.append(following)
            ctx.not_paths.add(k)
            k += 1
        elif arg.startswith("--expression="):
            scripts.append(arg.split("=", 1)[1])
        elif arg in ("-f", "--file") or arg.startswith("--file="):
            ok = False  # the script is in a file the rules do not read
            script_from_input(arg.split("=", 1)[1] if "=" in arg else following, cmd, ctx)
            k += 1 if "=" not in arg else 0
        elif arg.startswith("--"):
            ok = ok and arg.split("=", 1)[0] in SED_OPTIONS
            k += 1 if arg in SED_VALUE_OPTIONS else 0
        elif arg.startswith("-") and arg != "-":
            taken, known = _cluster(arg, following, k, scripts, cmd, ctx)
            k += taken
            ok = ok and known
        else:
            operands.append(arg)
            if not scripts and len(operands) == 1:
                ctx.not_paths.add(k - 1)
    return scripts, operands, ok


def _cluster(arg: str, following: str, k: int, scripts: list[str], cmd: SimpleCommand,
             ctx: Context) -> tuple[int, bool]:
    """A cluster of short options: flags up to an e (the rest, or the next word, is a script) or
    an f (a file). Returns the words it took beyond itself, and whether every flag is known."""
    known = True
    for n, letter in enumerate(arg[1:], start=1):
        if letter in "ef":
            value = arg[n + 1 :] or following
            taken = 0 if arg[n + 1 :] else 1
            if letter == "e":
                scripts.append(value)
                ctx.not_paths.add(k + taken - 1)
                return taken, known
            script_from_input(value, cmd, ctx)
            return taken, False
        if f"-{letter}" not in SED_OPTIONS:
            known = False
    return 0, known


def _scripts_ok(scripts: list[str], ctx: Context) -> bool:
    """No script runs a command or writes a file; each is understood; what it reads is inside."""
    ok = True
    for script in scripts:
        effect, reads = _sed_scan(script)
        if effect in ("exec", "write"):
            ctx.found.add("shell.script_writes", f"sed {script!r}")
            return False
        if effect == "unparsed":
            ok = False
        for path in reads:
            ok = script_reads(path, f"sed r {path}", ctx) and ok
    return ok


def sed_script_effect(script: str) -> str:
    """"exec" (e command or s///e), "write" (w, W, s///w), "unparsed", or "reads"."""
    return _sed_scan(script)[0]


def _sed_scan(script: str) -> tuple[str, list[str]]:
    """sed_script_effect's answer, and the files the script's r and R commands read."""
    reads: list[str] = []
    i, n = 0, len(script)
    while i < n:
        while i < n and script[i] in " \t\n;":
            i += 1
        if i >= n:
            break
        i = _skip_sed_address(script, i)
        while i < n and script[i] in " \t!":
            i += 1
        if i >= n:
            return "unparsed", reads
        c = script[i]
        if c in "ewW":
            return ("exec" if c == "e" else "write"), reads
        if c in "sy":
            effect, i = _substitution(script, i)
            if effect:
                return effect, reads
            continue
        if c != "#" and c not in SED_SAFE_COMMANDS:
            return "unparsed", reads
        i = _skip_command(script, i, reads)
    return "reads", reads


def _substitution(script: str, i: int) -> tuple[str, int]:
    """An `s` or `y` command at i: its effect ("exec", "write", "unparsed", or "" when it only
    edits) and where the next command starts."""
    n, c = len(script), script[i]
    delim = script[i + 1] if i + 1 < n else ""
    if not delim or delim in "\\\n":
        return "unparsed", n
    j = i + 2
    for _ in range(2):
        while j < n and script[j] != delim:
            j += 2 if script[j] == "\\" else 1
        j += 1
    if j > n:
        return "unparsed", n
    flags = ""
    while j < n and script[j] not in ";\n}":
        flags += script[j]
        j += 1
    for flag in flags if c == "s" else "":
        if flag in "wW":  # the rest of the line is the file it writes
            return "write", j
        if flag == "e":
            return "exec", j
        if flag not in SED_SAFE_S_FLAGS and not flag.isspace():
            return "unparsed", j
    return "", j


def _skip_command(script: str, i: int, reads: list[str]) -> int:
    """Past a safe command at i (a comment, or one taking text or a label to the end of its line);
    the file an r or R command reads is added to `reads`."""
    n, c = len(script), script[i]
    if c == "#":
        end = script.find("\n", i)
        return n if end < 0 else end
    if c in "aicrR:btTv":
        found = re.search(r"\n|;" if c in ":btTv" else r"\n", script[i:])
        if c in "rR":  # the rest of the line is the file it reads
            reads.append(script[i + 1 : n if found is None else i + found.start()].strip())
        return n if found is None else i + found.end()
    return i + 1


def _skip_sed_address(script: str, i: int) -> int:
    n = len(script)
    for _ in range(2):
        m = re.match(r"\d+(~\d+)?|\$|\+\d+|~\d+", script[i:])
        if m:
            i += m.end()
        elif i < n and (script[i] == "/" or (script[i] == "\\" and i + 1 < n)):
            delim = script[i] if script[i] == "/" else script[i + 1]
            j = i + (1 if script[i] == "/" else 2)
            while j < n and script[j] != delim:
                j += 2 if script[j] == "\\" else 1
            i = j + 1
            while i < n and script[i] in "IM":
                i += 1
        if i < n and script[i] == ",":
            i += 1
            continue
        break
    return i
