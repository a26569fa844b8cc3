"""sed: read-only when every script it runs (`-e`, `--expression`, or the first operand) only
prints or edits its output stream: no `e`, `w`, `W`, no `s///e` or `s///w`, and `r`/`R` read only
files inside the workspace. A script from a file (`-f`) is not read, so not read-only.

`sed -i` edits its files in place: of files here, with a script that is read and keeps the
lines it does not change, it is an edit like any other (MEDIUM, `shell.edits_in_place`: undo
and the net diff show it). It stays HIGH when the script is not read (`-f`), runs or writes
(`e`, `w`), or drops what it does not print (`-n`, `#n`, `q`, an unaddressed `d`/`c`/`z`), and
for a file outside, in .git, that runs later, or named at run time. GNU sed takes the rest of an
`-i` cluster as the backup suffix (`-ie` keeps `FILEe`), and a suffix with `/` or `*` names a
path: the backup is judged as a file written.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field

from ..command_risk import expand_glob, looks_outside, modified_target, write_target
from ..command_tables import SED_OPTIONS, SED_SAFE_COMMANDS, SED_SAFE_S_FLAGS, SED_VALUE_OPTIONS
from ..expansions import GLOB
from ..judging import Context
from ..shell import SimpleCommand
from ..shell_wrappers import REPLACEMENT
from .script_files import script_from_input, script_reads

# Wrappers that add words read from their input: the files they name are known only at run time.
RUN_TIME_ARGUMENTS = frozenset({"xargs", "parallel"})


def check_sed(cmd: SimpleCommand, ctx: Context) -> bool:
    reading = _read_arguments(cmd, ctx)
    scripts, operands = reading.scripts, reading.operands
    if not scripts and operands:
        scripts.append(operands.pop(0))
    scripts_ok = _scripts_ok(scripts, ctx)
    if reading.suffix is not None:
        _in_place(cmd, reading, scripts_ok and reading.ok and bool(scripts), ctx)
        return False
    return scripts_ok and reading.ok and bool(scripts)


@dataclass
class _Reading:
    """sed's words read: its scripts, its file operands, whether every option is known and no
    script comes from a file, the -i backup suffix (None: not in place), and -n."""

    scripts: list[str] = field(default_factory=list)
    operands: list[str] = field(default_factory=list)
    operand_indexes: list[int] = field(default_factory=list)
    ok: bool = True
    suffix: str | None = None
    quiet: bool = False


def _in_place(cmd: SimpleCommand, reading: _Reading, understood: bool, ctx: Context) -> None:
    """`sed -i`: MEDIUM for files here edited by a script that keeps what it does not change."""
    wipes = reading.quiet or any(_sed_wipes(script) for script in reading.scripts)
    if not understood or wipes:
        why = "its script drops the lines it does not print" if wipes and understood else "its script is not read"
        ctx.found.add("shell.in_place_edit", f"{cmd.text[:80]}: {why}")
        return
    if RUN_TIME_ARGUMENTS & set(cmd.via):
        ctx.found.add("shell.dynamic_target", f"{cmd.program} -i edits the files named on its input")
    for k, target in zip(reading.operand_indexes, reading.operands, strict=True):
        if target == REPLACEMENT:  # find -exec sed -i ... {}: whatever find finds, .git/config too
            ctx.found.add("shell.dynamic_target", f"{cmd.program} -i edits what find names")
            continue
        glob = k in cmd.dynamic_args and "$" not in target and GLOB.search(target)
        if glob and looks_outside(target, ctx, dynamic=True):
            ctx.found.add("shell.outside_path", target)
            continue
        # A glob edits what it matches here (`.*` matches .bashrc): each match is judged.
        names = expand_glob(target, ctx) if glob else [target]
        if all([modified_target(name, ctx, dynamic=k in cmd.dynamic_args and not glob) for name in names]):
            ctx.found.add("shell.edits_in_place", target)
        for name in names if reading.suffix else ():
            write_target(_backup(name, reading.suffix or ""), ctx, "shell.output_overwrite")


def _backup(target: str, suffix: str) -> str:
    """Where GNU sed keeps the original: FILE+SUFFIX, or SUFFIX with each `*` the file's name
    (in the file's directory unless SUFFIX has a `/`)."""
    if "*" not in suffix:
        return target + suffix
    backup = suffix.replace("*", posixpath.basename(target))
    return backup if "/" in suffix else posixpath.join(posixpath.dirname(target), backup)


def _read_arguments(cmd: SimpleCommand, ctx: Context) -> _Reading:
    """The scripts (-e, --expression), the operands, the options that matter, and whether every
    option is known and no script comes from a file."""
    reading = _Reading()
    scripts, operands = reading.scripts, reading.operands
    args = cmd.args
    k = 0
    while k < len(args):
        arg = args[k]
        following = args[k + 1] if k + 1 < len(args) else ""
        k += 1
        if arg == "--":
            reading.operand_indexes += range(k, len(args))
            operands.extend(args[k:])
            break
        if arg.startswith("--in-place") and (arg == "--in-place" or arg.startswith("--in-place=")):
            reading.suffix = arg.split("=", 1)[1] if "=" in arg else ""
        elif arg in ("-n", "--quiet", "--silent"):
            reading.quiet = True
        elif arg in ("-e", "--expression"):
            scripts.append(following)
            ctx.not_paths.add(k)
            k += 1
        elif arg.startswith("--expression="):
            scripts.append(arg.split("=", 1)[1])
        elif arg in ("-f", "--file") or arg.startswith("--file="):
            reading.ok = False  # the script is in a file the rules do not read
            script_from_input(arg.split("=", 1)[1] if "=" in arg else following, cmd, ctx)
            k += 1 if "=" not in arg else 0
        elif arg.startswith("--"):
            reading.ok = reading.ok and arg.split("=", 1)[0] in SED_OPTIONS
            k += 1 if arg in SED_VALUE_OPTIONS else 0
        elif arg.startswith("-") and arg != "-":
            taken, known = _cluster(arg, following, k, reading, cmd, ctx)
            k += taken
            reading.ok = reading.ok and known
        else:
            operands.append(arg)
            reading.operand_indexes.append(k - 1)
            if not scripts and len(operands) == 1:
                ctx.not_paths.add(k - 1)
    if not scripts and operands:  # the first operand is the script
        reading.operand_indexes = reading.operand_indexes[1:]
    return reading


def _cluster(arg: str, following: str, k: int, reading: _Reading, cmd: SimpleCommand,
             ctx: Context) -> tuple[int, bool]:
    """A cluster of short options: flags up to an e (the rest, or the next word, is a script), an
    f (a file) or an i (the rest is the backup suffix: `-ie` keeps `FILEe`). Returns the words it
    took beyond itself, and whether every flag is known."""
    known = True
    scripts = reading.scripts
    for n, letter in enumerate(arg[1:], start=1):
        if letter == "i":
            reading.suffix = arg[n + 1 :]
            return 0, known
        if letter == "n":
            reading.quiet = True
        if letter == "l":  # -l N: the line length, the rest of the cluster or the next word
            return (0 if arg[n + 1 :] else 1), known
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
        effect, reads, _ = _sed_scan(script)
        if effect in ("exec", "write"):
            ctx.found.add("shell.script_writes", f"sed {script!r}")
            return False
        if effect == "unparsed":
            ok = False
        for path in reads:
            ok = script_reads(path, f"sed r {path}", ctx) and ok
    return ok


def _sed_wipes(script: str) -> bool:
    """Whether the script drops lines it does not say which: `#n` (print nothing unasked), `q`
    or `Q` before the last line, or `d`, `D`, `c`, `z` on every line."""
    return script.startswith("#n\n") or script == "#n" or _sed_scan(script)[2]


def sed_script_effect(script: str) -> str:
    """"exec" (e command or s///e), "write" (w, W, s///w), "unparsed", or "reads"."""
    return _sed_scan(script)[0]


def _sed_scan(script: str) -> tuple[str, list[str], bool]:
    """sed_script_effect's answer, the files the script's r and R commands read, and whether it
    wipes (see _sed_wipes)."""
    reads: list[str] = []
    wipes = False
    blocks: list[bool] = []  # for each open `{`: whether its commands are addressed (`/x/{n;d}`)
    i, n = 0, len(script)
    while i < n:
        while i < n and script[i] in " \t\n;":
            i += 1
        if i >= n:
            break
        start = i
        i = _skip_sed_address(script, i)
        address = script[start:i].strip()
        while i < n and script[i] in " \t!":
            i += 1
        if i >= n:
            return "unparsed", reads, wipes
        c = script[i]
        if c in "ewW":
            return ("exec" if c == "e" else "write"), reads, wipes
        addressed = bool(address) or (bool(blocks) and blocks[-1])
        wipes = wipes or (c in "dDcz" and not addressed) or (c in "qQ" and address != "$")
        if c == "{":
            blocks.append(addressed)
        elif c == "}" and blocks:
            blocks.pop()
        if c in "sy":
            effect, i = _substitution(script, i)
            if effect:
                return effect, reads, wipes
            continue
        if c != "#" and c not in SED_SAFE_COMMANDS:
            return "unparsed", reads, wipes
        i = _skip_command(script, i, reads)
    return "reads", reads, wipes


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
