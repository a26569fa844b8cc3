"""Hard-coded risk rules. The model's opinion of its own action never counts.

`classify(action)` is a pipeline by the action's kind: a path is checked first (control
characters, outside the workspace: refused), then a read or a listing is LOW, an edit is judged
from its preview (edit_risk.py, which never reads the shell), and a command line by the
`CommandJudge` here, in four steps:

1. the shell reader (shell.py, over shell_lexer.py) finds every simple command the line would run;
2. the line as a whole: a fork bomb, a shell reading a download, what could not be read, a
   substitution the reader did not account for, a value bash evaluates;
3. each simple command, by command_risk.judge_simple, told of particular programs by the table
   programs.py composes;
4. the files the line writes and then runs, and a download it runs (`run_downloads`). Whether
   the line writes a file at all, and which file each command runs, is read first: a line that
   writes none, or runs none, goes no further.

Each step adds the rules that fire to one `Findings` (rules.py); the verdict's level is the highest
among them (`verdict`, here), so an action is as risky as its riskiest part.

A file written and run in the same line (`printf 'rm -rf src\\n' > t.sh && sh t.sh` hides its
commands from rules that read only the line) is followed to where the line runs it (a shell or
`.` given the file, `./t.sh`, an interpreter's script, `awk -f`, `sed -f`, make's makefile),
whatever the order or the directory (files are matched by name: fail closed). What the line says
the file holds (echo, printf, a here-document or here-string, through cat or tee; `>` then `>>`;
each way dash and bash read the escapes: checks/shell_builtins.py) is judged as what runs:

- a shell script (or `./t` with a shell's `#!`, or none) as a command line of its own: HIGH when
  that would be HIGH (`shell.written_script`), else the line keeps its level;
- an awk program or sed script as the same awk or sed command given it inline;
- code for another interpreter, a makefile, or a file a tool runs code from (conftest.py under
  pytest, package.json under npm, a Rakefile, a module `python -m` runs): HIGH, as `python3 -c` is;
- a file whose content the line does not show (copied, moved, linked, decoded, unpacked, a
  program's output, a name computed at run time): HIGH, since it cannot be read.
"""

from __future__ import annotations

import fnmatch
import os
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import PurePosixPath
from typing import assert_never

from ..files.edits import EditPreview
from ..files.workspace import PathEscape, Workspace
from ..reply.kinds import Action, Done, EditAction, ListDir, ReadFile, RunCommand, path_problem
from .checks.shell_builtins import MAX_CANDIDATES, Texts, fed_text, joined, printed
from .command_risk import base_program, from_cwd, judge_simple, operands_of, option_value, short_cluster
from .command_tables import (
    AWK_PROGRAMS, COMMAND_RULES, DOWNLOADERS, HARMLESS_TARGETS, INLINE_CODE_OPTIONS, INTERPRETER_VALUE_OPTIONS,
    INTERPRETERS, MOVERS, OPEN_DESCRIPTOR, OUTPUT_OPTIONS, PROMPT_EXPANSION, SYSTEM_BIN_DIRS, TOOL_FILES,
    CommandPattern,
)
from .edit_risk import judge_edit, wiped_lines
from .judging import Context, Programs
from .programs import PROGRAMS
from .rules import LEVELS, REFUSING_RULES, RULES, Findings, Level, RiskVerdict, Rule, one_level_higher
from .shell import SHELLS, SimpleCommand, analyze
from .shell_wrappers import REPLACEMENT

__all__ = ["COMMAND_RULES", "CommandJudge", "CommandPattern", "LEVELS", "Level", "RULES", "RiskVerdict", "Rule",
           "classify", "one_level_higher", "wiped_lines", "writes_a_file"]

_FORK_BOMB = re.compile(r"(\S+)\s*\(\)\s*\{[^}]*\1\s*\|\s*\1\s*&")
_SHELL_FROM_DOWNLOAD = re.compile(r"\b(?:ba|z|da|k)?sh\b[^|;&]*<\(\s*(?:curl|wget)\b"
                                  r"|\b(?:ba|z|da|k)?sh\s+-c\s+[\"']?\$\(\s*(?:curl|wget)\b")
