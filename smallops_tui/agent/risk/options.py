"""Reading a command's options and operands as the programs themselves do: long options
abbreviated or with `=value`, short ones clustered or with their value attached.
"""

from __future__ import annotations

import re

from .command_tables import OUTPUT_OPTIONS, CommandPattern
from .shell import SimpleCommand

MIN_ABBREVIATION = 3  # "--" and one letter: getopt_long takes any unambiguous prefix (`sort --o=F` is --output)


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


def pipeline_programs(cmd: SimpleCommand) -> list[str]:
    programs = []
    node: SimpleCommand | None = cmd
    while node is not None:
        programs.append(node.program)
        node = node.piped_from
    return programs
