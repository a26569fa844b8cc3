"""Code a program is handed where the command's shape does not show it: in an option's value, after
the file it edits, or on its standard input.

- Interpreters' options whose value is code: `python -m timeit` (its statements and -s setup),
  `python -m pdb -c`, perl's `-M`/`-m`/`-d:` (a module name that is not one is code: `use` runs
  it), node's `--import`/`--loader` with a `data:` URL, php's `-d auto_prepend_file`, java's
  `-XX:OnError`, gdb's and lldb's commands, make's variables (`$(shell ...)`, `!=`, a value that
  is itself a command line recipes will run), cmake's `-E` tools, sqlite3's dot-commands (which
  it takes by any unambiguous prefix: `.sh` is `.shell`), ImageMagick's `|command` files,
  ghostscript's `%pipe%`.
- Editors read their options anywhere, also after the file: `vim -es main.py -c '!rm -rf src'`,
  `ex main.py -c '%d|x'`, `emacs --batch f --eval '(...)'`. A `+N` or `+/pattern` only moves.
- Programs whose commands come from standard input when it is fed: vim and ex in Ex mode,
  `make -f -`, gdb and lldb, `python -m pdb`/`code`, gnuplot, octave, pwsh, sqlite3; ed and ex
  fed their editing commands; a tool whose own language runs commands (`sqlite3 '.shell ...'`,
  `dc`, `m4`), given it or fed it.

An interpreter given inline code (`python3 -c`, `perl -e`, by any attached form), or fed its
script by a pipe, a here-document, an open descriptor or a process substitution, is judged by
command_risk.judge_interpreter, which every shell and interpreter's walk reads.

Each finding is `shell.inline_code` or `shell.fed_interpreter` (HIGH); `-o FILE`-like outputs go
through command_risk.write_target.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable

from .command_risk import base_program, matches_long, option_value, pipeline_programs, short_cluster, write_target
from .command_tables import ESCAPING_TOOLS, STDIN_FILES
from .judging import Context, Judge
from .shell import SimpleCommand

STDIN_EDITORS = frozenset({"ed", "red", "ex"})  # line editors whose commands come from standard input


def fed(cmd: SimpleCommand, files: bool = True) -> str:
    """How the command's standard input is fed ("" when it is not): a pipe, a here-document or
    here-string, or (with `files`) a file."""
    if cmd.piped_from is not None:
        return " | ".join(reversed(pipeline_programs(cmd.piped_from))) + " |"
    for redirect in cmd.redirects:
        if redirect.op in ("<<", "<<-", "<<<", *(("<",) if files else ())) and not redirect.fd.strip("0"):
            return redirect.op
    return ""


def _inline(ctx: Context, cmd: SimpleCommand, what: str) -> None:
    ctx.found.add("shell.inline_code", f"{cmd.program}: {what}")


def _fed(ctx: Context, cmd: SimpleCommand, how: str, what: str = "runs the commands on its input") -> None:
    ctx.found.add("shell.fed_interpreter", f"{cmd.program} {what} ({how})")


def _values(args: list[str], *options: str) -> list[str]:
    """Every value the options take in `args` (`-x V`, `-xV`, `--opt V`, `--opt=V`)."""
    found = []
    for k in range(len(args)):
        for option in options:
            value = option_value(args, k, option)
            if value is not None:
                found.append(value)
                break
    return found


# -- interpreters, tools and editors fed their code -------------------------------------------------

def judge_escaping_tool(cmd: SimpleCommand, ctx: Context) -> None:
    """sqlite3 ':memory:' '.shell rm -rf src', `echo '!rm -rf src' | dc`, `echo 'syscmd(...)' | m4`."""
    pattern = ESCAPING_TOOLS[base_program(cmd.program)]
    for text in [*cmd.args, *(r.body for r in cmd.redirects if r.body)]:
        if pattern.search(text):
            ctx.found.add("shell.inline_code", f"{cmd.program}: its own language runs commands or writes files: "
                                               f"{text.strip()[:60]!r}")
            return
    if cmd.piped_from is not None or any(r.op == "<" for r in cmd.redirects):
        ctx.found.add("shell.fed_interpreter", f"{cmd.program} runs what its input holds")


def judge_fed_editor(cmd: SimpleCommand, ctx: Context) -> None:
    """ed and ex take their commands from standard input: fed, they edit what the commands say."""
    fed = cmd.piped_from is not None or any(r.op in ("<", "<<", "<<-", "<<<") for r in cmd.redirects)
    if fed:
        ctx.found.add("shell.fed_interpreter", f"{cmd.program} runs the editing commands on its input")


# -- python -m MODULE ---------------------------------------------------------------------------

def python_module(args: list[str]) -> tuple[str, list[str]] | None:
    """The module `python -m MODULE ARGS` runs and its arguments (`-mtimeit`, `-Im timeit` too)."""
    values = {"-W", "-X", "-Q", "--check-hash-based-pycs"}
    k = 0
    while k < len(args):
        arg = args[k]
        if arg == "-m":
            return (args[k + 1], args[k + 2 :]) if k + 1 < len(args) else None
        if arg.startswith("-m") and not arg.startswith("--"):
            return arg[2:], args[k + 1 :]
        if not arg.startswith("-") or arg in ("-c", "-", "--"):
            return None  # a script, inline code (judged elsewhere) or standard input
        cluster = short_cluster(arg)
        if cluster and "m" in cluster and not cluster.startswith(("W", "X")):
            rest = cluster[cluster.index("m") + 1 :]
            return (rest, args[k + 1 :]) if rest else ((args[k + 1], args[k + 2 :]) if k + 1 < len(args) else None)
        k += 2 if arg in values else 1
    return None


def _module_operands(args: list[str], values: frozenset[str]) -> list[str]:
    out, k = [], 0
    while k < len(args):
        if args[k].startswith("-") and args[k] != "-":
            k += 2 if args[k] in values else 1
            continue
        out.append(args[k])
        k += 1
    return out


# The standard library modules' options that take a value (the rest of their words are operands).
_MODULE_VALUES: dict[str, frozenset[str]] = {name: frozenset(values.split()) for name, values in {
    "timeit": "-n -r -s -u --number --repeat --setup --unit", "pdb": "-c -m --command", "cProfile": "-o -s -m",
    "profile": "-o -s -m", "json.tool": "--indent", "zipapp": "-o -p -m --output --python --main",
    "venv": "--prompt", "pydoc": "-p -n", "http.server": "-b --bind -d --directory", "gzip": "",
}.items()}


def judge_python_module(cmd: SimpleCommand, ctx: Context) -> None:
    """The standard library's command-line modules that run code given to them, write over files
    or delete them."""
    found = python_module(cmd.args)
    if found is None:
        return
    module, args = found
    judge = _MODULE_JUDGES.get(module)
    if judge is not None:
        judge(cmd, module, args, _module_operands(args, _MODULE_VALUES.get(module, frozenset())), ctx)


ModuleJudge = Callable[[SimpleCommand, str, list[str], list[str], Context], None]


def _timeit(cmd: SimpleCommand, module: str, args: list[str], operands: list[str], ctx: Context) -> None:
    if operands or _values(args, "-s", "--setup"):
        _inline(ctx, cmd, f"python -m timeit runs the statements it is given: {' '.join(args)[:60]!r}")


def _debugger(cmd: SimpleCommand, module: str, args: list[str], operands: list[str], ctx: Context) -> None:
    if module == "pdb" and _values(args, "-c", "--command"):
        _inline(ctx, cmd, "python -m pdb -c runs the commands (and Python) it is given")
    elif fed(cmd, files=False):
        _fed(ctx, cmd, fed(cmd, files=False), "reads Python from its input")


def _profiler(cmd: SimpleCommand, module: str, args: list[str], operands: list[str], ctx: Context) -> None:
    for target in _values(args, "-o", "--outfile"):
        write_target(target, ctx, "shell.output_overwrite")


def _json_tool(cmd: SimpleCommand, module: str, args: list[str], operands: list[str], ctx: Context) -> None:
    if len(operands) >= 2:
        write_target(operands[1], ctx, "shell.output_overwrite", reads=(operands[0],))


def _venv(cmd: SimpleCommand, module: str, args: list[str], operands: list[str], ctx: Context) -> None:
    if any(matches_long(a, "--clear") for a in args):
        ctx.found.add("shell.delete", f"python -m venv --clear empties {', '.join(operands) or 'the directory'}")


def _zipapp(cmd: SimpleCommand, module: str, args: list[str], operands: list[str], ctx: Context) -> None:
    for target in _values(args, "-o", "--output"):
        write_target(target, ctx, "shell.output_overwrite", reads=tuple(operands))


def _gzip(cmd: SimpleCommand, module: str, args: list[str], operands: list[str], ctx: Context) -> None:
    decompress = any(a in ("-d", "--decompress") for a in args)
    for source in operands:
        write_target(re.sub(r"\.gz$", "", source) if decompress else source + ".gz", ctx, "shell.output_overwrite")


def _pydoc(cmd: SimpleCommand, module: str, args: list[str], operands: list[str], ctx: Context) -> None:
    if _values(args, "-w") or "-w" in args:
        for name in operands:
            write_target(f"{name}.html", ctx, "shell.output_overwrite")


def _browser(cmd: SimpleCommand, module: str, args: list[str], operands: list[str], ctx: Context) -> None:
    ctx.found.add("shell.outside_control", f"python -m {module} opens a browser")


def _pip(cmd: SimpleCommand, module: str, args: list[str], operands: list[str], ctx: Context) -> None:
    if args[:1] == ["config"] and args[1:2] not in (["list"], ["get"]):
        ctx.found.add("shell.code_config", "python -m pip config changes where pip installs from")


def _python_archive(cmd: SimpleCommand, module: str, args: list[str], operands: list[str], ctx: Context) -> None:
    for k, arg in enumerate(args):
        if arg in ("-e", "--extract"):
            ctx.found.add("shell.unpacks_over", f"python -m {module} -e extracts over the files here")
            return
        if arg in ("-c", "--create") and k + 1 < len(args):
            write_target(args[k + 1], ctx, "shell.output_overwrite", reads=tuple(args[k + 2 :]))
            return


_MODULE_JUDGES: dict[str, ModuleJudge] = {
    "timeit": _timeit, "pdb": _debugger, "code": _debugger, "cProfile": _profiler, "profile": _profiler,
    "zipfile": _python_archive, "tarfile": _python_archive, "json.tool": _json_tool, "venv": _venv,
    "zipapp": _zipapp, "gzip": _gzip, "pydoc": _pydoc, "webbrowser": _browser, "antigravity": _browser, "pip": _pip,
}


# -- other interpreters ---------------------------------------------------------------------------

# A perl module argument that is only a module (and its import list), not code.
_PERL_MODULE = re.compile(r"-?[A-Za-z_][\w:]*(?:=[\w.,:/+-]*|\s+qw\([\w\s:$@%&*-]*\))?")
_PERL_VALUE_LETTERS = "MmIdxCF0li"  # letters whose value is the rest of the cluster


def perl_options(args: list[str]) -> list[tuple[str, str]]:
    """(letter, value) for perl's options before its script, as perl reads a cluster: after a
    letter that takes a value, the rest of the cluster is that value (`-Mstrict` is M "strict",
    not an -i; `-pi.bak` is p, then i ".bak")."""
    out: list[tuple[str, str]] = []
    for k, arg in enumerate(args):
        if arg == "--" or not arg.startswith("-") or arg == "-":
            break
        body = arg[1:]
        n = 0
        while n < len(body):
            letter = body[n]
            if letter in _PERL_VALUE_LETTERS:
                value = body[n + 1 :]
                if letter in "MmIx" and not value and letter != "x" and k + 1 < len(args):
                    value = args[k + 1]  # -M Module (a separate word)
                out.append((letter, value))
                break
            if letter in "eE":
                out.append((letter, body[n + 1 :]))
                break
            out.append((letter, ""))
            n += 1
    return out


def perl_in_place(args: list[str]) -> bool:
    return any(letter == "i" for letter, _ in perl_options(args))


def judge_perl(cmd: SimpleCommand, ctx: Context) -> None:
    options = perl_options(cmd.args)
    if any(letter == "i" for letter, _ in options):
        ctx.found.add("shell.in_place_edit", cmd.text)
    for letter, value in options:
        if letter in "Mm" and value and not _PERL_MODULE.fullmatch(value):
            _inline(ctx, cmd, f"-{letter}{value[:50]!r}: `use` runs what follows the module name")
        if letter == "d" and value.startswith(":") and not _PERL_MODULE.fullmatch(value[1:]):
            _inline(ctx, cmd, f"-d{value[:50]!r}: the debugger module's `use` runs what follows its name")


_URL_CODE = re.compile(r"(?i)^\s*(data|https?):")


def judge_node(cmd: SimpleCommand, ctx: Context) -> None:
    """--import/--require/--loader given a data: URL (the code itself) or a URL to fetch."""
    for value in _values(cmd.args, "--import", "--require", "-r", "--loader", "--experimental-loader"):
        if _URL_CODE.match(value):
            _inline(ctx, cmd, f"a module given inline or by URL: {value[:60]!r}")


def judge_deno(cmd: SimpleCommand, ctx: Context) -> None:
    """`deno run data:...` runs inline code; `deno run https://...` runs code from the network."""
    operands = [a for a in cmd.args if not a.startswith("-")]
    for operand in operands[1:2] if operands[:1] == ["run"] else operands[:1]:
        if operand.lower().startswith("data:"):
            _inline(ctx, cmd, f"a module given inline: {operand[:60]!r}")
        elif operand.lower().startswith(("http://", "https://")):
            ctx.found.add("shell.pipe_to_shell", f"deno runs {operand}, from the network")


def judge_php(cmd: SimpleCommand, ctx: Context) -> None:
    for value in _values(cmd.args, "-d", "--define"):
        if re.match(r"\s*auto_(prepend|append)_file\s*=", value):
            _inline(ctx, cmd, f"-d {value[:60]!r} runs that file (or data:// stream) before every script")


def judge_java(cmd: SimpleCommand, ctx: Context) -> None:
    for arg in cmd.args:
        if re.match(r"-XX:\+?On(Error|OutOfMemoryError)=", arg):
            ctx.found.add("shell.option_runs_program", f"java {arg[:60]}")


_GDB_COMMANDS = ("-ex", "--ex", "-eval-command", "--eval-command", "-iex", "--iex", "-init-eval-command",
                 "--init-eval-command")


def judge_gdb(cmd: SimpleCommand, ctx: Context) -> None:
    """gdb's commands (a `shell` among them) from its options, anywhere on the line (up to
    --args, after which the words are the program's), or from its input."""
    args = cmd.args
    for end, arg in enumerate(args):
        if arg in ("--args", "-args"):
            args = args[:end]
            break
    for k, arg in enumerate(args):
        name = arg.split("=", 1)[0]
        if name in _GDB_COMMANDS:
            value = arg.split("=", 1)[1] if "=" in arg else (args[k + 1] if k + 1 < len(args) else "")
            _inline(ctx, cmd, f"{name} {value[:50]!r}: gdb's commands run programs (shell, !, python)")
            return
    scripts = _values(args, "-x", "--command", "-ix", "--init-command")
    if any(s in ("-", "/dev/stdin") for s in scripts) or (fed(cmd) and "-batch" not in args and "--batch" not in args):
        _fed(ctx, cmd, fed(cmd) or "-x -")


