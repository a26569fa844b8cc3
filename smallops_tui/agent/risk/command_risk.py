"""The risk of a shell command line, by the tables in command_tables.py. Fails closed.

Every simple command the line would run (shell.py looks through pipelines, substitutions,
wrappers, `sh -c` strings, here-documents and `find -exec`) is judged on its own, and the line
is as risky as its riskiest part. A simple command is LOW only when its program is in
`READ_ONLY` and its options and operands passed that entry's checks, or when it only asks for
`--help`/`--version`. Anything else is at least MEDIUM, and HIGH when it deletes, overwrites,
writes outside the workspace, hides the code it runs, or sets up code to run later.
"""

from __future__ import annotations

import fnmatch
import glob
import os
import posixpath
import re
from dataclasses import dataclass, field

from .command_tables import (
    ADDRESS_CLIENTS, ARITHMETIC_TESTS, AWK_DANGER, AWK_GETLINE_FILE, AWK_OPTIONS, AWK_PROGRAMS, AWK_PROGRAM_FILE_OPTIONS,
    AWK_RUNS_CODE, AWK_VALUE_OPTIONS, CODE_VARIABLES, COMMAND_RULES, DOWNLOADERS, ESCAPING_TOOLS, EVALUATING_BUILTINS,
    FIND_READ_ONLY, FIND_VALUE_PREDICATES, FOLLOWS_SYMLINKS, GIT_CODE_GLOBALS, GIT_COMMAND_URLS, GIT_LISTING,
    GIT_MIN_PREFIX, GIT_PATH_GLOBALS, GIT_READ_ONLY, GIT_RUNS_PROGRAM, GIT_SAFE_GLOBALS, HARMLESS_TARGETS,
    HARMLESS_VARIABLES, INERT_VALUES, INLINE_CODE_OPTIONS, INTERPRETERS, INTERPRETER_VALUE_OPTIONS,
    MODIFIES_OPERANDS, MOVERS, NETWORK_CLIENTS, OUTPUT_OPTIONS, OUTSIDE_CONTROLLERS, PROC_SECRETS, PROMPT_EXPANSION,
    PUBLISHERS,
    PS_VALUE_OPTIONS, QUOTED_SUBSCRIPT_CODE, READ_ONLY, RUNS_PROGRAM_OPTIONS, SECOND_OPERAND_OUTPUT, SED_OPTIONS,
    SED_SAFE_COMMANDS, SED_SAFE_S_FLAGS, SED_VALUE_OPTIONS, STDIN_FILES, UNIX_SOCKET_OPTIONS, UPLOAD_OPTIONS,
    ReadOnly, base_program, matches_long, short_cluster,
)
from .rules import RULES, Findings
from .shell import SHELLS, Redirect, SimpleCommand, analyze
from ..files.startup_files import VCS_DIRS, runs_later
from ..files.workspace import PathEscape, Workspace

_FORK_BOMB = re.compile(r"(\S+)\s*\(\)\s*\{[^}]*\1\s*\|\s*\1\s*&")
_SHELL_FROM_DOWNLOAD = re.compile(r"\b(?:ba|z|da|k)?sh\b[^|;&]*<\(\s*(?:curl|wget)\b"
                                  r"|\b(?:ba|z|da|k)?sh\s+-c\s+[\"']?\$\(\s*(?:curl|wget)\b")
SYSTEM_BIN_DIRS = ("/bin/", "/usr/bin/", "/usr/local/bin/", "/sbin/", "/usr/sbin/")
PRIVILEGED_WRAPPERS = frozenset({"sudo", "doas", "su", "pkexec", "run0", "runuser"})
DIRECTORY_CHANGERS = frozenset({"cd", "pushd", "popd", "chdir"})
STDIN_EDITORS = frozenset({"ed", "red", "ex"})  # line editors whose commands come from standard input
# A short option with a path attached (`-m/etc/passwd`, `-f~/.ssh/id_rsa`); `-d/` is a delimiter.
_ATTACHED_PATH = re.compile(r"-[A-Za-z0-9]+?(/.+|~.*|\.\.(?:/.*)?)")
_GLOB = re.compile(r"[*?\[]")
MAX_BRACE_ALTERNATIVES = 64
MAX_GLOB_MATCHES = 2000  # names a glob is expanded to and checked for symlinks leading out
# A file that is an open descriptor of the process: what is read from it is what a redirection put there.
_DESCRIPTOR_FILE = re.compile(r"/dev/fd/\d+|/proc/(?:self|thread-self|\d+)/fd/\d+|/dev/std(?:in|out|err)")
# An open descriptor, and nothing beyond it: /dev/fd is /proc/self/fd, so /dev/fd/../cwd/.. is outside.
_OPEN_DESCRIPTOR = re.compile(r"/dev/fd/\d+")


@dataclass
class _Context:
    workspace: Workspace
    found: Findings
    left_workspace: bool = False  # a `cd` went outside (or somewhere unknown): later relative paths are too
    cwd: str = ""  # where a `cd` inside the workspace went (relative paths are judged from both places)
    not_paths: set[int] = field(default_factory=set)  # args of the current command that are not paths (scripts)


def classify_command(command: str, workspace: Workspace, found: Findings) -> None:
    if not command.strip():
        found.add("shell.empty")
        return
    analysis = analyze(command)
    if _FORK_BOMB.search(command):
        found.add("shell.fork_bomb")
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
    ctx = _Context(workspace, found)
    for cmd in analysis.commands:
        _classify_simple(cmd, ctx)
    _download_then_run(analysis.commands, found)
    if not found.hits:
        found.add("shell.empty")


