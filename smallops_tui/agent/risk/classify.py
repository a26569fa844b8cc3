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
4. the files the line writes and then runs (written_scripts.py), and a download it runs. Whether
   the line writes a file at all, and which file each command runs, is read here: a line that
   writes none, or runs none, goes no further.

Each step adds the rules that fire to one `Findings` (rules.py); the verdict's level is the highest
among them (`verdict`, here), so an action is as risky as its riskiest part.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import assert_never

from ..files.edits import EditPreview
from ..files.workspace import PathEscape, Workspace
from ..reply.kinds import Action, Done, EditAction, ListDir, ReadFile, RunCommand, path_problem
from .command_risk import base_program, judge_simple, option_value
from .command_tables import (
    AWK_PROGRAMS, COMMAND_RULES, DOWNLOADERS, INLINE_CODE_OPTIONS, INTERPRETER_VALUE_OPTIONS, INTERPRETERS,
    PROMPT_EXPANSION, SYSTEM_BIN_DIRS, TOOL_FILES, CommandPattern,
)
from .edit_risk import judge_edit, wiped_lines
from .judging import Context, Programs
from .programs import PROGRAMS
from .rules import LEVELS, REFUSING_RULES, RULES, Findings, Level, RiskVerdict, Rule, one_level_higher
from .shell import SHELLS, SimpleCommand, analyze
from .shell_wrappers import REPLACEMENT
from .written_scripts import WRITING_PROGRAMS, judge_written_scripts, run_downloads

__all__ = ["COMMAND_RULES", "CommandJudge", "CommandPattern", "LEVELS", "Level", "RULES", "RiskVerdict", "Rule",
           "classify", "one_level_higher", "wiped_lines", "writes_a_file"]

_FORK_BOMB = re.compile(r"(\S+)\s*\(\)\s*\{[^}]*\1\s*\|\s*\1\s*&")
_SHELL_FROM_DOWNLOAD = re.compile(r"\b(?:ba|z|da|k)?sh\b[^|;&]*<\(\s*(?:curl|wget)\b"
                                  r"|\b(?:ba|z|da|k)?sh\s+-c\s+[\"']?\$\(\s*(?:curl|wget)\b")
MAX_NESTED_JUDGING = 3  # a value judged as a command line (make's CC=...) judged within another, at most


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
        ctx = Context(self.workspace, found, self.nested, self.programs)
        commands = analysis.commands
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


# -- what each command does with files (judged together by written_scripts.py) -----------------------

def writes_a_file(cmd: SimpleCommand) -> bool:
    """Whether the command may write a file, by a redirection or by its words: when none in the
    line does, written_scripts.written_files finds nothing (tests/unit/test_risk_pipeline.py)."""
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
