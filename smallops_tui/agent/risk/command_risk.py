"""The risk of a shell command line, by the tables in command_tables.py. Fails closed.

Every simple command the line would run (shell.py looks through pipelines, substitutions,
wrappers, `sh -c` strings, here-documents and `find -exec`) is judged on its own, and the line
is as risky as its riskiest part. A simple command is LOW only when its program is in
`READ_ONLY` and its options and operands passed that entry's checks, or when it only asks for
`--help`/`--version`. Anything else is at least MEDIUM, and HIGH when it deletes, overwrites,
writes outside the workspace, hides the code it runs, or sets up code to run later.
"""

from __future__ import annotations

import os
import posixpath
import re
import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from ..files.workspace import Workspace
from . import code_in_options, exfiltration, git_remotes, permissions, processes, unpacking
from .checks import CHECKERS
from .checks.git import classify_git_checkout, git_help
from .checks.read_only import check_read_only
from .checks.shell_builtins import classify_assignment, classify_evaluated_strings
from .command_tables import (
    ADDRESS_CLIENTS, AWK_PROGRAMS, COMMAND_RULES, DOWNLOADERS, ESCAPING_TOOLS, FOLLOWS_SYMLINKS, HARMLESS_TARGETS,
    INLINE_CODE_OPTIONS, INTERPRETER_VALUE_OPTIONS, INTERPRETERS, MODIFIES_OPERANDS, MOVERS, NETWORK_CLIENTS,
    OUTPUT_OPTIONS, OUTSIDE_CONTROLLERS, PROC_SECRETS, PROMPT_EXPANSION, PUBLISHERS, READ_ONLY,
    RUNS_PROGRAM_OPTIONS, SECOND_OPERAND_OUTPUT, STDIN_FILES, UNIX_SOCKET_OPTIONS, UPLOAD_OPTIONS,
)
from .options import (
    base_program, is_option, is_output_value, matches_long, operands_of, option_value, pattern_matches,
    pipeline_programs, short_cluster,
)
from .paths import (
    ATTACHED_PATH, DESCRIPTOR_FILE, OPEN_DESCRIPTOR, Context, contains_path, exists_in, expand_glob, from_cwd,
    is_inside, is_tree, looks_outside, modified_target, special_target, write_target,
)
from .rules import RULES, Findings
from .shell import SHELLS, ShellAnalysis, SimpleCommand, analyze
from .shell_lexer import Redirect
from .unknown_programs import HELP_LOADS_PROJECT, command_starts
from .written_scripts import judge_written_scripts, run_downloads

_FORK_BOMB = re.compile(r"(\S+)\s*\(\)\s*\{[^}]*\1\s*\|\s*\1\s*&")
_SHELL_FROM_DOWNLOAD = re.compile(r"\b(?:ba|z|da|k)?sh\b[^|;&]*<\(\s*(?:curl|wget)\b"
                                  r"|\b(?:ba|z|da|k)?sh\s+-c\s+[\"']?\$\(\s*(?:curl|wget)\b")
SYSTEM_BIN_DIRS = ("/bin/", "/usr/bin/", "/usr/local/bin/", "/sbin/", "/usr/sbin/")
Judge = Callable[[SimpleCommand, Context], None]


def _compose(*tables: Mapping[str, Judge]) -> Mapping[str, tuple[Judge, ...]]:
    by_program: dict[str, tuple[Judge, ...]] = {}
    for table in tables:
        for program, judge in table.items():
            by_program[program] = (*by_program.get(program, ()), judge)
    return MappingProxyType(by_program)


# The judges of particular programs, beyond the tables: code in their options or input, archives
# and converters that write over files, tools that send files away, other processes. Read-only.
PROGRAM_JUDGES = _compose(code_in_options.JUDGES, unpacking.JUDGES, exfiltration.JUDGES, processes.JUDGES,
                          permissions.JUDGES, git_remotes.JUDGES)
MAX_NESTED_JUDGING = 3  # a value judged as a command line (make's CC=...) judged within another, at most
PRIVILEGED_WRAPPERS = frozenset({"sudo", "doas", "su", "pkexec", "run0", "runuser"})
STDIN_EDITORS = frozenset({"ed", "red", "ex"})  # line editors whose commands come from standard input