def _classify_simple(cmd: SimpleCommand, ctx: _Context) -> None:
    left = ctx.left_workspace
    if cmd.chdir and not _inside(cmd.chdir, ctx):
        ctx.found.add("shell.leaves_workspace", f"env -C {cmd.chdir}")
        ctx.left_workspace = True  # for this command only: its relative paths are beneath cmd.chdir
    ctx.not_paths = set()
    try:
        _judge(cmd, ctx)
    finally:
        ctx.left_workspace = ctx.left_workspace if not cmd.chdir else left


def _judge(cmd: SimpleCommand, ctx: _Context) -> None:
    found = ctx.found
    text = cmd.text()
    before = len(found.hits)
    read_only = False
    if any(v in PRIVILEGED_WRAPPERS for v in cmd.via):
        found.add("shell.privilege", text)
    for assignment in cmd.assignments:
        _classify_assignment(assignment, ctx)
    _classify_evaluated_strings(cmd, ctx)
    for redirect in cmd.redirects:
        _classify_redirect(redirect, ctx)
    if not cmd.argv:
        _fallback(cmd, ctx, before, read_only=True)
        return
    program = base_program(cmd.program)
    if cmd.dynamic:
        found.add("shell.dynamic_command", cmd.argv[0])
    elif cmd.disguise:
        found.add("shell.disguised_command", f"{cmd.argv[0]!r} uses {cmd.disguise}")
    elif (cmd.args in (["--help"], ["--version"]) or (program == "git" and _git_help(cmd))) \
            and ("/" not in cmd.argv[0] or cmd.argv[0].startswith(SYSTEM_BIN_DIRS)):
        # Only an installed program: `./configure --help` runs whatever the workspace's file says.
        _fallback(cmd, ctx, before, read_only=True, rule="shell.help")
        return
    for rule_id, pattern in COMMAND_RULES:
        if pattern.matches(cmd):
            found.add(rule_id, text)
    _classify_reach(cmd, program, ctx)
    if program == "git" and cmd.args[:1] == ["checkout"]:
        _classify_git_checkout(cmd, ctx)
    if program == "tar":
        _classify_tar(cmd, ctx)
    if program in STDIN_EDITORS:
        _classify_stdin_editor(cmd, ctx)
    if program in ESCAPING_TOOLS:
        _classify_escaping_tool(cmd, program, ctx)
    if cmd.inline:
        found.add("shell.inline_code", f"{cmd.program} {cmd.inline}")
    _classify_interpreter(cmd, program, ctx)
    _classify_network(cmd, program, ctx)
    for option in RUNS_PROGRAM_OPTIONS.get(program, ()):
        if any(_is_option(arg, option, attached=len(option) == 2) for arg in cmd.args):
            found.add("shell.option_runs_program", f"{cmd.program} {option}")
    _classify_outputs(cmd, program, ctx)
    if program in MOVERS:
        _classify_mover(cmd, ctx)
    if program == "tee":
        appends = any(a in ("-a", "--append") for a in cmd.args)
        for target in (a for a in cmd.args if not a.startswith("-")):
            _write_target(target, ctx, "shell.tee_overwrite" if not appends else "", appends=appends)
    checker = _CHECKERS.get(program)
    if checker is not None:
        read_only = checker(cmd, ctx)
    elif program in READ_ONLY:
        read_only = _check_read_only(cmd, READ_ONLY[program], ctx)
    if "/" in cmd.argv[0] and not cmd.argv[0].startswith(SYSTEM_BIN_DIRS) and read_only:
        found.add("shell.program_path", cmd.argv[0])
        read_only = False
    takes_paths = not (read_only and program in READ_ONLY and READ_ONLY[program].operands != "paths")
    for k, arg in enumerate(cmd.args):
        if takes_paths and k not in ctx.not_paths and _looks_outside(arg, ctx, dynamic=k in cmd.dynamic_args) \
                and not _is_option_value(cmd, k):
            found.add("shell.reads_outside" if read_only else "shell.outside_path", arg)
        elif takes_paths and read_only and (attached := _ATTACHED_PATH.fullmatch(arg)) \
                and _looks_outside(attached.group(1), ctx, dynamic=k in cmd.dynamic_args):
            found.add("shell.reads_outside", f"{arg} (a path attached to an option)")  # file -m/etc/passwd
    _fallback(cmd, ctx, before, read_only)


def _classify_reach(cmd: SimpleCommand, program: str, ctx: _Context) -> None:
    """Programs and options that reach past the sandbox: a session or service that acts for the
    command, a Unix socket by path, other processes' /proc files, symlinks followed out."""
    if program in OUTSIDE_CONTROLLERS:
        ctx.found.add("shell.outside_control", cmd.program)
    for option in UNIX_SOCKET_OPTIONS.get(program, ()):
        if any(_is_option(arg, option, attached=len(option) == 2) for arg in cmd.args):
            ctx.found.add("shell.outside_control", f"{cmd.program} {option}: a Unix socket")
    for path in [*cmd.args, *(r.target for r in cmd.redirects)]:
        value = path.split("=", 1)[-1]  # --from-file=/proc/1/environ, dd if=/proc/1/environ
        if any(PROC_SECRETS.search(p) for p in {path, value, _proc_view(path), _proc_view(value)}) \
                and cmd.program not in ("ls", "stat", "cd"):
            ctx.found.add("shell.reads_secrets", path)
    for option in FOLLOWS_SYMLINKS.get(program, ()):
        if any(_is_option(arg, option, attached=len(option) == 2 and program != "find") for arg in cmd.args):
            ctx.found.add("shell.reads_outside", f"{cmd.program} {option} follows symlinks, which may lead outside "
                                                 "the workspace")


