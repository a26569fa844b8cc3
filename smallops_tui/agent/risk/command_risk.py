"""The risk of one simple command, and the readers of its words. Fails closed.

The command line judge (classify.py) hands each simple command the shell reader found (shell.py)
to `judge_simple`, which reads, in order: what comes with it (privilege, assignments, strings
bash evaluates, redirections), whether it only asks for help, what it runs (the command rules of
command_tables.py, what it reaches past the sandbox, inline code, then its program's own judges
from the `Programs` table it is given: judging.py), what it writes, whether it is positively
read-only (its program's checker, or its `READ_ONLY` entry) and where its operands point. It is
LOW only when positively read-only or only asking an installed program for `--help`/`--version`;
HIGH when it deletes, overwrites, writes outside the workspace, hides the code it runs, or sets
up code to run later; MEDIUM otherwise.

One program judge lives here, the one every shell and interpreter is read by: `judge_interpreter`
(inline code, a script fed by a pipe, here-document, open descriptor or substitution). The others
(checks/, code_in_options.py, ...) import the readers, and programs.py composes the table. The
readers: options as getopt reads them (abbreviated long, clustered short, attached values), words
as places (inside the workspace or not, by `..`, `~`, a symlink or a glob; from where a `cd` went).
"""

from __future__ import annotations

import glob
import os
import posixpath
import re

from ..files.startup_files import VCS_DIRS, runs_later
from ..files.workspace import PathEscape
from .command_tables import (
    ARITHMETIC_TESTS, COMMAND_RULES, DESCRIPTOR_FILE, DOWNLOADERS, EVALUATING_BUILTINS, FOLLOWS_SYMLINKS,
    HARMLESS_TARGETS, HELP_LOADS_PROJECT, INLINE_CODE_OPTIONS, INTERPRETER_VALUE_OPTIONS, OPEN_DESCRIPTOR,
    OUTPUT_OPTIONS, OUTSIDE_CONTROLLERS, PRIVILEGED_WRAPPERS, PROC_SECRETS, QUOTED_SUBSCRIPT_CODE, READ_ONLY,
    RUNS_PROGRAM_OPTIONS, STDIN_FILES, SYSTEM_BIN_DIRS, UNIX_SOCKET_OPTIONS, CommandPattern, ReadOnly,
)
from .expansions import GLOB, expansion_reaches_parent
from .judging import Context
from .rules import RULES
from .shell import SHELLS, SimpleCommand
from .shell_lexer import Redirect
from .workspace_calls import WORKSPACE_CALL, workspace_call
from .variables import CODE_VARIABLES, HARMLESS_VARIABLES, INERT_VALUES

# A short option with a path attached (`-m/etc/passwd`, `-f~/.ssh/id_rsa`); `-d/` is a delimiter.
ATTACHED_PATH = re.compile(r"-[A-Za-z0-9]+?(/.+|~.*|\.\.(?:/.*)?)")
MAX_GLOB_MATCHES = 2000  # names a glob is expanded to and checked for symlinks leading out
MIN_ABBREVIATION = 3  # "--" and one letter: getopt_long takes any unambiguous prefix (`sort --o=F` is --output)

# -- one simple command, judged -------------------------------------------------------------------

def judge_simple(cmd: SimpleCommand, ctx: Context) -> None:
    """Every rule one simple command fires, into ctx.found."""
    left = ctx.left_workspace
    if cmd.chdir and not is_inside(cmd.chdir, ctx):
        ctx.found.add("shell.leaves_workspace", f"env -C {cmd.chdir}")
        ctx.left_workspace = True  # for this command only: its relative paths are beneath cmd.chdir
    ctx.not_paths = set()
    try:
        _judge(cmd, ctx)
    finally:
        ctx.left_workspace = ctx.left_workspace if not cmd.chdir else left