def judge_lldb(cmd: SimpleCommand, ctx: Context) -> None:
    for option in ("-o", "--one-line", "-O", "--one-line-before-file", "-k", "--one-line-on-crash"):
        if _values(cmd.args, option):
            _inline(ctx, cmd, f"{option}: lldb's commands run programs (platform shell)")
            return
    if fed(cmd):
        _fed(ctx, cmd, fed(cmd))


VIM_FAMILY = frozenset({"vim", "vi", "view", "vimdiff", "gvim", "gview", "nvim", "rvim", "rview", "evim", "vimx",
                        "ex", "exim"})
# `+N` goes to a line, `+/pat` and `+?pat` search, `+` alone to the last line: nothing else runs.
_VIM_MOVE = re.compile(r"\+(\d*|[/?].*)")


def judge_vim(cmd: SimpleCommand, ctx: Context) -> None:
    """vim reads its options anywhere on the line, after the files too: `-c CMD`, `--cmd CMD` and
    `+CMD` run Ex commands (`!` runs a shell command, `w` writes); in Ex mode (`ex`, `-e`, `-E`)
    with its input fed it runs the commands it reads."""
    args = cmd.args
    ex_mode = cmd.program in ("ex", "exim")
    k = 0
    while k < len(args):
        arg = args[k]
        if arg in ("-c", "--cmd") or arg.startswith("--cmd="):
            value = arg.split("=", 1)[1] if "=" in arg else (args[k + 1] if k + 1 < len(args) else "")
            _inline(ctx, cmd, f"{arg.split('=')[0]} {value[:50]!r}: an Ex command run on the file")
            return
        if arg.startswith("+") and not _VIM_MOVE.fullmatch(arg):
            _inline(ctx, cmd, f"{arg[:50]!r}: an Ex command run on the file")
            return
        if arg in ("-w", "-W") and k + 1 < len(args):
            write_target(args[k + 1], ctx, "shell.output_overwrite")
            k += 2
            continue
        if arg in ("-s", "-u", "-U", "-S", "-i", "-T", "-r", "-t", "-q") and k + 1 < len(args) \
                and not (arg == "-s" and ex_mode):
            if arg == "-s" and args[k + 1] in ("-", "/dev/stdin") and fed(cmd):
                _fed(ctx, cmd, fed(cmd), "types the keys on its input into the file")
            k += 2
            continue
        if (cluster := short_cluster(arg)) and set(cluster) & {"e", "E"} and not arg.startswith("--"):
            ex_mode = True
        k += 1
    if ex_mode and fed(cmd):
        _fed(ctx, cmd, fed(cmd), "runs the Ex commands on its input")
    elif fed(cmd) and "-" not in args:  # not reading text from its input: it types what comes in as keys
        _fed(ctx, cmd, fed(cmd), "takes its input as keys typed into the editor (`:!` runs a command)")


