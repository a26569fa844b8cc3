"""`smallops acp`: the supervised session served over the Agent Client Protocol (JSON-RPC 2.0 on
stdin/stdout) for Zed, Toad and other ACP clients. The client starts it; see docs/acp.md."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TYPE_CHECKING

from .common import EXIT_OK, EXIT_UNAVAILABLE, complain, prepare
from .run import add_session_options, setting_overrides

if TYPE_CHECKING:
    from ..launch import Prepared

HELP = "serve supervised sessions to an editor or agent client over the Agent Client Protocol (stdio)"
EPILOG = """\
An ACP client (Zed, Toad, ...) starts `smallops acp` and speaks JSON-RPC on its stdin/stdout; the
workspace is the directory the client opens (session/new's cwd), each prompt is one supervised
session, and every proposal reaches the client as a permission request with its risk and diff.
stderr is the agent's log. Backend, model and options come from the same config file, SMALLOPS_*
variables and flags as `smallops run`. Setup for Zed and Toad: docs/acp.md."""

# `run`'s options that mean nothing here: the client names the workspace and the task, and draws
# the screen; a fork starts from a log in the app.
NOT_HERE = ("task", "workspace", "from_log", "step", "theme")


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_session_options(p)


def handle(args: argparse.Namespace) -> int:
    # (here for start-up: the parser loads every command's module at each start; only this one needs these)
    from ..agent.sandbox.confine import SandboxUnavailable, resolve_sandbox
    from ..config import ConfigError, load_settings

    for name in NOT_HERE:
        setattr(args, name, None)
    try:
        settings = load_settings(setting_overrides(args, None))
        sandbox = resolve_sandbox(settings.sandbox, settings.allow_network, tuple(settings.pass_env), settings.bounds())
    except (ConfigError, SandboxUnavailable) as exc:
        complain("smallops acp", exc)
        return EXIT_UNAVAILABLE
    if sandbox.note:
        complain("smallops acp", sandbox.note)
    if sys.stdin is not None and sys.stdin.isatty():
        complain("smallops acp", "this speaks the Agent Client Protocol on stdin/stdout, for an editor or agent client "
                 "to start (Zed, Toad: see docs/acp.md); it waits for JSON-RPC here. Ctrl-C ends it.")
    from ..acp.server import serve, take_stdio

    async def prepared() -> Prepared:
        ready = await prepare(settings, "smallops acp")
        for note in ready.notes:
            complain("smallops acp", note)
        return ready

    try:
        read_fd, write_fd = take_stdio()
    except OSError as exc:
        complain("smallops acp", f"it speaks on stdin and stdout, and one of them is not open ({exc.strerror})")
        return EXIT_UNAVAILABLE
    asyncio.run(serve(settings, prepared, read_fd, write_fd))
    return EXIT_OK