def _judge(cmd: SimpleCommand, ctx: Context) -> None:
    before = len(ctx.found.hits)
    _judge_surroundings(cmd, ctx)
    if not cmd.argv:
        _fallback(cmd, ctx, before, read_only=True)
        return
    program = base_program(cmd.program)
    if _only_help(cmd, program, ctx):
        # Only an installed program: `./configure --help` runs whatever the workspace's file says;
        # and some installed ones load the project first (pytest its conftest.py).
        rule = "shell.help_runs_code" if program in HELP_LOADS_PROJECT else "shell.help"
        _fallback(cmd, ctx, before, read_only=rule == "shell.help", rule=rule)
        return
    _judge_what_it_runs(cmd, program, ctx)
    _judge_what_it_writes(cmd, program, ctx)
    read_only = _read_only(cmd, program, ctx)
    _judge_operands(cmd, program, read_only, ctx)
    programs = ctx.programs
    if not read_only and (program not in programs.known or program in programs.process_tools):
        programs.unknown(cmd, program, ctx)
    _fallback(cmd, ctx, before, read_only)


def _judge_surroundings(cmd: SimpleCommand, ctx: Context) -> None:
    """What comes with the command word: privilege, assignments, strings bash evaluates, redirections."""
    if any(v in PRIVILEGED_WRAPPERS for v in cmd.via):
        ctx.found.add("shell.privilege", cmd.text)
    for assignment in cmd.assignments:
        classify_assignment(assignment, ctx)
    classify_evaluated_strings(cmd, ctx)
    for redirect in cmd.redirects:
        _classify_redirect(redirect, ctx)


def classify_assignment(assignment: str, ctx: Context) -> None:
    name, _, value = assignment.partition("=")
    if HARMLESS_VARIABLES.match(name):
        return
    # An empty PATH is the current directory to dash, bash and execvp (`PATH= ls` runs ./ls), and an
    # empty GIT_CONFIG_COUNT drops the hardening the sandbox gives git.
    if CODE_VARIABLES.match(name) and (value not in INERT_VALUES or name == "PATH" or name.startswith("GIT_CONFIG")):
        ctx.found.add("shell.code_variable", name)
    else:
        ctx.found.add("shell.env_assignment", name)


def classify_evaluated_strings(cmd: SimpleCommand, ctx: Context) -> None:
    """bash evaluates array subscripts in names and arithmetic: `printf -v 'a[$(cmd)]'`,
    `x='a[$(cmd)]'; echo $((x))` and `[[ $x -eq 1 ]]` run code that sits in a quoted string."""
    strings = [a.partition("=")[2] for a in cmd.assignments]
    if cmd.program in EVALUATING_BUILTINS:
        strings += cmd.args
    for text in strings:
        if QUOTED_SUBSCRIPT_CODE.search(text):
            ctx.found.add("shell.hidden_substitution", f"bash runs the subscript of {text!r}")
    if cmd.program in ("declare", "typeset", "local") and any("n" in short_cluster(a) for a in cmd.args):
        # A name reference: `declare -n r=PATH; r=bin` sets PATH through r.
        ctx.found.add("shell.code_variable", f"{cmd.program} -n: a name that stands for another variable")
    if cmd.program == "let" or (cmd.program == "[[" and ARITHMETIC_TESTS & set(cmd.args)) or \
            (cmd.program in ("declare", "typeset", "local") and any("i" in short_cluster(a) for a in cmd.args)):
        ctx.found.add("shell.evaluates_value", cmd.program)


def _only_help(cmd: SimpleCommand, program: str, ctx: Context) -> bool:
    """Whether the command only asks an installed program for its help or version. A command word
    computed at run time, or disguised, is said so (and is never only help)."""
    if cmd.dynamic:
        ctx.found.add("shell.dynamic_command", cmd.argv[0])
        return False
    if cmd.disguise:
        ctx.found.add("shell.disguised_command", f"{cmd.argv[0]!r} uses {cmd.disguise}")
        return False
    asks = cmd.args in (["--help"], ["--version"]) or (program == "git" and _git_help(cmd))
    return asks and ("/" not in cmd.argv[0] or cmd.argv[0].startswith(SYSTEM_BIN_DIRS))


def _git_help(cmd: SimpleCommand) -> bool:
    """git's own ways of asking for help: `git --version`, `git help`, `git SUBCOMMAND -h`."""
    if not cmd.args:
        return set(cmd.git_globals) <= {"--version", "--help", "-h"}
    return not cmd.git_globals and (cmd.args == ["help"] or (len(cmd.args) == 2 and cmd.args[1] in ("-h", "--help")))