def judge_emacs(cmd: SimpleCommand, ctx: Context) -> None:
    """emacs runs its arguments in order, files and options mixed: --eval and -f run Lisp."""
    args = cmd.args
    for k, arg in enumerate(args):
        name = arg.split("=", 1)[0]
        if name in ("--eval", "-eval", "--execute", "-execute", "-f", "--funcall", "-funcall"):
            value = arg.split("=", 1)[1] if "=" in arg else (args[k + 1] if k + 1 < len(args) else "")
            _inline(ctx, cmd, f"{name} {value[:50]!r}: Lisp run on the files")
            return


# -- make and cmake -------------------------------------------------------------------------------

_MAKE_ASSIGNMENT = re.compile(r"^(?:override\s+)?([A-Za-z_.][\w.-]*)\s*(::?=|:::=|\+=|\?=|!=|=)(.*)$", re.DOTALL)
# In a variable's value: a make function (shell, eval, file), a shell substitution, or a separator
# that makes the recipe line it lands in run another command.
_MAKE_CODE = re.compile(r"\$[({]|`|[;&|<>\n]")


def judge_make(cmd: SimpleCommand, ctx: Context) -> None:
    """make's command-line variables override the makefile's, and recipes run their values:
    `X:=$(shell rm -rf src)` runs at once, `X!=cmd` runs cmd, `CC='rm -rf src'` runs in every
    recipe that compiles. And `make -f -` reads its makefile from its input. Its options are read
    first, then each variable (a value judged as a command line one level deeper), and what it
    finds is added here."""
    reads_input = not STDIN_FILES.isdisjoint(_values(cmd.args, "-f", "--file", "--makefile"))
    for arg in cmd.args:
        if arg.startswith("-"):
            continue
        m = _MAKE_ASSIGNMENT.match(arg)
        if m is None:
            continue
        name, op, value = m.groups()
        if op == "!=" or _MAKE_CODE.search(value):
            ctx.found.add("shell.inline_code", f"{cmd.program}: {name}{op}{value[:50]!r}: make runs it when it "
                                               "reads the variable")
        elif value.strip() and ctx.judge_line(value).level == "HIGH":
            ctx.found.add("shell.inline_code", f"{cmd.program}: {name}={value[:50]!r}: the recipes that use "
                                               f"{name} would run it")
    if reads_input:
        _fed(ctx, cmd, fed(cmd) or "-f -", "reads its makefile (and runs its recipes) from its input")