def _proc_view(path: str) -> str:
    """`path` with /dev/fd spelled as the /proc/self/fd it is, and `.`, `..` and `//` resolved
    (/proc/self/.. is /proc): /dev/fd/../../1/environ and /proc//1/environ are /proc/1/environ."""
    if not path.startswith("/"):
        return path
    path = re.sub(r"^/dev/fd(?=/|$)", "/proc/self/fd", path)
    return posixpath.normpath(path) if ("/." in path or "//" in path) else path


def _download_then_run(commands: list[SimpleCommand], found: Findings) -> None:
    """`curl URL > x.sh && sh x.sh`, `wget URL/x.sh; ./x.sh`: code from the network, run."""
    downloaded: set[str] = set()
    for cmd in commands:
        program = base_program(cmd.program)
        if program in DOWNLOADERS:
            downloaded.update(os.path.normpath(r.target) for r in cmd.redirects if r.writes)
            for k in range(len(cmd.args)):
                for option in ("-o", "--output", "-O", "--output-document"):
                    value = _value_of(cmd.args, k, option)
                    if value:
                        downloaded.add(os.path.normpath(value))
            urls = [a for a in cmd.args if "://" in a]
            if program == "wget" or "-O" in cmd.args or "--remote-name" in cmd.args:
                downloaded.update(os.path.basename(u.rstrip("/")) for u in urls if os.path.basename(u.rstrip("/")))
            continue
        if not downloaded or not cmd.argv:
            continue
        run = [cmd.argv[0]] + ([a for a in cmd.args if not a.startswith("-")][:1] if program in INTERPRETERS else [])
        if any(os.path.normpath(word) in downloaded for word in run):
            found.add("shell.pipe_to_shell", f"{cmd.text()} runs what was downloaded")


def _fallback(cmd: SimpleCommand, ctx: _Context, before: int, read_only: bool, rule: str = "") -> None:
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


# -- parts of a simple command ---------------------------------------------------------------

def _classify_assignment(assignment: str, ctx: _Context) -> None:
    name, _, value = assignment.partition("=")
    if HARMLESS_VARIABLES.match(name):
        return
    # An empty PATH is the current directory to dash, bash and execvp (`PATH= ls` runs ./ls), and an
    # empty GIT_CONFIG_COUNT drops the hardening the sandbox gives git.
    if CODE_VARIABLES.match(name) and (value not in INERT_VALUES or name == "PATH" or name.startswith("GIT_CONFIG")):
        ctx.found.add("shell.code_variable", name)
    else:
        ctx.found.add("shell.env_assignment", name)


def _classify_evaluated_strings(cmd: SimpleCommand, ctx: _Context) -> None:
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


def _classify_redirect(redirect: Redirect, ctx: _Context) -> None:
    target = redirect.target
    if target.startswith(("/dev/tcp/", "/dev/udp/")):
        ctx.found.add("shell.exfiltrate", f"a redirection opens a network connection: {target}")
        return
    if redirect.op in ("<", "<>") and _looks_outside(target, ctx, redirect.dynamic):
        ctx.found.add("shell.reads_outside", target)
    if not redirect.writes or (target in HARMLESS_TARGETS and target != "-" and not redirect.dynamic) \
            or _OPEN_DESCRIPTOR.fullmatch(target):  # `> -` is a file named "-"
        return
    if redirect.truncates:
        _write_target(target, ctx, "shell.redirect_overwrite", dynamic=redirect.dynamic)
    else:
        _write_target(target, ctx, "", appends=True, dynamic=redirect.dynamic)


def _write_target(target: str, ctx: _Context, overwrite_rule: str, appends: bool = False,
                  dynamic: bool = False, reads: tuple[str, ...] = ()) -> None:
    """A file the command writes: HIGH outside the workspace, in .git, computed at run time, or
    over an existing file (or its own input); MEDIUM when it creates or appends inside."""
    found = ctx.found
    if _looks_outside(target, ctx) or (ctx.left_workspace and not target.startswith("/")):
        found.add("shell.outside_path", target)
        return
    if dynamic or "$" in target or "`" in target:
        found.add("shell.dynamic_target", target)
        return
    if not _contains(target, ctx):
        found.add("shell.outside_path", target)
        return
    if _special_target(target, ctx):
        return
    if re.search(r"[*?\[{]", target):
        found.add("shell.dynamic_target", f"{target} (a pattern that may match existing files)")
        return
    if appends:
        found.add("shell.redirect_append", target)
    elif overwrite_rule and (_exists(target, ctx) or target in reads):
        found.add(overwrite_rule, target)
    elif overwrite_rule == "shell.redirect_overwrite":
        found.add("shell.redirect_create", target)
    else:
        found.add("shell.creates_file", target)


