"""`smallops doctor`: the server, the model, thinking and constrained decoding checked, one line
each, and what to fix first."""

from __future__ import annotations

import argparse
import asyncio

from ..backend_names import AUTO_ORDER, entry
from .common import EXIT_FAILURE, EXIT_OK, add_server_options, chosen_backend, say

HELP = "check the server, the model, thinking and constrained decoding; say what to fix"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_server_options(p, auto=True)
    p.add_argument("--model", help="the model to check (default: the one `smallops run` would use)")
    p.add_argument("--no-constrained", action="store_true", help="skip the constrained-decoding request")


def handle(args: argparse.Namespace) -> int:
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..diagnostics import doctor

    choice = chosen_backend(args, "doctor")
    if isinstance(choice, int):
        say("not ready: fix what the line above says and run `smallops doctor` again")
        return choice
    ok, checks = asyncio.run(doctor(choice.kind, choice.url, choice.model, constrained=not args.no_constrained))
    for check in checks:
        say(check)
    say("ready for a session" if ok else "not ready: fix the first ✗ above and run `smallops doctor` again")
    *servers, fallback = AUTO_ORDER
    if not ok and choice.kind in servers and any(c.text.startswith(f"no {entry(choice.kind).title} at") for c in checks):
        say(f"(without {entry(choice.kind).title}, `smallops run` uses {entry(fallback).title}: check it with "
            f"`smallops doctor --backend {fallback}`)")
    return EXIT_OK if ok else EXIT_FAILURE