MAX_NESTED_JUDGING = 3  # a value judged as a command line (make's CC=...) judged within another, at most
ANY_NAME = "*"  # the files a writer whose names the line does not show (an archive, `> "$f"`) may write
MAX_EXISTING = 65536  # bytes of a file already here read as the start of what `>>` appends to
# Programs that unpack files whose names the line does not show, and the words that make them.
_UNPACKERS = {"tar": "x", "bsdtar": "x", "cpio": "i", "ar": "x", "7z": "xe", "7za": "xe", "7zr": "xe", "unrar": "xe"}
_DECOMPRESSORS = frozenset({"gunzip", "unxz", "bunzip2", "unzstd", "unlzma", "uncompress", "unzip"})
_COMPRESSORS = frozenset({"gzip", "xz", "bzip2", "zstd", "lzma"})
# Every program written_files finds writing a file by its words (_program_writes): with a
# redirection that writes, all the ways a line writes one here. A line with neither writes no
# file it could run (the line judge asks before it reads what the line runs).
WRITING_PROGRAMS = (frozenset({"tee", "dd"}) | MOVERS | frozenset(OUTPUT_OPTIONS) | frozenset(_UNPACKERS)
                    | _DECOMPRESSORS | _COMPRESSORS)


def classify(action: Action, workspace: Workspace, preview: EditPreview | None = None) -> RiskVerdict:
    """The risk of an action in a workspace, by the hard-coded rules alone.

    `preview` is the edit's before/after/diff when the caller has it already (it is computed once
    per proposal and shared by the risk rules, the guards and the diff view).
    """
    match action:
        case RunCommand(command=command):
            return verdict(CommandJudge(workspace).findings(command))
        case Done():
            return verdict(Findings.of("done.claim"))
    found = Findings()
    if problem := path_problem(action.path):  # actions are checked when made; one built unchecked is refused here
        found.add("path.control_characters", problem)
        return verdict(found)
    try:
        rel = workspace.relative(action.path)
    except PathEscape as exc:
        found.add("path.outside_workspace", str(exc))
        return verdict(found)
    match action:
        case ReadFile():
            found.add("read.file", rel)
        case ListDir():
            found.add("read.listing", rel)
        case EditAction():
            judge_edit(action, rel, workspace, preview, found)
        case _:
            assert_never(action)
    return verdict(found)


def verdict(found: Findings) -> RiskVerdict:
    """The verdict of what fired: the rules that decided the level first (a stable sort: in the
    order they fired within a level), the level the highest among them. Made here, where the
    judging ends, so a reader of classify() does not leave for rules.py to see it made."""
    if not found.hits:
        raise AssertionError("every classification fires at least one rule")
    ordered = sorted(found.hits, key=lambda h: -LEVELS.index(RULES[h[0]].level))
    refused = any(r in REFUSING_RULES for r, _ in ordered)
    return RiskVerdict(RULES[ordered[0][0]].level, tuple(r for r, _ in ordered), tuple(d for _, d in ordered), refused)


@dataclass(frozen=True)
class CommandJudge:
    """Judges command lines run in one workspace, with the program table it is given.

    A command line some program is handed to run (make's `CC='rm -rf src'`, the tail an unknown
    program is given) is judged by the same judge one level deeper (`nested`), to at most
    MAX_NESTED_JUDGING levels: deeper than that fails closed.
    """

    workspace: Workspace
    programs: Programs = PROGRAMS
    depth: int = 0

    def findings(self, command: str) -> Findings:
        """Every rule the command line fires, in the order of the steps above."""
        found = Findings()
        if not command.strip():
            found.add("shell.empty")
            return found
        bombs = fork_bombs(command)  # before the line is read: it reads each function's body on its own
        analysis = analyze(command)
        # The line as a whole: a fork bomb, a shell reading a download, what could not be read, a
        # substitution the reader did not account for, a value bash evaluates.
        if _FORK_BOMB.search(command):
            found.add("shell.fork_bomb")
        for bomb in bombs:
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
        commands = analysis.commands
        ctx = Context(self.workspace, found, self.nested, self.programs, lone=len(commands) == 1)
        for cmd in commands:
            judge_simple(cmd, ctx)
        if any(base_program(cmd.program) in DOWNLOADERS for cmd in commands):
            run_downloads(commands, ctx)  # a download the line runs later: only after a downloader
        # A file the line writes and runs: only a line that writes one can, and only where a command
        # runs one (read once the commands are judged: an interpreter given inline code runs none).
        if any(writes_a_file(cmd) for cmd in commands):
            runs = [(cmd, kind, operand) for cmd in commands for kind, operand in _runs(cmd)]
            if runs:
                judge_written_scripts(runs, commands, ctx)
        if not found.hits:
            found.add("shell.empty")
        return found

    def nested(self, command: str) -> RiskVerdict:
        """The verdict on a command line a program runs, judged one level deeper (made here, as
        the line's own is: the program's judge reads its level, or its first reason)."""
        if self.depth >= MAX_NESTED_JUDGING:
            return verdict(Findings.of("shell.hidden_substitution", f"nested too deep to look into: {command[:40]!r}"))
        return verdict(replace(self, depth=self.depth + 1).findings(command))


