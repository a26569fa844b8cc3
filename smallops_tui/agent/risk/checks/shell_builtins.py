"""The shell's own commands: those that change how later commands run, and what echo and printf print.

`cd` (relative paths are judged from where it went), variables that decide which code runs (PATH,
LD_PRELOAD, ... set by `export`, `read`, `printf -v`, `unset`; an assignment before any command is
command_risk.py's), `command -v`, and `ps` (whose `e` prints every process's environment) are
checked here. And what a command prints, where the line itself says (`printed`: echo, printf, and
cat or tee fed a here-document, a here-string or such a command's output), for the line judge,
which reads a file the line writes and then runs (classify.py). That never runs anything.

dash and bash disagree: dash's echo decodes backslash escapes (`echo 'rm\\040-rf src'` prints
`rm -rf src`) where bash's echo needs -e; bash's printf decodes `\\xHH`, dash's does not. So each
text comes as the readings of both shells (a tuple of candidates); None means the line does not
say what is printed (a variable, a file, another program's output).
"""

from __future__ import annotations

import re

from ..command_risk import check_read_only, classify_assignment, from_cwd, is_inside, short_cluster
from ..command_tables import PS_VALUE_OPTIONS, READ_ONLY
from ..judging import Context
from ..shell import SimpleCommand
from ..shell_lexer import Redirect
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


# -- what echo and printf print ------------------------------------------------------------------

