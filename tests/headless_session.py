"""A headless session in a process of its own, for tests that kill it: the real loop, the real
backend and the real log, against the server at argv[1], in the workspace argv[2], logging to
argv[3]. `python -m tests.headless_session URL WORKSPACE LOG`."""

from __future__ import annotations

import asyncio
import sys

from smallops_tui.agent import ScriptedPolicy, Session, SessionConfig, Workspace
from smallops_tui.backends import OllamaBackend


async def main(url: str, workspace: str, log: str) -> None:
    async with OllamaBackend(url, "test") as backend:
        session = Session(backend, Workspace(workspace), SessionConfig(task="stream until killed"),
                          ScriptedPolicy("approve-all"), log)
        await session.run()


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:4]))