# cmake -E tools: those that delete, those that write over, those that run a command.
_CMAKE_DELETE = frozenset({"rm", "remove", "remove_directory"})
_CMAKE_WRITE = frozenset({"rename", "copy", "copy_directory", "copy_directory_if_different", "copy_if_different",
                          "create_symlink", "create_hardlink", "tar"})
_CMAKE_RUN = frozenset({"chdir", "env", "time"})


def judge_cmake(cmd: SimpleCommand, ctx: Context) -> None:
    args = cmd.args
    if "-E" not in args:
        return
    rest = args[args.index("-E") + 1 :]
    tool = rest[0] if rest else ""
    if tool in _CMAKE_DELETE:
        ctx.found.add("shell.delete", f"cmake -E {tool} {' '.join(rest[1:])}")
    elif tool in _CMAKE_WRITE:
        ctx.found.add("shell.copy_onto_existing", f"cmake -E {tool} writes over what is there")
    elif tool in _CMAKE_RUN:
        words = rest[2:] if tool == "chdir" else [w for w in rest[1:] if "=" not in w and not w.startswith("--")]
        line = " ".join(shlex.quote(w) for w in words)
        if line and ctx.judge_line(line).level == "HIGH":
            _inline(ctx, cmd, f"cmake -E {tool} runs {' '.join(words)[:50]!r}")