def _classify_interpreter(cmd: SimpleCommand, program: str, ctx: _Context) -> None:
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
        if any(_is_option(arg, option, attached=True) for option in code_options):
            cmd.inline = cmd.inline or next(o for o in code_options if _is_option(arg, o, attached=True))
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
    if script is not None and _DESCRIPTOR_FILE.fullmatch(script) and script not in STDIN_FILES:
        # `. /dev/fd/3 3<<EOF`, `python3 /proc/self/fd/3`: the code is whatever that descriptor holds.
        ctx.found.add("shell.fed_interpreter", f"{cmd.program} {script}: code from an open descriptor")
        return
    if script is None or script in STDIN_FILES:
        if cmd.piped_from is not None:
            source = _pipeline_programs(cmd.piped_from)
            rule = "shell.pipe_to_shell" if DOWNLOADERS & set(source) else "shell.fed_interpreter"
            ctx.found.add(rule, f"{' | '.join(reversed(source))} | {cmd.program}")
        elif fed:
            ctx.found.add("shell.fed_interpreter", f"{cmd.program} {fed[0]}")
        elif script in STDIN_FILES or any(r.op == "<" for r in cmd.redirects):
            pass  # reads a script from a file: runs the project's code (MEDIUM)
    elif "$(...)" in script and k in cmd.dynamic_args:
        ctx.found.add("shell.fed_interpreter", f"{cmd.program} <(...)")


# A repository named by address rather than by a configured remote's name (origin).
_GIT_URL = re.compile(r"[a-z][a-z0-9+.-]*://|[^\s/:]+@[^\s/:]+:|[./~]|.*\.git/?$")
_REMOTE_GIT = frozenset({"push", "fetch", "pull", "clone", "ls-remote", "remote", "submodule", "archive"})


def _classify_network(cmd: SimpleCommand, program: str, ctx: _Context) -> None:
    sub = cmd.args[0] if cmd.args else ""
    publishes = PUBLISHERS.get(program, {})
    then = cmd.args[1] if len(cmd.args) > 1 else ""
    if program == "git" and sub == "push" and any(_GIT_URL.match(a) for a in cmd.args[1:] if not a.startswith("-")):
        ctx.found.add("shell.exfiltrate", f"git push to an address given here, not a configured remote: {then}")
    if "" in publishes or (sub in publishes and (not publishes[sub] or then in publishes[sub])):
        ctx.found.add("shell.exfiltrate", f"{cmd.program} {sub}: publishes or uploads what is here".replace("  ", " "))
    reaches = program in NETWORK_CLIENTS or program in ADDRESS_CLIENTS or (program == "git" and sub in _REMOTE_GIT)
    if reaches and any(k in cmd.dynamic_args and "$" in arg for k, arg in enumerate(cmd.args)):
        ctx.found.add("shell.exfiltrate", f"{cmd.program}: an address built at run time can carry local data out")
    if program not in NETWORK_CLIENTS:
        return
    detail = ""
    for k, arg in enumerate(cmd.args):
        for option in UPLOAD_OPTIONS:
            value = _value_of(cmd.args, k, option)
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


def _classify_outputs(cmd: SimpleCommand, program: str, ctx: _Context) -> None:
    """Files named by output options (sort -o, curl -o) and output operands (uniq IN OUT)."""
    operands = _operands(cmd)
    for k in range(len(cmd.args)):
        for option in OUTPUT_OPTIONS.get(program, ()):
            value = _value_of(cmd.args, k, option)
            if value is not None and value not in HARMLESS_TARGETS:
                reads = list(operands)
                if value in reads and k + 1 < len(cmd.args) and cmd.args[k + 1] == value:
                    reads.remove(value)  # the option's own value, not an input
                _write_target(value, ctx, "shell.output_overwrite", dynamic=k + 1 in cmd.dynamic_args,
                              reads=tuple(reads))
    if program == "sponge" and operands and operands[0] not in HARMLESS_TARGETS:  # sponge FILE: soaks, then writes
        appends = any(a == "-a" for a in cmd.args)
        _write_target(operands[0], ctx, "" if appends else "shell.output_overwrite", appends=appends)
    if program in SECOND_OPERAND_OUTPUT and len(operands) >= 2 and operands[1] not in HARMLESS_TARGETS:
        _write_target(operands[1], ctx, "shell.output_overwrite", reads=(operands[0],))
    if program in MODIFIES_OPERANDS:
        for target in operands[MODIFIES_OPERANDS[program]:]:
            _modified_target(target, ctx)


def _classify_git_checkout(cmd: SimpleCommand, ctx: _Context) -> None:
    """`git checkout [TREE] PATH` replaces PATH with the committed file, without `--`: whatever
    was not committed is gone. A word that names a file here, or a pathspec pattern, is a path."""
    args = cmd.args[1:]
    k = 0
    while k < len(args):
        arg = args[k]
        if arg in ("-b", "-B", "--orphan", "--conflict") or arg.startswith("--"):
            k += 2 if arg in ("-b", "-B", "--orphan") else 1
            continue
        if not arg.startswith("-") and (_GLOB.search(arg) or arg.startswith(":") or _exists(arg, ctx)):
            ctx.found.add("shell.git_discard", f"git checkout {arg}: its uncommitted changes are thrown away")
            return
        k += 1


def _classify_tar(cmd: SimpleCommand, ctx: _Context) -> None:
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
        archive = archive or _value_of(args, k, "-f") or _value_of(args, k, "--file")
    if archive and archive not in HARMLESS_TARGETS:
        _write_target(archive, ctx, "shell.output_overwrite", dynamic=args.index(archive) in cmd.dynamic_args
                      if archive in args else False)


def _classify_escaping_tool(cmd: SimpleCommand, program: str, ctx: _Context) -> None:
    """sqlite3 ':memory:' '.shell rm -rf src', `echo '!rm -rf src' | dc`, `echo 'syscmd(...)' | m4`."""
    pattern = ESCAPING_TOOLS[program]
    for text in [*cmd.args, *(r.body for r in cmd.redirects if r.body)]:
        if pattern.search(text):
            ctx.found.add("shell.inline_code", f"{cmd.program}: its own language runs commands or writes files: "
                                               f"{text.strip()[:60]!r}")
            return
    if cmd.piped_from is not None or any(r.op == "<" for r in cmd.redirects):
        ctx.found.add("shell.fed_interpreter", f"{cmd.program} runs what its input holds")