Texts = tuple[str, ...] | None  # the candidate texts, one per shell's reading; None: unknown
MAX_CANDIDATES = 8  # readings kept per file; past that the text counts as unknown
_ESCAPES = {"a": "\a", "b": "\b", "e": "\x1b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\"}
_BASH_ESCAPES = {**_ESCAPES, "E": "\x1b"}  # bash's; its printf's format also "\"", "\'", "\?"
_CONVERSION = re.compile(r"%([-+ #0]*)(\d*|\*)(?:\.(\d*|\*))?([a-zA-Z%])")


def printed(cmd: SimpleCommand) -> Texts:
    """What `cmd` writes to its standard output, as dash and bash would read it."""
    if cmd.dynamic or cmd.disguise or cmd.dynamic_args or not cmd.argv:
        return None
    program = cmd.program
    if program == "echo":
        return _texts(_bash_echo(cmd.args), _dash_echo(cmd.args))
    if program == "printf":
        args = cmd.args
        if args[:1] == ["--"]:
            args = args[1:]
        elif args[:1] and args[0].startswith("-") and args[0] != "-":
            return ("",)  # -v NAME assigns; any other option is one printf does not have: nothing printed
        if not args:
            return None
        return _texts(_printf(args[0], args[1:], bash=True), _printf(args[0], args[1:], bash=False))
    if program in (":", "true", "false"):
        return ("",)
    if program == "tee" or (program == "cat" and all(a == "-" for a in cmd.args)):
        return fed_text(cmd)  # tee prints what it reads, as cat with no file does
    return None


def fed_text(cmd: SimpleCommand) -> Texts:
    """What `cmd` reads on its standard input, where the line says: a here-document or here-string
    (the last one wins, as in the shell), or the output of the command piped into it."""
    for redirect in reversed(cmd.redirects):
        if redirect.fd in ("", "0") and redirect.op in ("<<", "<<-", "<<<"):
            return heredoc_text(redirect)
        if redirect.fd in ("", "0") and redirect.op in ("<", "<>"):
            return None
    if cmd.piped_from is not None:
        return printed(cmd.piped_from)
    return None


def heredoc_text(redirect: Redirect) -> Texts:
    """The text of a here-document (tabs stripped for `<<-`; an unquoted one's `\\$`, `` \\` ``,
    `\\\\` and line continuations decoded) or here-string; None when it expands something."""
    if redirect.dynamic:
        return None
    if redirect.op == "<<<":
        return (redirect.body + "\n",)
    body = redirect.body
    if redirect.op == "<<-":
        body = "".join(line.lstrip("\t") for line in body.splitlines(keepends=True))
    if not redirect.literal:  # an unquoted delimiter: no expansions (else dynamic), escapes still decoded
        body = re.sub(r"\\\n", "", body)
        body = re.sub(r"\\([$`\\])", r"\1", body)
    return (body,)


def joined(before: Texts, after: Texts) -> Texts:
    """The candidates of a file appended to (`>>`): each reading of before, then of after."""
    if before is None or after is None:
        return None
    texts = tuple(dict.fromkeys(b + a for b in before for a in after))
    return texts if len(texts) <= MAX_CANDIDATES else None


def _texts(*texts: str | None) -> Texts:
    if any(t is None for t in texts):
        return None
    return tuple(dict.fromkeys(t for t in texts if t is not None))


# Octal escapes: echo -e wants `\\0NNN`; dash's echo and %b also take `\\NNN`; a format `\\NNN` only.
_ZERO_OCTAL, _ANY_OCTAL, _FORMAT_OCTAL = re.compile(r"0([0-7]{0,3})"), re.compile(r"0?([0-7]{1,3})"), \
    re.compile(r"([0-7]{1,3})")
_HEX_OR_UNICODE = re.compile(r"x([0-9A-Fa-f]{1,2})|u([0-9A-Fa-f]{1,4})|U([0-9A-Fa-f]{1,8})")


def _bash_echo(args: list[str]) -> str:
    """bash's builtin (and coreutils') echo: -n, -e, -E in leading option words."""
    newline, escapes = True, False
    while args and re.fullmatch(r"-[neE]+", args[0]):
        newline = newline and "n" not in args[0]
        escapes = ("e" in args[0] and args[0].rfind("e") > args[0].rfind("E")) or (escapes and "E" not in args[0])
        args = args[1:]
    text = " ".join(args)
    if escapes:
        text, stopped = _decode(text, _ZERO_OCTAL, bash=True)
        newline = newline and not stopped
    return text + ("\n" if newline else "")


def _dash_echo(args: list[str]) -> str:
    """dash's echo: only -n is an option, and the escapes are always decoded (`\\101`, `\\0101`)."""
    newline = True
    if args[:1] == ["-n"]:
        newline, args = False, args[1:]
    text, stopped = _decode(" ".join(args), _ANY_OCTAL, bash=False)
    return text + ("\n" if newline and not stopped else "")


def _decode(text: str, octal: re.Pattern[str], bash: bool, format_string: bool = False) -> tuple[str, bool]:
    """Backslash escapes decoded as echo, %b or (`format_string`) a printf format does, in bash
    (also `\\xHH`, `\\uHHHH`, `\\e`) or dash; and whether a `\\c` stopped the output there. An
    escape the shell does not know keeps its backslash."""
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch != "\\" or i + 1 >= len(text):
            out.append(ch)
            i += 1
            continue
        nxt = text[i + 1]
        number = octal.match(text, i + 1)
        wide = _HEX_OR_UNICODE.match(text, i + 1) if bash else None
        if nxt == "c" and not format_string:
            return "".join(out), True
        if number:
            out.append(chr(int(number.group(1) or "0", 8) & 0xFF))
            i = number.end()
        elif wide:
            out.append(chr(min(int(next(g for g in wide.groups() if g), 16), 0x10FFFF)))
            i = wide.end()
        elif nxt in _ESCAPES or (bash and (nxt in _BASH_ESCAPES or (format_string and nxt in "\"'?"))):
            out.append(_BASH_ESCAPES.get(nxt, nxt))
            i += 2
        else:
            out.append("\\" + nxt)
            i += 2
    return "".join(out), False


def _printf(template: str, args: list[str], bash: bool) -> str | None:
    """printf FORMAT ARGS: the format reused while arguments remain (a `\\c` in a %b argument ends
    it all); None for a conversion these rules do not read, or a `%` that starts none (printf
    stops there with an error)."""
    out: list[str] = []
    pending = list(args)
    while True:
        used = False
        pos = 0
        for m in [*_CONVERSION.finditer(template), None]:
            literal = template[pos : m.start() if m else len(template)]
            if "%" in literal:
                return None
            out.append(_decode(literal, _FORMAT_OCTAL, bash, format_string=True)[0])
            if m is None:
                break
            pos = m.end()
            flags, width, precision, conversion = m.groups()
            if conversion == "%":
                if m.group() != "%%":
                    return None  # `%5%`: printf stops with an error
                out.append("%")
                continue
            if "*" in (width, precision):
                return None
            used = True
            converted = _convert(conversion, pending.pop(0) if pending else "", bash)
            if converted is None:
                return None
            text, stopped = converted
            if precision and conversion in "sb":
                text = text[: int(precision)]
            out.append(text.rjust(int(width)) if width and "-" not in flags else text.ljust(int(width or 0)))
            if stopped:
                return "".join(out)
        if not pending or not used:
            return "".join(out)


def _convert(conversion: str, value: str, bash: bool) -> tuple[str, bool] | None:
    """A conversion's text, and whether a `\\c` in a %b argument stopped the output."""
    if conversion == "s":
        return value, False
    if conversion == "b":
        return _decode(value, _ANY_OCTAL, bash)
    if conversion == "c":
        return value[:1] or "\x00", False
    if conversion in "diu" and re.fullmatch(r"[+-]?\d+", value or "0"):
        return str(int(value or "0")), False
    return None