# -- tools with a language of their own -----------------------------------------------------------

# sqlite3's dot-commands that run a program, load code or write a file; it takes any unambiguous
# prefix of one (`.sh` is `.shell`, `.ou` is `.output`), so every prefix counts.
_SQLITE_DANGER = ("shell", "system", "output", "once", "load", "save", "backup", "excel", "import", "open", "cd",
                  "log")
_SQLITE_DOT = re.compile(r"(?:^|[\s;])\.([A-Za-z]+)(?:[ \t]+(['\"]?)(\|?))?")
_SQLITE_SQL = re.compile(r"(?i)\b(drop\s+(table|index|view|trigger)|delete\s+from|update\s+\S+\s+set|"
                         r"vacuum\s+into|attach\b|load_extension|writefile\s*\(|edit\s*\()")


def judge_sqlite(cmd: SimpleCommand, ctx: Context) -> None:
    """sqlite3's dot-commands (by prefix), `.read '|command'`, and SQL that deletes or overwrites
    data in the database file (which no diff shows)."""
    texts = [*cmd.args, *(r.body for r in cmd.redirects if r.body)]
    for text in texts:
        for m in _SQLITE_DOT.finditer(text):
            word = m.group(1).lower()
            if any(name.startswith(word) for name in _SQLITE_DANGER) or (
                    "read".startswith(word) and len(word) >= 2 and m.group(3)):
                _inline(ctx, cmd, f"its own language runs commands or writes files: .{word}{' |' if m.group(3) else ''}")
                return
        sql = _SQLITE_SQL.search(text)
        if sql:
            rule = "shell.inline_code" if sql.group(1).lower().split()[0] in ("vacuum", "attach", "load_extension",
                                                                              "writefile", "edit") else "shell.delete"
            ctx.found.add(rule, f"{cmd.program}: {sql.group(0)!r} changes or writes a database file in place")
            return
    if fed(cmd):
        _fed(ctx, cmd, fed(cmd))