def _classify_stdin_editor(cmd: SimpleCommand, ctx: _Context) -> None:
    """ed and ex take their commands from standard input: fed, they edit what the commands say."""
    fed = cmd.piped_from is not None or any(r.op in ("<", "<<", "<<-", "<<<") for r in cmd.redirects)
    if fed:
        ctx.found.add("shell.fed_interpreter", f"{cmd.program} runs the editing commands on its input")


def _modified_target(target: str, ctx: _Context) -> None:
    """A file the command changes in place (touch, chmod, gzip): HIGH outside the workspace, in
    .git or computed at run time; otherwise the program's own level."""
    if "$" in target or "`" in target:
        ctx.found.add("shell.dynamic_target", target)
    elif _looks_outside(target, ctx) or not _contains(target, ctx) or (ctx.left_workspace
                                                                        and not target.startswith("/")):
        ctx.found.add("shell.outside_path", target)
    else:
        _special_target(target, ctx)


def _classify_mover(cmd: SimpleCommand, ctx: _Context) -> None:
    operands = _operands(cmd)
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
    if cmd.program == "mv" and any(_is_tree(source, ctx) for source in sources):
        ctx.found.add("shell.move_tree", " ".join(sources))
    if target in HARMLESS_TARGETS or _looks_outside(target, ctx) or not _contains(target, ctx) \
            or (ctx.left_workspace and not target.startswith("/")):
        ctx.found.add("shell.outside_path", target)
        return
    if "$" in target or "`" in target:
        ctx.found.add("shell.dynamic_target", target)
        return
    if _special_target(target, ctx, sources):
        return
    if cmd.program == "ln" and not any(a in ("-f", "--force") or "f" in short_cluster(a) for a in cmd.args):
        return  # ln without -f refuses to replace
    if _exists(target, ctx):
        resolved = ctx.workspace.resolve(_at(target, ctx))
        if resolved.is_dir():
            # Into a directory: only what would land on an existing name is replaced.
            names = [os.path.basename(p.rstrip("/")) for s in sources for p in _expand(s, ctx)]
            clobbered = [n for n in names if n and (resolved / n).exists()]
            if clobbered:
                ctx.found.add("shell.copy_onto_existing", f"{target}/{clobbered[0]}")
        else:
            ctx.found.add("shell.copy_onto_existing", target)


# -- program checkers: True when the invocation is positively read-only ----------------------

def _check_read_only(cmd: SimpleCommand, spec: ReadOnly, ctx: _Context) -> bool:
    ok = True
    operands = 0
    skip = False
    for k, arg in enumerate(cmd.args):
        if skip:
            skip = False
            continue
        if any(_is_option(arg, d, attached=True) for d in spec.deny):
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


def _check_git(cmd: SimpleCommand, ctx: _Context) -> bool:
    ok = True
    globals_ = cmd.git_globals
    for k, arg in enumerate(globals_):
        if any(arg == g or arg.startswith(g) and g.endswith("=") or (g == "-c" and arg.startswith("-c"))
               for g in GIT_CODE_GLOBALS) or matches_long(arg, "--config-env"):
            ctx.found.add("shell.code_config", f"git {arg} {globals_[k + 1] if k + 1 < len(globals_) else ''}".strip())
            ok = False
        elif arg in GIT_PATH_GLOBALS or arg.split("=", 1)[0] in GIT_PATH_GLOBALS:
            value = arg.split("=", 1)[1] if "=" in arg else (globals_[k + 1] if k + 1 < len(globals_) else "")
            if arg.split("=", 1)[0] != "--namespace" and not _is_root(value, ctx):
                ctx.found.add("shell.git_elsewhere", f"git {arg.split('=')[0]} {value}")
                ok = False
            if not _inside(value, ctx):
                ctx.found.add("shell.reads_outside", f"git {arg.split('=')[0]} {value}: runs with that repository's "
                                                     "configuration")
                ok = False
        elif arg.startswith("-") and arg not in GIT_SAFE_GLOBALS and not _follows_path_global(globals_, k):
            ok = False
    if cmd.chdir or ctx.cwd:
        ctx.found.add("shell.git_elsewhere", f"git in {cmd.chdir or ctx.cwd}")
        ok = False
    args = cmd.args
    if not args:
        return ok
    sub, rest = args[0], args[1:]
    for option in GIT_RUNS_PROGRAM.get(sub, ()):
        hit = next((a for a in rest if _is_option(a, option, attached=len(option) == 2) or (
            option.startswith("--") and len(a.split("=", 1)[0]) >= GIT_MIN_PREFIX
            and option.startswith(a.split("=", 1)[0]) and a.startswith("--"))), None)
        if hit is not None:
            ctx.found.add("shell.inline_code", f"git {sub} {hit}")
            return False
    if any(a.startswith(GIT_COMMAND_URLS) for a in rest):
        ctx.found.add("shell.inline_code", f"git {sub}: an ext:: URL runs a command")
        return False
    if sub == "push" and any(a.startswith(("+", ":")) for a in rest[1:]):
        ctx.found.add("shell.git_force_push", cmd.text())  # +ref forces, :ref deletes the remote branch
    if sub in GIT_READ_ONLY:
        for arg in rest:
            for option in GIT_READ_ONLY[sub]:
                if arg == option or (option.startswith("--") and matches_long(arg, option)) or \
                        (len(option) == 2 and arg.startswith(option)):
                    rule = "shell.option_runs_program"
                    if option == "--output":  # writes a file the diff view never shows
                        rule = "shell.outside_path" if _output_outside(arg, rest, ctx) else "shell.output_overwrite"
                    ctx.found.add(rule, f"git {sub} {arg}")
                    return False
        return ok
    if sub in GIT_LISTING:
        allowed = GIT_LISTING[sub]
        positional = [a for a in rest if not a.startswith("-")]
        flags_ok = all(a.split("=", 1)[0] in allowed for a in rest if a.startswith("-"))
        if sub in ("stash", "worktree"):  # plain `git stash` stashes: only list/show only read
            diff_options_ok = not any(matches_long(a, o) for a in rest for o in GIT_READ_ONLY["diff"])
            return ok and diff_options_ok and bool(positional) and positional[0] in allowed
        if sub in ("reflog", "notes", "submodule", "remote"):
            return ok and flags_ok and (not positional or positional[0] in allowed)
        if sub == "config":
            return ok and flags_ok and bool(rest) and rest[0] in allowed
        listing = any(a in ("-l", "--list", "--contains", "--merged", "--no-merged", "--points-at") for a in rest)
        return ok and flags_ok and (not positional or listing)
    return False