# -- fork bombs -------------------------------------------------------------------------------------

# `name () {`, `name(){`, `function name {`, `function name () (`: a function definition's head.
_DEFINITION = re.compile(r"(?:^|(?<=[\s;&|(){}]))(?:function\s+([^\s(){};&|<>'\"`$]+)\s*(?:\(\s*\))?|"
                         r"([^\s(){};&|<>'\"`$]+)\s*\(\s*\))\s*([{(])")
_ENDLESS_LOOP = re.compile(r"\b(?:while\s+(?:true|:|\[\s*1\s*\]|\(\(\s*1\s*\)\))|until\s+false|"
                           r"for\s*\(\(\s*;\s*;\s*\)\))\s*;?\s*do\b(.*?)\bdone\b", re.DOTALL)
_BACKGROUND = re.compile(r"(?<![&>|])&(?![&>])")


def fork_bombs(command: str) -> list[str]:
    """The fork bombs in a command line, in words: a shell function that calls itself, in the
    background or in a pipe, whatever it is named (`f(){ f|f& };f`, `function g { g & g; }; g`),
    and a loop without end that starts processes in the background."""
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


# -- what each command does with files (judged together below) -------------------------------------

def writes_a_file(cmd: SimpleCommand) -> bool:
    """Whether the command may write a file, by a redirection or by its words: when none in the
    line does, written_files finds nothing (tests/unit/test_risk_pipeline.py)."""
    return cmd.program in WRITING_PROGRAMS or any(redirect.writes for redirect in cmd.redirects)


def _runs(cmd: SimpleCommand) -> Iterator[tuple[str, str]]:
    """The files `cmd` runs, with how: "shell", "exec" (by path: its `#!` decides), "code" (another
    interpreter's script), "awk", "sed", "tool" (a name or pattern of the files it runs code from)."""
    if not cmd.argv:
        return
    program = base_program(cmd.program)
    if {"xargs", "parallel"} & set(cmd.via) and (program in INTERPRETERS or program in ("make", "gmake")):
        yield ("shell" if program in SHELLS else "code"), REPLACEMENT  # the script is named on its input
    if cmd.argv[0] == REPLACEMENT or ("/" in cmd.argv[0] and not cmd.argv[0].startswith(SYSTEM_BIN_DIRS)):
        yield "exec", cmd.argv[0]  # ./t.sh, or find -exec {} (whatever find names)
    elif program in SHELLS and not cmd.inline:
        yield from _script_operand(cmd, "shell", frozenset({"-o", "+o", "-O", "+O", "--rcfile", "--init-file"}))
    elif program in (".", "source") and cmd.args:
        yield "shell", cmd.args[0]
    elif program in AWK_PROGRAMS or program in ("sed", "gsed"):
        kind = "sed" if program in ("sed", "gsed") else "awk"
        for k in range(len(cmd.args)):
            script = option_value(cmd.args, k, "-f") or option_value(cmd.args, k, "--file")
            if script:
                yield kind, script
    elif program in TOOL_FILES:  # make's -f names its makefile
        named = [v for k in range(len(cmd.args)) for o in ("-f", "--file", "--makefile")
                 if program in ("make", "gmake") and (v := option_value(cmd.args, k, o))]
        for name in named or TOOL_FILES[program]:
            yield "tool", name
    elif program == "python" and (module := _python_module(cmd.args)):
        for name in TOOL_FILES["pytest"] if module == "pytest" else (module.replace(".", "/") + ".py", "__main__.py"):
            yield "code", name
    elif program in INTERPRETERS and not cmd.inline and not any(a in INLINE_CODE_OPTIONS.get(program, ()) or a == "-m"
                                                                 for a in cmd.args):
        yield from _script_operand(cmd, "code", INTERPRETER_VALUE_OPTIONS.get(program, frozenset()))


def _python_module(args: list[str]) -> str:
    """The module of `python -m MODULE` (`-mMODULE` too), "" when it runs none."""
    for k, arg in enumerate(args):
        if arg == "-m":
            return args[k + 1] if k + 1 < len(args) else ""
        if arg.startswith("-m") and not arg.startswith("--"):
            return arg[2:]
        if not arg.startswith("-"):
            return ""
    return ""