@dataclass(frozen=True)
class CommandJudge:
    """Judges command lines run in one workspace, with the program judges it is given.

    A command line some program is handed to run (make's `CC='rm -rf src'`, the tail an unknown
    program is given) is judged by the same judge one level deeper (`nested`), to at most
    MAX_NESTED_JUDGING levels: deeper than that fails closed.
    """

    workspace: Workspace
    programs: Mapping[str, tuple[Judge, ...]] = field(default_factory=lambda: PROGRAM_JUDGES)
    depth: int = 0

    def findings(self, command: str) -> Findings:
        """Every rule the command line fires."""
        found = Findings()
        if not command.strip():
            found.add("shell.empty")
            return found
        analysis = analyze(command)
        _judge_line(command, analysis, found)
        ctx = Context(self.workspace, found, self.nested)
        for cmd in analysis.commands:
            _classify_simple(cmd, ctx, self.programs)
        run_downloads(analysis.commands, ctx)
        judge_written_scripts(analysis.commands, ctx)
        if not found.hits:
            found.add("shell.empty")
        return found

    def nested(self, command: str) -> Findings:
        """The findings of a command line a program runs, judged one level deeper."""
        if self.depth >= MAX_NESTED_JUDGING:
            return Findings.of("shell.hidden_substitution", f"nested too deep to look into: {command[:40]!r}")
        return replace(self, depth=self.depth + 1).findings(command)


def _judge_line(command: str, analysis: ShellAnalysis, found: Findings) -> None:
    """What the line as a whole shows: fork bombs, a shell reading a download, what could not be
    parsed, substitutions the lexer did not account for, values bash evaluates."""
    if _FORK_BOMB.search(command):
        found.add("shell.fork_bomb")
    for bomb in processes.fork_bombs(command):
        found.add("shell.fork_bomb", bomb)
    if _SHELL_FROM_DOWNLOAD.search(command):
        found.add("shell.pipe_to_shell", "a shell reads a download")
    if analysis.errors:
        found.add("shell.unparsed", "; ".join(dict.fromkeys(analysis.errors)))
    for snippet in dict.fromkeys(analysis.hidden):
        found.add("shell.hidden_substitution", repr(snippet))
    if PROMPT_EXPANSION.search(command):
        found.add("shell.hidden_substitution", "${...@P} runs the substitutions in a variable's value")
    if analysis.arithmetic:
        found.add("shell.evaluates_value", "arithmetic on a variable")


def _classify_simple(cmd: SimpleCommand, ctx: Context, programs: Mapping[str, tuple[Judge, ...]]) -> None:
    left = ctx.left_workspace
    if cmd.chdir and not is_inside(cmd.chdir, ctx):
        ctx.found.add("shell.leaves_workspace", f"env -C {cmd.chdir}")
        ctx.left_workspace = True  # for this command only: its relative paths are beneath cmd.chdir
    ctx.not_paths = set()
    try:
        _judge(cmd, ctx, programs)
    finally:
        ctx.left_workspace = ctx.left_workspace if not cmd.chdir else left


def _judge(cmd: SimpleCommand, ctx: Context, programs: Mapping[str, tuple[Judge, ...]]) -> None:
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
    _judge_what_it_runs(cmd, program, ctx, programs.get(program, ()))
    _judge_what_it_writes(cmd, program, ctx)
    read_only = _read_only(cmd, program, ctx)
    _judge_operands(cmd, program, read_only, ctx)
    if not read_only:
        _judge_unknown_program(cmd, program, ctx)
    _fallback(cmd, ctx, before, read_only)


def _judge_surroundings(cmd: SimpleCommand, ctx: Context) -> None:
    """What comes with the command word: privilege, assignments, strings bash evaluates, redirections."""
    if any(v in PRIVILEGED_WRAPPERS for v in cmd.via):
        ctx.found.add("shell.privilege", cmd.text())
    for assignment in cmd.assignments:
        classify_assignment(assignment, ctx)
    classify_evaluated_strings(cmd, ctx)
    for redirect in cmd.redirects:
        _classify_redirect(redirect, ctx)


def _only_help(cmd: SimpleCommand, program: str, ctx: Context) -> bool:
    """Whether the command only asks an installed program for its help or version. A command word
    computed at run time, or disguised, is said so (and is never only help)."""
    if cmd.dynamic:
        ctx.found.add("shell.dynamic_command", cmd.argv[0])
        return False
    if cmd.disguise:
        ctx.found.add("shell.disguised_command", f"{cmd.argv[0]!r} uses {cmd.disguise}")
        return False
    asks = cmd.args in (["--help"], ["--version"]) or (program == "git" and git_help(cmd))
    return asks and ("/" not in cmd.argv[0] or cmd.argv[0].startswith(SYSTEM_BIN_DIRS))


