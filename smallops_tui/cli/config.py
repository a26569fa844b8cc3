"""`smallops config path|sessions`: where the configuration file and the session logs are."""

from __future__ import annotations

import argparse

from ..paths import config_file, sessions_dir
from .common import EXIT_OK, say

HELP = "show where the configuration file is"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("what", choices=["path", "sessions"], help="path: the config file; sessions: the log folder")


def handle(args: argparse.Namespace) -> int:
    say(config_file() if args.what == "path" else sessions_dir())
    return EXIT_OK