def _judge_what_it_runs(cmd: SimpleCommand, program: str, ctx: Context) -> None:
    """The command rules, and code the command runs or reaches: a session outside, inline code,
    then its program's judges (an interpreter fed its script, a tool whose own language runs
    commands, the network, ...), and options that run another program."""
    found = ctx.found
    for rule_id, pattern in COMMAND_RULES:
        if pattern_matches(pattern, cmd):
            found.add(rule_id, cmd.text)
    _classify_reach(cmd, program, ctx)
    if cmd.inline:
        found.add("shell.inline_code", f"{cmd.program} {cmd.inline}")
    if cmd.code_from_input:
        found.add("shell.fed_interpreter", f"{cmd.program} -c runs what {cmd.code_from_input} is replaced with: "
                                           "the input's lines (a file name such as `$(rm -rf src)`) as code")
    for judge in ctx.programs.judges.get(program, ()):
        judge(cmd, ctx)
    for option in RUNS_PROGRAM_OPTIONS.get(program, ()):
        if any(is_option(arg, option, attached=len(option) == 2) for arg in cmd.args):
            found.add("shell.option_runs_program", f"{cmd.program} {option}")


def _calls_workspace_code(cmd: SimpleCommand, ctx: Context) -> str:
    """What `python3 -c PROGRAM` calls ("pkg.mod.f"), alone on its line, in the workspace's top
    level, from the system's Python, with a program that only prints what the workspace's own
    functions return (workspace_calls.py); "" otherwise. Anything around it (a wrapper, an
    assignment, a `cd`, a word computed at run time, another command that may write the module
    first) keeps it inline code."""
    program_path = cmd.argv[0]
    alone = (ctx.lone and not ctx.cwd and not ctx.left_workspace and not cmd.via and not cmd.assignments
             and not cmd.dynamic and not cmd.disguise and not cmd.chdir and not cmd.dynamic_args)
    plain = (len(cmd.args) >= 2 and cmd.args[0] == "-c"
             and ("/" not in program_path or program_path.startswith(SYSTEM_BIN_DIRS)))
    return workspace_call(cmd.args[1], ctx.workspace) if alone and plain else ""


def judge_interpreter(cmd: SimpleCommand, ctx: Context) -> None:
    """Inline code for an interpreter, or a shell/interpreter fed by a pipe, here-doc or substitution."""
    program = base_program(cmd.program)
    code_options = INLINE_CODE_OPTIONS.get(program, ())
    values = INTERPRETER_VALUE_OPTIONS.get(program, frozenset())
    script = None
    args = cmd.args
    k = 0
    while k < len(args):
        arg = args[k]
        if arg == "--":
            script = args[k + 1] if k + 1 < len(args) else None
            break
        if not arg.startswith(("-", "+")) and arg not in code_options:
            script = arg  # a word that is no option (nor deno's `eval`): the script
            break
        if any(is_option(arg, option, attached=True) for option in code_options):
            if program == "python" and k == 0 and (called := _calls_workspace_code(cmd, ctx)):
                ctx.found.add(WORKSPACE_CALL, called)  # the executor runs it read-only (session/executors.py)
                return
            cmd.inline = cmd.inline or next(o for o in code_options if is_option(arg, o, attached=True))
            ctx.found.add("shell.inline_code", f"{cmd.program} {cmd.inline}")
            return
        if program == "python" and arg == "-m" or (program in SHELLS and arg in ("-c",)):
            return  # a module of the installed toolchain runs (MEDIUM); -c was handled by shell.py
        if arg.startswith(("-", "+")) and arg not in STDIN_FILES:
            k += 2 if arg in values else 1
            continue
        script = arg
        break
    fed = [r.op for r in cmd.redirects if r.op in ("<<", "<<-", "<<<")]
    if script is not None and DESCRIPTOR_FILE.fullmatch(script) and script not in STDIN_FILES:
        # `. /dev/fd/3 3<<EOF`, `python3 /proc/self/fd/3`: the code is whatever that descriptor holds.
        ctx.found.add("shell.fed_interpreter", f"{cmd.program} {script}: code from an open descriptor")
        return
    if script is None or script in STDIN_FILES:
        if cmd.piped_from is not None:
            source = pipeline_programs(cmd.piped_from)
            rule = "shell.pipe_to_shell" if DOWNLOADERS & set(source) else "shell.fed_interpreter"
            ctx.found.add(rule, f"{' | '.join(reversed(source))} | {cmd.program}")
        elif fed:  # else it reads its script from a file (`-`, `<`): runs the project's code (MEDIUM)
            ctx.found.add("shell.fed_interpreter", f"{cmd.program} {fed[0]}")
    elif "$(...)" in script and k in cmd.dynamic_args:
        ctx.found.add("shell.fed_interpreter", f"{cmd.program} <(...)")