def _judge_what_it_runs(cmd: SimpleCommand, program: str, ctx: Context, judges: tuple[Judge, ...]) -> None:
    """The command rules, and code the command runs or reaches: inline code, an interpreter fed
    its script, a tool whose own language runs commands, the network, a session outside."""
    found = ctx.found
    for rule_id, pattern in COMMAND_RULES:
        if pattern_matches(pattern, cmd):
            found.add(rule_id, cmd.text())
    _classify_reach(cmd, program, ctx)
    if program == "git" and cmd.args[:1] == ["checkout"]:
        classify_git_checkout(cmd, ctx)
    if program == "tar":
        _classify_tar(cmd, ctx)
    if program in STDIN_EDITORS:
        _classify_stdin_editor(cmd, ctx)
    if program in ESCAPING_TOOLS:
        _classify_escaping_tool(cmd, program, ctx)
    if cmd.inline:
        found.add("shell.inline_code", f"{cmd.program} {cmd.inline}")
    if cmd.code_from_input:
        found.add("shell.fed_interpreter", f"{cmd.program} -c runs what {cmd.code_from_input} is replaced with: "
                                           "the input's lines (a file name such as `$(rm -rf src)`) as code")
    for judge in judges:
        judge(cmd, ctx)
    _classify_interpreter(cmd, program, ctx)
    _classify_network(cmd, program, ctx)
    for option in RUNS_PROGRAM_OPTIONS.get(program, ()):
        if any(is_option(arg, option, attached=len(option) == 2) for arg in cmd.args):
            found.add("shell.option_runs_program", f"{cmd.program} {option}")


def _judge_what_it_writes(cmd: SimpleCommand, program: str, ctx: Context) -> None:
    """Files the command writes: output options and operands, moves and copies, tee."""
    _classify_outputs(cmd, program, ctx)
    if program in MOVERS:
        _classify_mover(cmd, ctx)
    if program == "tee":
        appends = any(a in ("-a", "--append") for a in cmd.args)
        for target in (a for a in cmd.args if not a.startswith("-")):
            write_target(target, ctx, "shell.tee_overwrite" if not appends else "", appends=appends)


def _read_only(cmd: SimpleCommand, program: str, ctx: Context) -> bool:
    """Whether the command is positively read-only: its program's checker, or its READ_ONLY entry,
    says so, and it is the installed program (a path to another file runs that file)."""
    checker = CHECKERS.get(program)
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


def _judge_unknown_program(cmd: SimpleCommand, program: str, ctx: Context) -> None:
    """A program these rules do not know may run the rest of its words as a command (setarch,
    cpulimit, a project's script): where a word names a program and the words from there would
    be HIGH as a command line, so is this one."""
    for start in command_starts(cmd, program):
        if len(cmd.args) - start < 2:
            break  # a program's name alone (`mytool --mode rm`) is a word, not a command with work to do
        tail = " ".join(shlex.quote(word) for word in cmd.args[start:])
        if ctx.judge_line(tail).level() == "HIGH":
            ctx.found.add("shell.unread_wrapper", f"{cmd.program} … {' '.join(cmd.args[start:])[:60]}")
            return


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
        found.add(rule, cmd.text())
    elif read_only:
        found.add("shell.read_only", cmd.text())
    elif cmd.argv:
        found.add("shell.other", cmd.text())


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


def _classify_interpreter(cmd: SimpleCommand, program: str, ctx: Context) -> None:
    """Inline code for an interpreter, or a shell/interpreter fed by a pipe, here-doc or substitution."""
    if program not in INTERPRETERS or program in AWK_PROGRAMS:
        return
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
        if any(is_option(arg, option, attached=True) for option in code_options):
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
        elif fed:
            ctx.found.add("shell.fed_interpreter", f"{cmd.program} {fed[0]}")
        elif script in STDIN_FILES or any(r.op == "<" for r in cmd.redirects):
            pass  # reads a script from a file: runs the project's code (MEDIUM)
    elif "$(...)" in script and k in cmd.dynamic_args:
        ctx.found.add("shell.fed_interpreter", f"{cmd.program} <(...)")


