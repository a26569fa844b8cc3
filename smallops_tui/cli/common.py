"""What every subcommand shares: `say()` (printing that draws escapes visibly), the exit codes,
progress while a slow server is awaited, and the server options.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Awaitable
from typing import TYPE_CHECKING, TextIO, TypeVar

from ..agent.files.visible import visible
from ..backend_names import AUTO, backend_help, choices as backend_choices, discovery_text, names, url_help
from ..terminal_progress import TerminalProgress

if TYPE_CHECKING:
    from ..config import Settings
    from ..launch import Choice, Prepared

EXIT_OK, EXIT_FAILURE, EXIT_UNAVAILABLE = 0, 1, 2

T = TypeVar("T")


def say(*parts: object, file: TextIO | None = None, end: str = "\n", flush: bool = False) -> None:
    """print(), drawn visibly: model names, summaries, paths and messages here come from servers,
    models and logs, and an escape sequence in them (OSC 52 sets the clipboard) must not reach the
    terminal raw. Newlines and tabs stay."""
    print(visible(" ".join(str(part) for part in parts)), file=file or sys.stdout, end=end, flush=flush)


def complain(command: str, message: object) -> None:
    """One sentence on stderr, prefixed with the command that says it (`smallops run: …`)."""
    say(f"{command}: {message}", file=sys.stderr)


def describe_discovery(settings: Settings) -> str:
    """What discovery waits for, in words, for the progress line."""
    return discovery_text(settings.backend, settings.url)


async def with_progress(work: Awaitable[T], what: str, first: float = 1.0, every: float = 5.0,
                        bar: TerminalProgress | None = None) -> T:
    """Await `work`; if it takes more than `first` seconds, say what is being waited for, and
    again every `every` seconds (a slow server must never look like a hang) — unless `bar`, a
    progress bar the work draws itself, is showing how far it is."""
    task = asyncio.ensure_future(work)
    started = time.monotonic()
    wait = first
    while True:
        done, _ = await asyncio.wait({task}, timeout=wait)
        if done:
            if bar is not None:
                bar.interrupt()
            return task.result()
        if bar is None or not bar.active:
            say(f"smallops: {what}… {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
        wait = every


def chosen_backend(args: argparse.Namespace, command: str) -> Choice | int:
    """The backend `run` would use with these flags and the same settings (config file,
    environment), for `doctor` and `models` to look at; the exit code when there is none (the
    sentence is said)."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..config import ConfigError, load_settings
    from ..launch import LaunchError, choose_backend

    try:
        settings = load_settings({"backend": args.backend, "url": args.url, "model": getattr(args, "model", None)})
    except ConfigError as exc:
        complain(f"smallops {command}", exc)
        return EXIT_UNAVAILABLE
    try:
        choice = asyncio.run(with_progress(choose_backend(settings), describe_discovery(settings)))
    except LaunchError as exc:
        complain(f"smallops {command}", exc)
        return EXIT_FAILURE
    if choice.note:
        complain(f"smallops {command}", f"{choice.note}, as `smallops run` would")
    return choice


async def prepare(settings: Settings, prefix: str = "smallops") -> Prepared:
    """The backend for `settings`, saying what is waited for; the embedded model's assembly (once)
    and its hash check draw a progress bar."""
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..launch import prepare_backend

    bar = TerminalProgress(prefix=prefix)
    return await with_progress(prepare_backend(settings, bar), describe_discovery(settings), bar=bar)


def add_server_options(p: argparse.ArgumentParser, auto: bool = False) -> None:
    """--backend and --url, as `models`, `doctor` and `bench` take them."""
    p.add_argument("--backend", choices=backend_choices() if auto else names(),
                   default=AUTO if auto else names()[0], help=backend_help(auto))
    p.add_argument("--url", help=url_help())


def add_fork_target_options(p: argparse.ArgumentParser) -> None:
    """What `f` (fork) in replay offers as the forked session's server (`replay`, `sessions`)."""
    p.add_argument("--backend", choices=backend_choices(),
                   help="what f (fork) offers as the forked session's backend (default: your settings')")
    p.add_argument("--url", help="what f (fork) offers as the server URL (default: your settings'; never the log's)")
    p.add_argument("--model", help="what f (fork) offers as the model that goes on (default: the log's)")