def pipeline_programs(cmd: SimpleCommand) -> list[str]:
    programs = []
    node: SimpleCommand | None = cmd
    while node is not None:
        programs.append(node.program)
        node = node.piped_from
    return programs


def _judge_what_it_writes(cmd: SimpleCommand, program: str, ctx: Context) -> None:
    """Files the command writes: output options and operands, then its program's (moves and
    copies, tee)."""
    _classify_outputs(cmd, program, ctx)
    for judge in ctx.programs.writers.get(program, ()):
        judge(cmd, ctx)


def _read_only(cmd: SimpleCommand, program: str, ctx: Context) -> bool:
    """Whether the command is positively read-only: its program's checker, or its READ_ONLY entry,
    says so, and it is the installed program (a path to another file runs that file)."""
    checker = ctx.programs.checkers.get(program)
    if checker is not None:
        read_only = checker(cmd, ctx)
    elif program in READ_ONLY:
        read_only = check_read_only(cmd, READ_ONLY[program], ctx)
    else:
        return False
    if read_only and "/" in cmd.argv[0] and not cmd.argv[0].startswith(SYSTEM_BIN_DIRS):
        ctx.found.add("shell.program_path", cmd.argv[0])
        return False
    return read_only


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


def _judge_operands(cmd: SimpleCommand, program: str, read_only: bool, ctx: Context) -> None:
    """Operands (and paths attached to options) that name places outside the workspace."""
    if read_only and program in READ_ONLY and READ_ONLY[program].operands != "paths":
        return  # its operands are text, not paths
    for k, arg in enumerate(cmd.args):
        dynamic = k in cmd.dynamic_args
        if k not in ctx.not_paths and looks_outside(arg, ctx, dynamic=dynamic) and not is_output_value(cmd, k):
            ctx.found.add("shell.reads_outside" if read_only else "shell.outside_path", arg)
        elif read_only and (attached := ATTACHED_PATH.fullmatch(arg)) \
                and looks_outside(attached.group(1), ctx, dynamic=dynamic):
            ctx.found.add("shell.reads_outside", f"{arg} (a path attached to an option)")  # file -m/etc/passwd


def _classify_reach(cmd: SimpleCommand, program: str, ctx: Context) -> None:
    """Programs and options that reach past the sandbox: a session or service that acts for the
    command, a Unix socket by path, other processes' /proc files, symlinks followed out."""
    if program in OUTSIDE_CONTROLLERS:
        ctx.found.add("shell.outside_control", cmd.program)
    for option in UNIX_SOCKET_OPTIONS.get(program, ()):
        if any(is_option(arg, option, attached=len(option) == 2) for arg in cmd.args):
            ctx.found.add("shell.outside_control", f"{cmd.program} {option}: a Unix socket")
    for path in [*cmd.args, *(r.target for r in cmd.redirects)]:
        value = path.split("=", 1)[-1]  # --from-file=/proc/1/environ, dd if=/proc/1/environ
        if any(PROC_SECRETS.search(p) for p in {path, value, _proc_view(path), _proc_view(value)}) \
                and cmd.program not in ("ls", "stat", "cd"):
            ctx.found.add("shell.reads_secrets", path)
    for option in FOLLOWS_SYMLINKS.get(program, ()):
        if any(is_option(arg, option, attached=len(option) == 2 and program != "find") for arg in cmd.args):
            ctx.found.add("shell.reads_outside", f"{cmd.program} {option} follows symlinks, which may lead outside "
                                                 "the workspace")


def address_built_at_run_time(cmd: SimpleCommand, ctx: Context) -> None:
    """A program that reaches an address, given one built at run time: it can carry local data out."""
    if any(k in cmd.dynamic_args and "$" in arg for k, arg in enumerate(cmd.args)):
        ctx.found.add("shell.exfiltrate", f"{cmd.program}: an address built at run time can carry local data out")