def _script_operand(cmd: SimpleCommand, kind: str, value_options: frozenset[str]) -> Iterator[tuple[str, str]]:
    """The script an interpreter reads: its first operand, or the file its input is redirected from."""
    args = cmd.args
    k = 0
    while k < len(args):
        arg = args[k]
        if arg == "--":
            if k + 1 < len(args):
                yield kind, args[k + 1]
            return
        if arg == "-s" or arg == "-":
            break  # it reads its standard input: a pipe or here-document is fed_interpreter's, a file is below
        if arg in ("--rcfile", "--init-file") and k + 1 < len(args):
            yield kind, args[k + 1]  # bash reads and runs it first
        if arg.startswith(("-", "+")):
            k += 2 if arg in value_options else 1
            continue
        yield kind, arg
        return
    for redirect in cmd.redirects:
        if redirect.op == "<" and redirect.fd in ("", "0"):
            yield kind, redirect.target


# -- the files the line writes, judged where it runs them -----------------------------------------

def judge_written_scripts(runs: list[tuple[SimpleCommand, str, str]], commands: list[SimpleCommand],
                          ctx: Context) -> None:
    """`runs`: each command that runs a file, how ("shell", "exec", "code", "awk", "sed", "tool")
    and the file (the line judge reads these, classify.py); judged against what the line writes."""
    files = written_files(commands, ctx)
    for cmd, kind, operand in runs:
        for texts in _matching(files, operand):
            _judge_written(kind, cmd, operand, texts, ctx)


def written_files(commands: list[SimpleCommand], ctx: Context) -> dict[str, Texts]:
    """Every file the line writes, by path, with what it holds (None: the line does not show it).
    A file written twice holds either text (a branch or a loop may decide): both are kept."""
    files: dict[str, Texts] = {}

    def store(path: str, texts: Texts, appends: bool = False) -> None:
        path = os.path.normpath(path)
        if appends:
            files[path] = joined(files[path] if path in files else _existing(path, ctx), texts)
        elif path in files:
            before = files[path]
            union = None if before is None or texts is None else tuple(dict.fromkeys(before + texts))
            files[path] = union if union is not None and len(union) <= MAX_CANDIDATES else None
        else:
            files[path] = texts

    for cmd in commands:
        for redirect in cmd.redirects:
            if not redirect.writes or redirect.target in HARMLESS_TARGETS or OPEN_DESCRIPTOR.fullmatch(redirect.target):
                continue
            stdout = redirect.fd in ("", "1") or redirect.op in ("&>", "&>>", ">&")
            texts = printed(cmd) if stdout else (("",) if printed(cmd) is not None else None)
            store(ANY_NAME if redirect.dynamic else redirect.target, texts if redirect.op != "<>" else None,
                  appends=redirect.op in (">>", "&>>"))
        for path, texts, appends in _program_writes(cmd):
            store(path, texts, appends)
    return files


def _program_writes(cmd: SimpleCommand) -> Iterator[tuple[str, Texts, bool]]:
    """The files a program writes by its words: tee's (what it reads), and those whose content
    the line does not show (a mover's target, an output option, dd's of=, what an archive holds)."""
    program, args = cmd.program, cmd.args
    if program == "tee":
        appends = any(a in ("-a", "--append") or "a" in short_cluster(a) for a in args)
        for k, target in enumerate(args):
            if not target.startswith("-") and target not in HARMLESS_TARGETS:
                yield (ANY_NAME if k in cmd.dynamic_args else target), fed_text(cmd), appends
    elif program in MOVERS:
        operands = operands_of(cmd)
        targets = [option_value(args, k, "-t") or option_value(args, k, "--target-directory") for k in range(len(args))]
        moved_to = next((t for t in targets if t), operands[-1] if len(operands) >= 2 else None)
        if moved_to is not None:
            yield moved_to, None, False
            for source in operands:
                yield os.path.join(moved_to, os.path.basename(source.rstrip("/"))), None, False
    elif program == "dd":
        for arg in args:
            if arg.startswith("of="):
                yield arg[3:], None, False
    if cmd.dynamic_args and program in (*MOVERS, "tee", "dd"):
        yield ANY_NAME, None, False
    for k in range(len(args)):
        for option in OUTPUT_OPTIONS.get(program, ()):
            value = option_value(args, k, option)
            if value:
                yield value, None, False
    if _unpacks(cmd):
        yield ANY_NAME, None, False


