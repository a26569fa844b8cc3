"""`smallops config`: the settings in force and where each came from; `config path|sessions`:
where the configuration file and the session logs are."""

from __future__ import annotations

import argparse
import os
from typing import Any

from ..paths import config_file, sessions_dir
from .common import EXIT_OK, EXIT_UNAVAILABLE, complain, say
from .text_table import format_table

HELP = "show the settings in force and where each came from (path: the config file; sessions: the log folder)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("what", nargs="?", choices=["path", "sessions"],
                   help="path: the config file; sessions: the log folder (none: every setting, its value and source)")
    p.epilog = ("Settings come from, in rising order: the defaults, the config file, SMALLOPS_<NAME> environment "
                "variables, and a command's flags (which last for that run only).")


def handle(args: argparse.Namespace) -> int:
    if args.what is not None:
        say(config_file() if args.what == "path" else sessions_dir())
        return EXIT_OK
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..config import ConfigError, settings_with_sources

    try:
        settings, sources = settings_with_sources()
    except ConfigError as exc:
        complain("smallops config", exc)
        return EXIT_UNAVAILABLE
    say(describe_settings(settings.model_dump(), sources))
    return EXIT_OK


def describe_settings(values: dict[str, Any], sources: dict[str, str]) -> str:
    """The table `smallops config` prints: each setting, its value, where it came from."""
    path = config_file()
    rows = [("SETTING", "VALUE", "FROM")]
    for name, value in values.items():
        source = sources.get(name, "default")
        if name == "url" and value is None and os.environ.get("OLLAMA_HOST", "").strip():
            value, source = os.environ["OLLAMA_HOST"].strip(), "OLLAMA_HOST (for Ollama)"
        rows.append((name, _shown(value), source))
    where = f"{path}" + ("" if path.exists() else " (not there: every value below is a default or from the "
                                                   "environment)")
    return "\n".join([f"config file: {where}", "", format_table(rows), "",
                      "a command's flags override these for that run (e.g. smallops run --help)"])


def _shown(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "-"
    return str(value)