def _proc_view(path: str) -> str:
    """`path` with /dev/fd spelled as the /proc/self/fd it is, and `.`, `..` and `//` resolved
    (/proc/self/.. is /proc): /dev/fd/../../1/environ and /proc//1/environ are /proc/1/environ."""
    if not path.startswith("/"):
        return path
    path = re.sub(r"^/dev/fd(?=/|$)", "/proc/self/fd", path)
    return posixpath.normpath(path) if ("/." in path or "//" in path) else path


def _fallback(cmd: SimpleCommand, ctx: Context, before: int, read_only: bool, rule: str = "") -> None:
    """If nothing else fired: LOW when positively recognised as read-only, else MEDIUM."""
    found = ctx.found
    new = found.hits[before:]
    if any(RULES[r].level != "LOW" for r, _ in new):
        return
    if rule:
        found.add(rule, cmd.text)
    elif read_only:
        found.add("shell.read_only", cmd.text)
    elif cmd.argv:
        found.add("shell.other", cmd.text)


def _classify_redirect(redirect: Redirect, ctx: Context) -> None:
    target = redirect.target
    if target.startswith(("/dev/tcp/", "/dev/udp/")):
        ctx.found.add("shell.exfiltrate", f"a redirection opens a network connection: {target}")
        return
    if redirect.op in ("<", "<>") and looks_outside(target, ctx, redirect.dynamic):
        ctx.found.add("shell.reads_outside", target)
    if not redirect.writes or (target in HARMLESS_TARGETS and target != "-" and not redirect.dynamic) \
            or OPEN_DESCRIPTOR.fullmatch(target):  # `> -` is a file named "-"
        return
    if redirect.truncates:
        write_target(target, ctx, "shell.redirect_overwrite", dynamic=redirect.dynamic)
    else:
        write_target(target, ctx, "", appends=True, dynamic=redirect.dynamic)


def _classify_outputs(cmd: SimpleCommand, program: str, ctx: Context) -> None:
    """Files named by output options (sort -o, curl -o); output operands are the writers' (movers.py)."""
    operands = operands_of(cmd, READ_ONLY[program].value_options if program in READ_ONLY else frozenset())
    for k in range(len(cmd.args)):
        for option in OUTPUT_OPTIONS.get(program, ()):
            value = option_value(cmd.args, k, option)
            if value is not None and value not in HARMLESS_TARGETS:
                reads = list(operands)
                if value in reads and k + 1 < len(cmd.args) and cmd.args[k + 1] == value:
                    reads.remove(value)  # the option's own value, not an input
                write_target(value, ctx, "shell.output_overwrite", dynamic=k + 1 in cmd.dynamic_args,
                              reads=tuple(reads))


# -- its words, read as the programs read them ----------------------------------------------------

def matches_long(arg: str, option: str) -> bool:
    """`arg` is `option`, `option=...`, or an abbreviation of it that a getopt would accept."""
    name = arg.split("=", 1)[0]
    return name == option or (len(name) >= MIN_ABBREVIATION and name.startswith("--") and option.startswith(name))


def short_cluster(arg: str) -> str:
    """The letters of a short-option cluster (`-rf` -> "rf"), or "" for anything else."""
    return arg[1:] if re.fullmatch(r"-[A-Za-z0-9][^=]*", arg) and not arg.startswith("--") else ""


_VERSIONED = re.compile(r"^(python|pypy|perl|ruby|node|php|lua|pip|tclsh|wish)(\d[\d.]*)?$")


def base_program(program: str) -> str:
    """`python3.11` -> `python`, `perl5` -> `perl`: one entry in the tables for every version."""
    m = _VERSIONED.match(program)
    return m.group(1) if m else program


def pattern_matches(pattern: CommandPattern, cmd: SimpleCommand) -> bool:
    """Whether `cmd` is one the pattern (a row of COMMAND_RULES) names."""
    if cmd.program not in pattern.programs:
        return False
    args = cmd.args
    if pattern.subcommands:
        if not args or args[0] not in pattern.subcommands:
            return False
        args = args[1:]
    if any(a in pattern.unless for a in args) or (args and args[0] in pattern.unless_first):
        return False
    if not pattern.flags and not pattern.short:
        return True
    for arg in args:
        if any(arg == f or (f.startswith("--") and matches_long(arg, f)) for f in pattern.flags):
            return True
        if arg == "--":
            break
        if pattern.short and any(c in short_cluster(arg) for c in pattern.short):
            return True
    return False


