"""The argument parser: one subparser per subcommand, each filled by its own module
(`HELP`, `add_arguments`, `handle`, and an `EPILOG` where it has one)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from types import ModuleType

from .. import __version__
from . import acp, bench, config, doctor, export, models, replay, rerun, run, sessions

COMMANDS: dict[str, ModuleType] = {
    "run": run, "replay": replay, "rerun": rerun, "sessions": sessions, "export": export, "models": models,
    "doctor": doctor, "bench": bench, "config": config, "acp": acp,
}
SUBCOMMANDS: dict[str, str] = {name: module.HELP for name, module in COMMANDS.items()}
DESCRIPTION = """\
Supervise a small local language model (Ollama, an OpenAI-compatible server, or the embedded
llama.cpp model) working as a coding agent. The model proposes one JSON action per turn; you
see its reasoning, the action, its risk and the diff, and nothing runs until you press a key.
Every session is logged and can be replayed step by step.

  smallops "fix the bug in math.py"       start a supervised session in the current directory
  smallops replay --last                  step through the last session
  smallops doctor                         check that a model server is usable
"""


def build_parser(commands: dict[str, argparse.ArgumentParser] | None = None) -> argparse.ArgumentParser:
    """The parser; `commands`, where given, is filled with each subcommand's own parser."""
    parser = argparse.ArgumentParser(
        prog="smallops", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--version", action="version", version=f"smallops-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for name, module in COMMANDS.items():
        help_text: str = module.HELP
        p = sub.add_parser(name, help=help_text, description=help_text[0].upper() + help_text[1:] + ".",
                           epilog=getattr(module, "EPILOG", None))
        p.set_defaults(handler=module.handle)
        if commands is not None:
            commands[name] = p
        module.add_arguments(p)
    return parser


def parse_command_line(argv: Sequence[str], implied: bool = False) -> argparse.Namespace:
    """The arguments, or exit 2 with a usage: an argument a subcommand does not know is said with
    that subcommand's usage (argparse says it with the top level's: `smallops run --bogus x` printed
    `usage: smallops [-h] [--version] COMMAND ...`). `implied`: the person typed no command (`run`
    was put first for them), so the usage and the error name `smallops`, as they typed it, not
    `smallops run`."""
    commands: dict[str, argparse.ArgumentParser] = {}
    parser = build_parser(commands)
    parsed, extras = parser.parse_known_args(argv)
    if extras:
        command = commands.get(getattr(parsed, "command", None) or "", parser)
        if implied:
            command.prog = parser.prog
        command.error(f"unrecognized arguments: {' '.join(extras)}")
    return parsed