def judge_plotting(cmd: SimpleCommand, ctx: Context) -> None:
    """gnuplot, octave, matlab, maxima: code in an option, or on the input."""
    options = {"gnuplot": ("-e", "--eval"), "octave": ("--eval",), "octave-cli": ("--eval",),
               "matlab": ("-r", "-batch"), "maxima": ("--batch-string", "-r", "--run-string")}[cmd.program]
    for option in options:
        if _values(cmd.args, option):
            _inline(ctx, cmd, f"{option}: code run by {cmd.program} (its system() runs programs)")
            return
    if fed(cmd):
        _fed(ctx, cmd, fed(cmd))


def judge_pwsh(cmd: SimpleCommand, ctx: Context) -> None:
    """PowerShell takes any prefix of its parameters, in any case: -c, -Co, -Command, -e, -enc,
    -EncodedCommand; -File - and a fed input run what comes in."""
    for k, arg in enumerate(cmd.args):
        lower = arg.lower()
        if lower.startswith("-") and len(lower) > 1 and ("-command".startswith(lower) or "-encodedcommand".startswith(lower)
                                                         or lower in ("-ec", "-enc")):
            _inline(ctx, cmd, f"{arg} {cmd.args[k + 1][:50] if k + 1 < len(cmd.args) else ''!r}")
            return
    if fed(cmd):
        _fed(ctx, cmd, fed(cmd))