def is_option(arg: str, option: str, attached: bool = False) -> bool:
    """`arg` is `option` (long: also abbreviated or with =value; short: also attached if allowed)."""
    if option.endswith("="):
        return arg.startswith(option)
    if option.startswith("--"):
        return matches_long(arg, option)
    if option == "+":
        return arg.startswith("+")
    if len(option) == 2 and option.startswith("-"):
        return arg == option or (attached and arg.startswith(option) and not arg.startswith("--")) \
            or (attached and re.fullmatch(r"-[A-Za-z]+", arg) is not None and option[1] in arg[1:])
    return arg == option


def option_value(args: list[str], k: int, option: str) -> str | None:
    """The value `args[k]` gives `option` (`-o F`, `-oF`, `--output F`, `--output=F`), else None."""
    arg = args[k]
    if option.startswith("--") or (option.startswith("-") and len(option) > 2):
        if arg == option or (option.startswith("--") and matches_long(arg, option) and "=" not in arg):
            return args[k + 1] if k + 1 < len(args) else None
        if "=" in arg and (arg.split("=", 1)[0] == option or matches_long(arg, option)):
            return arg.split("=", 1)[1]
        return None
    if arg == option:
        return args[k + 1] if k + 1 < len(args) else None
    if arg.startswith(option) and len(arg) > 2 and not arg.startswith("--"):
        return arg[2:]
    cluster = short_cluster(arg)
    if cluster and cluster.endswith(option[1]) and len(cluster) > 1:
        return args[k + 1] if k + 1 < len(args) else None
    return None


def is_output_value(cmd: SimpleCommand, k: int) -> bool:
    """Whether args[k] is the value of an output option (judged as a write target already)."""
    return k > 0 and any(option_value(cmd.args, k - 1, o) is not None for o in OUTPUT_OPTIONS.get(cmd.program, ()))


def operands_of(cmd: SimpleCommand, values: frozenset[str] = frozenset()) -> list[str]:
    """The words that are not options (nor the values of the `values` options: `uniq -w 3 f`)."""
    out: list[str] = []
    skip = False
    for arg in cmd.args:
        if skip:
            skip = False
        elif not arg.startswith("-") or arg == "-":
            out.append(arg)
        else:
            skip = arg in values
    return out


def has_option(args: list[str], *options: str, letters: str = "") -> bool:
    """Whether any of `options` (long ones by prefix too) or a short cluster holding one of
    `letters` is among `args`."""
    for arg in args:
        if arg == "--":
            return False
        if any(arg == o or (o.startswith("--") and matches_long(arg, o)) for o in options):
            return True
        if letters and any(c in short_cluster(arg) for c in letters):
            return True
    return False


# -- where its words point ------------------------------------------------------------------------

def write_target(target: str, ctx: Context, overwrite_rule: str, appends: bool = False,
                  dynamic: bool = False, reads: tuple[str, ...] = ()) -> None:
    """A file the command writes: HIGH outside the workspace, in .git, computed at run time, or
    over an existing file (or its own input); MEDIUM when it creates or appends inside."""
    found = ctx.found
    if looks_outside(target, ctx) or (ctx.left_workspace and not target.startswith("/")):
        found.add("shell.outside_path", target)
        return
    if dynamic or "$" in target or "`" in target:
        found.add("shell.dynamic_target", target)
        return
    if not contains_path(target, ctx):
        found.add("shell.outside_path", target)
        return
    if special_target(target, ctx):
        return
    if re.search(r"[*?\[{]", target):
        found.add("shell.dynamic_target", f"{target} (a pattern that may match existing files)")
        return
    if appends:
        found.add("shell.redirect_append", target)
    elif overwrite_rule and (exists_in(target, ctx) or target in reads):
        found.add(overwrite_rule, target)
    elif overwrite_rule == "shell.redirect_overwrite":
        found.add("shell.redirect_create", target)
    else:
        found.add("shell.creates_file", target)


