"""What the judge of a simple command (command_risk.py) is handed: the `Context` judging one
command line carries from one simple command to the next, and the `Programs` table it is told of
particular programs by (programs.py composes it). Types only: no judging happens here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..files.workspace import Workspace
from .rules import Findings, RiskVerdict
from .shell import SimpleCommand

Judge = Callable[[SimpleCommand, "Context"], None]  # a program's judge: adds what it finds
Checker = Callable[[SimpleCommand, "Context"], bool]  # a program's checker: True when positively read-only
TailJudge = Callable[[SimpleCommand, str, "Context"], None]  # judges an unknown program's words (and its name)


@dataclass(frozen=True)
class Programs:
    """What the judge is told of particular programs, by name (programs.py composes it)."""

    judges: Mapping[str, tuple[Judge, ...]]  # what it runs, in this order, after the command rules
    writers: Mapping[str, tuple[Judge, ...]]  # the files it writes by its words, after its output options
    checkers: Mapping[str, Checker]  # whether it is positively read-only, where a READ_ONLY entry cannot say
    known: frozenset[str]  # every program the rules know something of
    command_words: frozenset[str]  # names that can start a command line in an unknown program's words
    process_tools: frozenset[str]  # known, yet they may run a command they are given (perf, cpulimit)
    unknown: TailJudge  # a program not known (or a process tool) not read-only: its words as a command line


@dataclass
class Context:
    """What judging one command line carries from one simple command to the next."""

    workspace: Workspace
    found: Findings
    # Judges a command line some program is given to run (make's CC=..., a wrapper's tail), one
    # level deeper, to its verdict: the line judge hands itself down this way instead of being imported.
    judge_line: Callable[[str], RiskVerdict]
    programs: Programs
    left_workspace: bool = False  # a `cd` went outside (or somewhere unknown): later relative paths are too
    cwd: str = ""  # where a `cd` inside the workspace went (relative paths are judged from both places)
    # The line is this one command: nothing before it writes the files it reads (workspace_calls.py)
    lone: bool = False
    not_paths: set[int] = field(default_factory=set)  # args of the current command that are not paths (scripts)
    git_remotes: dict[str, str] = field(default_factory=dict)  # remotes this line adds or points elsewhere: URL