def _output_outside(arg: str, rest: list[str], ctx: _Context) -> bool:
    value = arg.split("=", 1)[1] if "=" in arg else (rest[rest.index(arg) + 1] if arg in rest[:-1] else "")
    return not value or _looks_outside(value, ctx) or not _contains(value, ctx)


def _follows_path_global(globals_: list[str], k: int) -> bool:
    return k > 0 and globals_[k - 1] in GIT_PATH_GLOBALS + ("-c", "--config-env")


def _git_help(cmd: SimpleCommand) -> bool:
    if not cmd.args:
        return set(cmd.git_globals) <= {"--version", "--help", "-h"}
    return not cmd.git_globals and (cmd.args == ["help"] or (len(cmd.args) == 2 and cmd.args[1] in ("-h", "--help")))


def _check_sed(cmd: SimpleCommand, ctx: _Context) -> bool:
    scripts: list[str] = []
    ok = True
    operands: list[str] = []
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
            _script_from_input(arg.split("=", 1)[1] if "=" in arg else following, cmd, ctx)
            k += 1 if "=" not in arg else 0
        elif arg.startswith("--"):
            ok = ok and arg.split("=", 1)[0] in SED_OPTIONS
            k += 1 if arg in SED_VALUE_OPTIONS else 0
        elif arg.startswith("-") and arg != "-":
            # A cluster: flags up to an e (the rest, or the next word, is a script) or f (a file).
            for n, letter in enumerate(arg[1:], start=1):
                if letter in "ef":
                    value = arg[n + 1 :] or following
                    k += 0 if arg[n + 1 :] else 1
                    if letter == "e":
                        scripts.append(value)
                        ctx.not_paths.add(k - 1)
                    else:
                        ok = False
                        _script_from_input(value, cmd, ctx)
                    break
                if f"-{letter}" not in SED_OPTIONS:
                    ok = False
        else:
            operands.append(arg)
            if not scripts and len(operands) == 1:
                ctx.not_paths.add(k - 1)
    if not scripts and operands:
        scripts.append(operands.pop(0))
    for script in scripts:
        effect, reads = _sed_scan(script)
        if effect in ("exec", "write"):
            ctx.found.add("shell.script_writes", f"sed {script!r}")
            return False
        if effect == "unparsed":
            ok = False
        for path in reads:
            ok = _script_reads(path, f"sed r {path}", ctx) and ok
    return ok and bool(scripts)


def _script_from_input(path: str, cmd: SimpleCommand, ctx: _Context) -> None:
    """`sed -f /dev/stdin`, `awk -f /dev/fd/3 3<<EOF`: the script is whatever the input holds."""
    if path in STDIN_FILES or _DESCRIPTOR_FILE.fullmatch(path):
        ctx.found.add("shell.fed_interpreter", f"{cmd.program} reads its script from {path}")
        ctx.not_paths.update(k for k, a in enumerate(cmd.args) if a == path)


def _script_reads(path: str, what: str, ctx: _Context, dynamic: bool = False) -> bool:
    """A file a sed or awk script reads: judged like a read operand. True when it stays inside."""
    if PROC_SECRETS.search(path):
        ctx.found.add("shell.reads_secrets", what)
    elif dynamic or "$" in path or _looks_outside(path, ctx) or not _contains(path, ctx):
        ctx.found.add("shell.reads_outside", what + (" (a file named at run time)" if dynamic else ""))
    else:
        return True
    return False


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
        if c == "#":
            end = script.find("\n", i)
            i = n if end < 0 else end
            continue
        if c in "ew" or c == "W":
            return ("exec" if c == "e" else "write"), reads
        if c in "sy":
            delim = script[i + 1] if i + 1 < n else ""
            if not delim or delim in "\\\n":
                return "unparsed", reads
            j = i + 2
            for _ in range(2):
                while j < n and script[j] != delim:
                    j += 2 if script[j] == "\\" else 1
                j += 1
            if j > n:
                return "unparsed", reads
            flags = ""
            while j < n and script[j] not in ";\n}":
                flags += script[j]
                j += 1
            for flag in flags if c == "s" else "":
                if flag in "wW":  # the rest of the line is the file it writes
                    return "write", reads
                if flag == "e":
                    return "exec", reads
                if flag not in SED_SAFE_S_FLAGS and not flag.isspace():
                    return "unparsed", reads
            i = j
            continue
        if c not in SED_SAFE_COMMANDS:
            return "unparsed", reads
        if c in "aicrR:btTv":
            end = re.search(r"\n|;" if c in ":btTv" else r"\n", script[i:])
            if c in "rR":  # the rest of the line is the file it reads
                reads.append(script[i + 1 : n if end is None else i + end.start()].strip())
            i = n if end is None else i + end.end()
            continue
        i += 1
    return "reads", reads


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