def modified_target(target: str, ctx: Context, dynamic: bool = False) -> bool:
    """A file the command changes in place (touch, chmod, gzip): HIGH outside the workspace, in
    .git or computed at run time; otherwise the program's own level (True: an ordinary file here)."""
    if dynamic or "$" in target or "`" in target:
        ctx.found.add("shell.dynamic_target", target)
    elif looks_outside(target, ctx) or not contains_path(target, ctx) or (ctx.left_workspace
                                                                        and not target.startswith("/")):
        ctx.found.add("shell.outside_path", target)
    else:
        return not special_target(target, ctx)
    return False


def exists_in(path: str, ctx: Context) -> bool:
    try:
        return ctx.workspace.resolve(from_cwd(path, ctx)).exists()
    except PathEscape:
        return False


def expand_glob(pattern: str, ctx: Context) -> list[str]:
    if not re.search(r"[*?\[]", pattern):
        return [pattern]
    return glob.glob(pattern, root_dir=ctx.workspace.root / ctx.cwd) or [pattern]


def from_cwd(path: str, ctx: Context) -> str:
    """`path` as the workspace sees it from the directory a `cd` went to."""
    return path if not ctx.cwd or path.startswith(("/", "~")) else posixpath.join(ctx.cwd, path)


def contains_path(path: str, ctx: Context) -> bool:
    return ctx.workspace.contains(from_cwd(path, ctx)) and (not ctx.cwd or ctx.workspace.contains(path))


def resolves_outside(path: str, ctx: Context) -> bool:
    """A relative path that a symlink in the workspace leads outside it (from the root, or from
    where a `cd` went: a `cd` in a subshell does not last, so both are checked)."""
    root = str(ctx.workspace.root)
    for base in {root, os.path.join(root, ctx.cwd)}:
        if not os.path.lexists(os.path.join(base, path.split("/", 1)[0])):
            continue  # a path that does not start with an existing name goes through no symlink here
        try:
            real = os.path.realpath(os.path.join(base, path))
        except (OSError, ValueError):
            continue
        if real != root and not real.startswith(root + os.sep):
            return True
    return False


def special_target(target: str, ctx: Context, sources: list[str] | None = None) -> bool:
    """HIGH for a write into version-control internals or a file that runs code later."""
    rel = ctx.workspace.relative(from_cwd(target, ctx))
    names = [rel] if sources is None else [rel] + [posixpath.join(rel, posixpath.basename(s.rstrip("/")))
                                                   for s in sources if ctx.workspace.is_dir(from_cwd(target, ctx))]
    for name in names:
        if any(part in VCS_DIRS for part in name.split("/")):
            ctx.found.add("shell.vcs_internals", target)
            return True
        why = runs_later(ctx.workspace.root, name, ctx.workspace.protected)
        if why:
            ctx.found.add("shell.runs_later", why)
            return True
    return False


def is_inside(path: str, ctx: Context) -> bool:
    return not looks_outside(path, ctx) and contains_path(path, ctx) and "$" not in path


def looks_outside(arg: str, ctx: Context, dynamic: bool = False) -> bool:
    """An argument that names a file system location outside the workspace (or, after a `cd`
    out of it, any relative path)."""
    if arg in HARMLESS_TARGETS or "://" in arg or OPEN_DESCRIPTOR.fullmatch(arg):
        return False
    if dynamic and ("{" in arg or GLOB.search(arg)) and (
            expansion_reaches_parent(arg) or (GLOB.search(arg) and not arg.startswith("/")
                                               and _glob_leads_outside(arg, ctx))):
        return True
    if arg.startswith("~") or re.match(r"\$\{?(HOME|USER|OLDPWD|XDG_\w+)\b", arg):
        return True
    if arg.startswith("/") or arg == ".." or arg.startswith("../") or "/../" in arg or arg.endswith("/.."):
        return not contains_path(arg, ctx)
    if "=" in arg and not arg.startswith("-"):
        return False
    if arg.startswith("--") and "=" in arg:
        return looks_outside(arg.split("=", 1)[1], ctx)
    return not arg.startswith("-") and resolves_outside(arg, ctx)


def _glob_leads_outside(word: str, ctx: Context) -> bool:
    """Whether a glob matches, in the workspace, a name that a symlink leads outside
    (`cat d*/hostname` with `data -> /etc`). Fails closed past a number of matches."""
    base = ctx.workspace.root / ctx.cwd
    for n, match in enumerate(glob.iglob(word, root_dir=base)):
        if n >= MAX_GLOB_MATCHES or resolves_outside(match, ctx):
            return True
    return False
