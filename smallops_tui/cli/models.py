"""`smallops models`: the models a server offers, with their capabilities, as a table."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TYPE_CHECKING

from .common import EXIT_FAILURE, EXIT_OK, add_server_options, say
from .text_table import format_table

if TYPE_CHECKING:
    from ..backends import ModelInfo

HELP = "list the models a server offers, with their capabilities"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_server_options(p)


def format_models(models: list[ModelInfo]) -> str:
    if not models:
        return "the server has no models"
    rows = [("NAME", "PARAMS", "QUANT", "CONTEXT", "CAPABILITIES")]
    for m in models:
        rows.append((m.name, m.parameter_size or "-", m.quantization or "-",
                     str(m.context_length) if m.context_length else "-", ", ".join(m.capabilities) or "-"))
    return format_table(rows)


def handle(args: argparse.Namespace) -> int:
    from ..backends import DiscoveryError
    from ..diagnostics import list_models

    try:
        models = asyncio.run(list_models(args.backend, args.url))
    except DiscoveryError as failure:
        say(failure.message, file=sys.stderr)
        return EXIT_FAILURE
    say(format_models(models))
    return EXIT_OK
