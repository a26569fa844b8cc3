"""The argument parser: one subparser per subcommand, each filled by its own module
(`HELP`, `add_arguments`, `handle`, and an `EPILOG` where it has one)."""

from __future__ import annotations

import argparse
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


def build_parser() -> argparse.ArgumentParser:
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
        module.add_arguments(p)
    return parser