def _unpacks(cmd: SimpleCommand) -> bool:
    """Whether the command unpacks files whose names the line does not show."""
    program, args = cmd.program, cmd.args
    if program in _DECOMPRESSORS:
        return not any(a in ("-l", "-t", "-v", "-Z", "-p", "-c", "--list", "--test", "--stdout") for a in args)
    if program in _COMPRESSORS:
        return any(a in ("-d", "--decompress") or "d" in short_cluster(a) for a in args)
    letters = _UNPACKERS.get(program)
    if letters is None or not args:
        return False
    words = [args[0].lstrip("-")] + [short_cluster(a) for a in args[1:]]
    return any(set(letters) & set(word) for word in words) or any(a in ("--extract", "--get") for a in args)


def _existing(path: str, ctx: Context) -> Texts:
    """What a file already here holds, as the start of what `>>` appends to (None: unreadable)."""
    try:
        target = ctx.workspace.resolve(from_cwd(path, ctx))
    except PathEscape:
        return None
    if not target.exists():
        return ("",)
    try:
        if not target.is_file() or target.stat().st_size > MAX_EXISTING:
            return None
        return (target.read_text(encoding="utf-8"),)
    except (OSError, UnicodeDecodeError):
        return None


# -- what the line runs -------------------------------------------------------------------------------

def _matching(files: dict[str, Texts], operand: str) -> Iterator[Texts]:
    """What each written file the operand may name holds: by name, whichever directory; every
    file for a name computed at run time, and any name for a writer that does not show its names."""
    name = os.path.basename(os.path.normpath(operand))
    for path, texts in files.items():
        if path == ANY_NAME or "$" in operand or operand == REPLACEMENT or fnmatch.fnmatchcase(os.path.basename(path),
                                                                                                name):
            yield texts


def _judge_written(kind: str, cmd: SimpleCommand, operand: str, texts: Texts, ctx: Context) -> None:
    if texts is None:
        ctx.found.add("shell.written_script", f"{operand}: written by this line, and what it holds cannot be read")
        return
    for text in texts:
        how = _shebang_kind(text) if kind == "exec" else kind
        if how == "shell":
            found = ctx.judge_line(text)
        elif how in ("awk", "sed"):
            found = ctx.judge_line(_inline_line(cmd, operand, text, "-e" if how == "sed" else ""))
        elif text.strip():
            ctx.found.add("shell.written_script", f"{operand}: code this line writes for {cmd.program} (a script, a "
                                                  "makefile, a file the tool runs code from, or a `#!` interpreter's), "
                                                  "which the rules cannot judge")
            return
        else:
            continue
        if found.level == "HIGH":  # its first reason is the first rule at that level
            ctx.found.add("shell.written_script", f"{operand} holds: {found.reasons[0]}")
            return


def _shebang_kind(text: str) -> str:
    """How `./file` runs: a `#!` naming a shell, or none (the calling shell reads it), is a shell."""
    if not text.startswith("#!"):
        return "shell"
    words = text[2:].split("\n", 1)[0].split()
    names = [PurePosixPath(w).name for w in words[:2]]
    interpreter = names[1] if names[:1] == ["env"] and len(names) > 1 else (names[0] if names else "")
    return "shell" if base_program(interpreter) in SHELLS else "code"


def _inline_line(cmd: SimpleCommand, operand: str, text: str, option: str) -> str:
    """`awk -f prog.awk data` as `awk 'PROGRAM' data`, `sed -f s.sed f` as `sed -e 'SCRIPT' f`."""
    words: list[str] = []
    skip = False
    for arg in cmd.argv:
        if skip:
            skip = False
            words += [option, text] if option else [text]
        elif arg in ("-f", "--file"):
            skip = True
        elif arg in (f"-f{operand}", f"--file={operand}"):
            words += [option, text] if option else [text]
        else:
            words.append(arg)
    return shlex.join(words)


# -- downloads ----------------------------------------------------------------------------------------

def run_downloads(commands: list[SimpleCommand], ctx: Context) -> None:
    """`curl URL > x.sh && sh x.sh`, `wget URL/x.sh; ./x.sh`: code from the network, run."""
    downloaded: set[str] = set()
    for cmd in commands:
        program = base_program(cmd.program)
        if program in DOWNLOADERS:
            downloaded.update(os.path.normpath(r.target) for r in cmd.redirects if r.writes)
            for k in range(len(cmd.args)):
                for option in ("-o", "--output", "-O", "--output-document"):
                    value = option_value(cmd.args, k, option)
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
            ctx.found.add("shell.pipe_to_shell", f"{cmd.text} runs what was downloaded")