def _check_awk(cmd: SimpleCommand, ctx: _Context) -> bool:
    args = cmd.args
    program = None
    ok = True
    k = 0
    while k < len(args):
        arg = args[k]
        name = arg.split("=", 1)[0]
        if name in AWK_RUNS_CODE or arg.startswith(("-l", "-i")) and not arg.startswith("--"):
            ctx.found.add("shell.option_runs_program", f"{cmd.program} {arg}")
            return False
        if name in AWK_PROGRAM_FILE_OPTIONS:
            if name in ("-e", "--source"):
                program = (program or "") + "\n" + (arg.split("=", 1)[1] if "=" in arg else
                                                    args[k + 1] if k + 1 < len(args) else "")
            else:
                ok = False  # the program is in a file
                _script_from_input(arg.split("=", 1)[1] if "=" in arg else args[k + 1] if k + 1 < len(args) else
                                   (arg[2:] if len(arg) > 2 else ""), cmd, ctx)
            k += 1 if "=" in arg else 2
            continue
        if arg.startswith("-") and arg != "-":
            if name not in AWK_OPTIONS and not arg.startswith(("-F", "-v")):
                ok = False
            if arg in AWK_VALUE_OPTIONS:
                ctx.not_paths.add(k + 1)
                k += 1
            k += 1
            continue
        if program is None:
            program = arg
            ctx.not_paths.add(k)
        k += 1
    if program is None:
        return False
    for target in AWK_GETLINE_FILE.findall(program):
        literal = re.fullmatch(r'"((?:[^"\\]|\\.)*)"', target)
        ok = _script_reads(literal.group(1) if literal else target, f"{cmd.program} getline < {target}", ctx,
                           dynamic=literal is None) and ok
    if re.search(r"\bARGV\s*\[[^]]*\]\s*=[^=]", program):
        ctx.found.add("shell.reads_outside", f"{cmd.program} sets ARGV (the files it reads, named at run time)")
        ok = False
    stripped = re.sub(r'"(?:[^"\\]|\\.)*"', '""', program)
    stripped = re.sub(r"(^|[\s(,~!{;&|])/(?:[^/\\\n]|\\.)+/", r"\1//", stripped)
    if AWK_DANGER.search(stripped) and "--sandbox" not in args and "-S" not in args:
        ctx.found.add("shell.inline_code", f"{cmd.program} program runs commands or writes files: {program.strip()!r}")
        return False
    return ok


def _check_find(cmd: SimpleCommand, ctx: _Context) -> bool:
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


def _check_directory_change(cmd: SimpleCommand, ctx: _Context) -> bool:
    operands = [a for a in cmd.args if not a.startswith("-") or a == "-"]
    target = operands[0] if operands else "~"
    ctx.not_paths.update(range(len(cmd.args)))  # judged here
    if cmd.program == "popd" or target == "-" or not _inside(target, ctx) or cmd.dynamic_args:
        ctx.left_workspace = True
        ctx.found.add("shell.leaves_workspace", f"{cmd.program} {target}")
        return False
    rel = ctx.workspace.relative(_at(target, ctx))
    ctx.cwd = "" if rel == "." else rel
    return True


def _check_ps(cmd: SimpleCommand, ctx: _Context) -> bool:
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


def _check_variable_setter(cmd: SimpleCommand, ctx: _Context) -> bool:
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
        return _check_read_only(cmd, READ_ONLY[cmd.program], ctx)
    return False


def _check_command_lookup(cmd: SimpleCommand, ctx: _Context) -> bool:
    return bool(cmd.args) and cmd.args[0] in ("-v", "-V")


def _check_export(cmd: SimpleCommand, ctx: _Context) -> bool:
    for arg in cmd.args:
        if "=" in arg and not arg.startswith("-"):
            _classify_assignment(arg, ctx)
    return all(not a.startswith("-") or a in ("-p", "-n") for a in cmd.args) and not any("=" in a for a in cmd.args)


_CHECKERS = {
    "git": _check_git, "sed": _check_sed, "gsed": _check_sed, "find": _check_find,
    **{name: _check_awk for name in AWK_PROGRAMS},
    **{name: _check_directory_change for name in DIRECTORY_CHANGERS},
    "command": _check_command_lookup, "ps": _check_ps,
    **{name: _check_variable_setter for name in ("read", "printf", "mapfile", "readarray", "getopts", "unset")},
    **{name: _check_export for name in ("export", "declare", "typeset", "local", "readonly")},
}


# -- small helpers ---------------------------------------------------------------------------

def _is_option(arg: str, option: str, attached: bool = False) -> bool:
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


def _value_of(args: list[str], k: int, option: str) -> str | None:
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


def _is_option_value(cmd: SimpleCommand, k: int) -> bool:
    """Whether args[k] is the value of an output option (judged as a write target already)."""
    return k > 0 and any(_value_of(cmd.args, k - 1, o) is not None for o in OUTPUT_OPTIONS.get(cmd.program, ()))


