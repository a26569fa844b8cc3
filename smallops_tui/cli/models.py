"""`smallops models`: the models `run` can use, as a table: the server's with their capabilities,
or the embedded models installed here."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TYPE_CHECKING

from .common import EXIT_FAILURE, EXIT_OK, add_server_options, chosen_backend, say, with_progress
from .text_table import format_table

if TYPE_CHECKING:
    from ..backends import ModelInfo

HELP = "list the models `run` can use (a server's, with their capabilities, or the embedded ones)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_server_options(p, auto=True)


def format_models(models: list[ModelInfo]) -> str:
    if not models:
        return "the server has no models"
    rows = [("NAME", "PARAMS", "QUANT", "CONTEXT", "CAPABILITIES")]
    for m in models:
        rows.append((m.name, m.parameter_size or "-", m.quantization or "-",
                     str(m.context_length) if m.context_length else "-", ", ".join(m.capabilities) or "-"))
    return format_table(rows)


def format_embedded_models() -> tuple[bool, str]:
    """Every model the `embedded` extra ships that is installed here, the default marked; the
    ones missing are named with how to install them. False (and a sentence) when none is."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..backends.embedded import DEFAULT_CONTEXT, install_hint
    from ..backends.shipped_models import DEFAULT_MODEL, SHIPPED_MODELS, installed

    present = [m for m in SHIPPED_MODELS.values() if installed(m)]
    missing = [m.name for m in SHIPPED_MODELS.values() if not installed(m)]
    if not present:
        return False, f"the embedded model is not installed — {install_hint()}"
    rows = [("NAME", "QUANT", "CONTEXT", "")]
    rows += [(m.name, m.quantization, str(DEFAULT_CONTEXT), "the default" if m.name == DEFAULT_MODEL else "")
             for m in present]
    lines = [format_table(rows)]
    if missing:
        lines.append(f"not installed: {', '.join(missing)} ({install_hint()})")
    lines.append("choose one with --model NAME (or a .gguf file's path)")
    return True, "\n".join(lines)


def handle(args: argparse.Namespace) -> int:
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..backends import DiscoveryError
    from ..backends.kind import backend_kind
    from ..diagnostics import list_models

    choice = chosen_backend(args, "models")
    if isinstance(choice, int):
        return choice
    if backend_kind(choice.kind).runs_here and not choice.url:  # (with --url: the one model file it names)
        ok, text = format_embedded_models()
        say(text, file=sys.stdout if ok else sys.stderr)
        return EXIT_OK if ok else EXIT_FAILURE
    try:
        models = asyncio.run(with_progress(list_models(choice.kind, choice.url),
                                           f"asking the server{f' at {choice.url}' if choice.url else ''} for its models"))
    except DiscoveryError as failure:
        say(failure.message, file=sys.stderr)
        return EXIT_FAILURE
    say(format_models(models))
    unshown = sum(not m.shown for m in models)
    if unshown:
        say(f"{len(models):,} models: the details of the first {len(models) - unshown} only (PARAMS, QUANT from the "
            f"list; `smallops doctor --model NAME` checks one)", file=sys.stderr)
    return EXIT_OK