IMAGEMAGICK = frozenset({"convert", "magick", "mogrify", "montage", "composite", "identify", "compare", "conjure",
                         "stream", "display", "animate", "import", "gm"})


def judge_imagemagick(cmd: SimpleCommand, ctx: Context) -> None:
    for arg in cmd.args:
        if arg.startswith("|") or re.match(r"(?i)(msl|ephemeral|mvg|script):", arg):
            _inline(ctx, cmd, f"{arg[:50]!r}: ImageMagick runs a command for `|` files and scripts for msl:")
            return


def judge_ghostscript(cmd: SimpleCommand, ctx: Context) -> None:
    for arg in cmd.args:
        if re.search(r"%pipe%|OutputFile=\|", arg) or arg in ("-dNOSAFER", "-dDELAYSAFER"):
            _inline(ctx, cmd, f"{arg[:50]!r}: ghostscript runs a command, or PostScript with file access")
            return


def judge_parallel(cmd: SimpleCommand, ctx: Context) -> None:
    """GNU parallel with no command runs each line of its input as a command line."""
    if fed(cmd) and not any(not a.startswith("-") for a in cmd.args):
        _fed(ctx, cmd, fed(cmd), "runs each line of its input as a command line")


def judge_package_scripts(cmd: SimpleCommand, ctx: Context) -> None:
    """`npm pkg set scripts.test=...` (and set-script) writes the command `npm test` runs later."""
    args = cmd.args
    if args[:2] == ["pkg", "set"] and any(re.match(r"(scripts|bin|config)\b|\w*\[?[\"']?scripts", a) for a in args[2:]):
        ctx.found.add("shell.code_config", f"{cmd.program} pkg set writes the scripts it runs later")
    elif args[:1] == ["set-script"]:
        ctx.found.add("shell.code_config", f"{cmd.program} set-script writes a script it runs later")


JUDGES: dict[str, Judge] = {
    "python": judge_python_module, "pypy": judge_python_module, "perl": judge_perl, "node": judge_node,
    "nodejs": judge_node, "deno": judge_deno, "php": judge_php, "java": judge_java, "gdb": judge_gdb,
    "lldb": judge_lldb, **{name: judge_vim for name in VIM_FAMILY}, "emacs": judge_emacs, "make": judge_make,
    "gmake": judge_make, "cmake": judge_cmake, "sqlite3": judge_sqlite,
    **{name: judge_plotting for name in ("gnuplot", "octave", "octave-cli", "matlab", "maxima")},
    "pwsh": judge_pwsh, "powershell": judge_pwsh, **{name: judge_imagemagick for name in IMAGEMAGICK},
    "gs": judge_ghostscript, "gsc": judge_ghostscript,
    **{name: judge_package_scripts for name in ("npm", "pnpm", "yarn", "bun")}, "parallel": judge_parallel,
}
# Judged before the programs' other judges (the order their findings are listed in).
FED_EDITORS = {name: judge_fed_editor for name in STDIN_EDITORS}
ESCAPING = {name: judge_escaping_tool for name in ESCAPING_TOOLS}