def _classify_network(cmd: SimpleCommand, program: str, ctx: Context) -> None:
    sub = cmd.args[0] if cmd.args else ""
    publishes = PUBLISHERS.get(program, {})
    then = cmd.args[1] if len(cmd.args) > 1 else ""
    if "" in publishes or (sub in publishes and (not publishes[sub] or then in publishes[sub])):
        ctx.found.add("shell.exfiltrate", f"{cmd.program} {sub}: publishes or uploads what is here".replace("  ", " "))
    reaches = program in NETWORK_CLIENTS or program in ADDRESS_CLIENTS or (program == "git" and sub in git_remotes.REMOTE_GIT)
    if reaches and any(k in cmd.dynamic_args and "$" in arg for k, arg in enumerate(cmd.args)):
        ctx.found.add("shell.exfiltrate", f"{cmd.program}: an address built at run time can carry local data out")
    if program not in NETWORK_CLIENTS:
        return
    detail = ""
    for k in range(len(cmd.args)):
        for option in UPLOAD_OPTIONS:
            value = option_value(cmd.args, k, option)
            if value is not None and ("@" in value or option in ("-T", "--upload-file", "--post-file", "--body-file")):
                detail = f"{cmd.program} {option} {value}"
    stdin_sources = cmd.piped_from is not None or any(r.op in ("<", "<<", "<<<", "<<-") for r in cmd.redirects)
    if program not in DOWNLOADERS and stdin_sources:
        detail = detail or f"{cmd.program} reads what it sends from its input"
    if program in ("scp", "rsync", "sftp"):
        operands = [a for a in cmd.args if not a.startswith("-")]
        if len(operands) >= 2 and re.match(r"^[\w.@-]+:", operands[-1]) and "://" not in operands[-1]:
            detail = detail or f"{cmd.program} uploads to {operands[-1]}"
    if detail:
        ctx.found.add("shell.exfiltrate", detail)
    if any(re.search(r"(?i)(proxy|local)command|permitlocalcommand", arg) for arg in cmd.args):
        ctx.found.add("shell.option_runs_program", f"{cmd.program}: a local command in its options")


def _classify_outputs(cmd: SimpleCommand, program: str, ctx: Context) -> None:
    """Files named by output options (sort -o, curl -o) and output operands (uniq IN OUT)."""
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
    if program == "sponge" and operands and operands[0] not in HARMLESS_TARGETS:  # sponge FILE: soaks, then writes
        appends = any(a == "-a" for a in cmd.args)
        write_target(operands[0], ctx, "" if appends else "shell.output_overwrite", appends=appends)
    if program in SECOND_OPERAND_OUTPUT and len(operands) >= 2 and operands[1] not in HARMLESS_TARGETS:
        write_target(operands[1], ctx, "shell.output_overwrite", reads=(operands[0],))
    if program in MODIFIES_OPERANDS:
        for target in operands[MODIFIES_OPERANDS[program]:]:
            modified_target(target, ctx)


def _classify_tar(cmd: SimpleCommand, ctx: Context) -> None:
    """tar's create modes (c, r, u, A) write the archive named by -f (`tar cf notes.txt x`)."""
    args = cmd.args
    if not args:
        return
    old_style = not args[0].startswith("-")
    letters = args[0] if old_style else "".join(short_cluster(a) for a in args)
    long_modes = any(matches_long(a, o) for a in args for o in ("--create", "--append", "--update", "--concatenate"))
    if not (set(letters) & set("cruA") or long_modes):
        return
    archive = None
    if old_style and "f" in args[0]:
        archive = args[1] if len(args) > 1 else None
    for k in range(len(args)):
        archive = archive or option_value(args, k, "-f") or option_value(args, k, "--file")
    if archive and archive not in HARMLESS_TARGETS:
        write_target(archive, ctx, "shell.output_overwrite", dynamic=args.index(archive) in cmd.dynamic_args
                      if archive in args else False)


def _classify_escaping_tool(cmd: SimpleCommand, program: str, ctx: Context) -> None:
    """sqlite3 ':memory:' '.shell rm -rf src', `echo '!rm -rf src' | dc`, `echo 'syscmd(...)' | m4`."""
    pattern = ESCAPING_TOOLS[program]
    for text in [*cmd.args, *(r.body for r in cmd.redirects if r.body)]:
        if pattern.search(text):
            ctx.found.add("shell.inline_code", f"{cmd.program}: its own language runs commands or writes files: "
                                               f"{text.strip()[:60]!r}")
            return
    if cmd.piped_from is not None or any(r.op == "<" for r in cmd.redirects):
        ctx.found.add("shell.fed_interpreter", f"{cmd.program} runs what its input holds")


def _classify_stdin_editor(cmd: SimpleCommand, ctx: Context) -> None:
    """ed and ex take their commands from standard input: fed, they edit what the commands say."""
    fed = cmd.piped_from is not None or any(r.op in ("<", "<<", "<<-", "<<<") for r in cmd.redirects)
    if fed:
        ctx.found.add("shell.fed_interpreter", f"{cmd.program} runs the editing commands on its input")


def _classify_mover(cmd: SimpleCommand, ctx: Context) -> None:
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


