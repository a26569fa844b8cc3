"""The program table: what the judge of a simple command (command_risk.py) is told of particular
programs, composed from the modules that judge them. The only place they are listed together.

- `judges`: what a program runs or reaches beyond the command rules, in order: the line editors
  fed their commands, the tools whose own language runs commands, tar's create modes; then code
  in options (code_in_options.py), archives and converters (unpacking.py), files sent away
  (exfiltration.py), other processes (processes.py), modes (permissions.py); then an interpreter
  given inline code or fed its script (command_risk.judge_interpreter), and the network. git is
  judged by checks/git.py alone.
- `writers`: the files a program writes by its words (movers.py: cp, mv, ln, install, rsync, tee;
  sponge, uniq's output, the files touch or chmod change).
- `checkers`: whether an invocation is positively read-only, where a READ_ONLY entry cannot say
  (checks/).
- `known`: every program the rules know something of; any other that is not read-only may run
  its words as a command (unknown_programs.py), and so may the tools that act on processes.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from . import code_in_options, exfiltration, movers, permissions, processes, unpacking
from .checks import CHECKERS
from .checks import git
from .command_risk import judge_interpreter
from .command_tables import (
    ADDRESS_CLIENTS, AWK_PROGRAMS, COMMAND_RULES, ESCAPING_TOOLS, INTERPRETERS, MODIFIES_OPERANDS, MOVERS,
    NETWORK_CLIENTS, OUTPUT_OPTIONS, OUTSIDE_CONTROLLERS, PUBLISHERS, READ_ONLY, RUNS_PROGRAM_OPTIONS,
)
from .judging import Judge, Programs
from .shell_wrappers import RUNNERS, WRAPPERS
from .unknown_programs import NOT_WRAPPERS, judge_unknown_program


def _compose(*tables: Mapping[str, Judge]) -> Mapping[str, tuple[Judge, ...]]:
    """Each program's judges, in the order of the tables that name it."""
    by_program: dict[str, tuple[Judge, ...]] = {}
    for table in tables:
        for program, judge in table.items():
            by_program[program] = (*by_program.get(program, ()), judge)
    return MappingProxyType(by_program)


# Every program the rules know something of (a table names it, or a judge, a checker, a wrapper).
KNOWN = frozenset(set(READ_ONLY) | set(CHECKERS) | INTERPRETERS | set(code_in_options.JUDGES)
                  | set(unpacking.JUDGES) | set(git.JUDGES) | set(exfiltration.JUDGES) | set(permissions.JUDGES)
                  | NETWORK_CLIENTS | ADDRESS_CLIENTS | OUTSIDE_CONTROLLERS | MOVERS | set(MODIFIES_OPERANDS)
                  | set(OUTPUT_OPTIONS) | set(RUNS_PROGRAM_OPTIONS) | set(PUBLISHERS) | set(ESCAPING_TOOLS)
                  | set(WRAPPERS) | set(RUNNERS) | NOT_WRAPPERS | {name for _, pattern in COMMAND_RULES
                                                                   for name in pattern.programs})

# An interpreter's script, inline or fed (awk's program is checks/awk.py's).
INTERPRETING = {name: judge_interpreter for name in INTERPRETERS - AWK_PROGRAMS}

PROGRAMS = Programs(
    judges=_compose(git.JUDGES, code_in_options.FED_EDITORS, code_in_options.ESCAPING, unpacking.ARCHIVE_WRITERS,
                    code_in_options.JUDGES, unpacking.JUDGES, exfiltration.JUDGES, processes.JUDGES,
                    permissions.JUDGES, INTERPRETING, exfiltration.NETWORK),
    writers=_compose(movers.OPERAND_WRITERS, movers.JUDGES),
    checkers=MappingProxyType(CHECKERS),
    known=KNOWN,
    # Words that can start a command worth looking at in an unknown program's: every program the
    # rules know something of, but those whose words are names, and the wrappers of the shell.
    command_words=KNOWN - NOT_WRAPPERS | {"eval", "exec", "env", "xargs", "nohup", "sudo"},
    process_tools=frozenset(processes.JUDGES),
    unknown=judge_unknown_program,
)
