"""Command line: `smallops [run] TASK`, and the subcommands around a session, one module each.

Each subcommand has its own --help. Exit codes: 0 done, 1 failed (a sentence says why),
2 unusable input (a bad flag, setting or path).
"""

from __future__ import annotations

import difflib
import gc
import sys
from collections.abc import Sequence

from ..agent.sandbox.secret_env import withhold_secrets
from .bench import report
from .common import EXIT_UNAVAILABLE, say
from .parser import SUBCOMMANDS, parse_command_line

__all__ = ["main", "meant_command", "with_default_command"]

APP_COMMANDS = ("run", "replay")  # the commands that start the app (which turns the collector back on)


def with_default_command(argv: list[str]) -> list[str]:
    """`smallops` and `smallops "a task"` mean `smallops run ...`."""
    if not argv:
        return ["run"]
    first = argv[0]
    if first in SUBCOMMANDS or first in ("-h", "--help", "--version"):
        return argv
    return ["run", *argv]


def meant_command(word: str) -> str | None:
    """The subcommand a first argument of one word was probably meant to be (`replya`, `sesions`,
    `rnu`), or None. A task is a sentence; one word close to a command is far likelier a typo, and
    taking it as a task would load the model and log a session named after the typo."""
    word = word.strip().lower()
    if not word.replace("-", "").isalpha() or word in SUBCOMMANDS:
        return None
    close = difflib.get_close_matches(word, SUBCOMMANDS, n=1, cutoff=0.8)
    if close:
        return close[0]
    # Two letters swapped in a short word (`rnu`) score low on similarity: same letters, same length.
    return next((name for name in SUBCOMMANDS if sorted(name) == sorted(word)), None)


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:  # started as a program: keep credentials out of what /proc shows of it
        withhold_secrets()
    given = list(sys.argv[1:] if argv is None else argv)
    if given and (meant := meant_command(given[0])):
        say(f"smallops: {given[0]} is not a command; did you mean `smallops {meant}`? (A task of one word goes "
            f"with run: smallops run {given[0]})", file=sys.stderr)
        return EXIT_UNAVAILABLE
    args_list = with_default_command(given)
    if args_list[0] not in APP_COMMANDS:
        gc.enable()  # held off while the modules loaded (start.py); the app turns it on after its first frame
    if args_list[:2] == ["bench", "report"]:
        return report(args_list[2:])
    args = parse_command_line(args_list, implied=args_list[1:] == given and args_list[:1] != given[:1])
    try:
        return int(args.handler(args))
    except KeyboardInterrupt:
        say("interrupted", file=sys.stderr)
        return 130
