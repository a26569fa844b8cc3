"""`smallops export LOG`: a session written as a readable Markdown or HTML transcript."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .common import EXIT_FAILURE, EXIT_OK, EXIT_UNAVAILABLE, complain, say

HELP = "write a session as a readable Markdown or HTML transcript"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", nargs="?", help="a session log (.jsonl)")
    p.add_argument("--format", choices=["md", "html"], default="md", help="Markdown (default) or HTML")
    p.add_argument("--out", help="where to write (default: beside the log, .md or .html)")


def handle(args: argparse.Namespace) -> int:
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..agent.history.replay import Replay
    from ..agent.log.reader import LogError
    from ..transcript import export_html, export_markdown

    if not args.path:
        complain("smallops export", "which log? give its path (see `smallops sessions`)")
        return EXIT_UNAVAILABLE
    try:
        replay = Replay.load(args.path)
    except LogError as exc:
        complain("smallops export", exc)
        return EXIT_FAILURE
    text = export_markdown(replay) if args.format == "md" else export_html(replay)
    out = Path(args.out) if args.out else Path(args.path).with_suffix("." + args.format)
    out.write_text(text, encoding="utf-8")
    for warning in replay.warnings:
        say(f"note: {warning}", file=sys.stderr)
    say(out)
    return EXIT_OK