def _operands(cmd: SimpleCommand) -> list[str]:
    return [a for a in cmd.args if not a.startswith("-") or a == "-"]


def _pipeline_programs(cmd: SimpleCommand) -> list[str]:
    programs = []
    node: SimpleCommand | None = cmd
    while node is not None:
        programs.append(node.program)
        node = node.piped_from
    return programs


def _exists(path: str, ctx: _Context) -> bool:
    try:
        return ctx.workspace.resolve(_at(path, ctx)).exists()
    except PathEscape:
        return False


def _is_tree(path: str, ctx: _Context) -> bool:
    try:
        return path in (".", "./", "*") or ctx.workspace.resolve(_at(path, ctx)).is_dir()
    except PathEscape:
        return True


def _expand(pattern: str, ctx: _Context) -> list[str]:
    if not re.search(r"[*?\[]", pattern):
        return [pattern]
    return glob.glob(pattern, root_dir=ctx.workspace.root / ctx.cwd) or [pattern]


def _at(path: str, ctx: _Context) -> str:
    """`path` as the workspace sees it from the directory a `cd` went to."""
    return path if not ctx.cwd or path.startswith(("/", "~")) else posixpath.join(ctx.cwd, path)


def _contains(path: str, ctx: _Context) -> bool:
    return ctx.workspace.contains(_at(path, ctx)) and (not ctx.cwd or ctx.workspace.contains(path))


def _resolves_outside(path: str, ctx: _Context) -> bool:
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


def _special_target(target: str, ctx: _Context, sources: list[str] | None = None) -> bool:
    """HIGH for a write into version-control internals or a file that runs code later."""
    rel = ctx.workspace.relative(_at(target, ctx))
    names = [rel] if sources is None else [rel] + [posixpath.join(rel, posixpath.basename(s.rstrip("/")))
                                                   for s in sources if ctx.workspace.is_dir(_at(target, ctx))]
    for name in names:
        if any(part in VCS_DIRS for part in name.split("/")):
            ctx.found.add("shell.vcs_internals", target)
            return True
        why = runs_later(ctx.workspace.root, name, ctx.workspace.protected)
        if why:
            ctx.found.add("shell.runs_later", why)
            return True
    return False


def _is_root(path: str, ctx: _Context) -> bool:
    return not ctx.cwd and _inside(path, ctx) and ctx.workspace.relative(path) == "."


def _inside(path: str, ctx: _Context) -> bool:
    return not _looks_outside(path, ctx) and _contains(path, ctx) and "$" not in path


def _looks_outside(arg: str, ctx: _Context, dynamic: bool = False) -> bool:
    """An argument that names a file system location outside the workspace (or, after a `cd`
    out of it, any relative path)."""
    if arg in HARMLESS_TARGETS or "://" in arg or _OPEN_DESCRIPTOR.fullmatch(arg):
        return False
    if dynamic and ("{" in arg or _GLOB.search(arg)) and (
            _expansion_reaches_parent(arg) or (_GLOB.search(arg) and not arg.startswith("/")
                                               and _glob_leads_outside(arg, ctx))):
        return True
    if arg.startswith("~") or re.match(r"\$\{?(HOME|USER|OLDPWD|XDG_\w+)\b", arg):
        return True
    if arg.startswith("/") or arg == ".." or arg.startswith("../") or "/../" in arg or arg.endswith("/.."):
        return not _contains(arg, ctx)
    if "=" in arg and not arg.startswith("-"):
        return False
    if arg.startswith("--") and "=" in arg:
        return _looks_outside(arg.split("=", 1)[1], ctx)
    return not arg.startswith("-") and _resolves_outside(arg, ctx)


def _expansion_reaches_parent(word: str) -> bool:
    """Whether brace expansion or a glob can give `word` a `..` part: dash's `.*`, `.?` and `.[.]`
    match `..` (so does bash before 5.2), and bash's `{..,x}` or `{.,x}.` make it."""
    for alternative in _brace_alternatives(word):
        for part in alternative.split("/"):
            # A name's leading dot is only ever matched by a literal dot: `*` never makes `..`.
            if part == ".." or (part.startswith(".") and _GLOB.search(part)
                                and fnmatch.fnmatchcase("..", part.replace("[^", "[!"))):
                return True
    return False


def _glob_leads_outside(word: str, ctx: _Context) -> bool:
    """Whether a glob matches, in the workspace, a name that a symlink leads outside
    (`cat d*/hostname` with `data -> /etc`). Fails closed past a number of matches."""
    base = ctx.workspace.root / ctx.cwd
    for n, match in enumerate(glob.iglob(word, root_dir=base)):
        if n >= MAX_GLOB_MATCHES or _resolves_outside(match, ctx):
            return True
    return False


def _brace_alternatives(word: str) -> list[str]:
    """The words bash's brace expansion makes of `word`, innermost braces first; a sequence
    (`{1..3}`) stands for one element, which holds no `..` part. Fails closed past a limit."""
    done: list[str] = []
    pending = [word]
    while pending:
        current = pending.pop()
        group = re.search(r"\{([^{}]*)\}", current)
        if group is None:
            done.append(current.replace("\0", "{").replace("\1", "}"))
            continue
        body = group.group(1)
        choices = body.split(",") if "," in body else ["0" if ".." in body else f"\0{body}\1"]
        pending.extend(current[: group.start()] + choice + current[group.end() :] for choice in choices)
        if len(done) + len(pending) > MAX_BRACE_ALTERNATIVES:
            return [".."]
    return done
