"""`smallops acp`'s process: the protocol on stdin/stdout, everything else kept off them.

The protocol takes its own copies of the standard streams; file descriptor 0 then reads
/dev/null and 1 writes to stderr. A stray print, a warning, a library's log line or a child
process (the embedded model's worker, a command) can then never corrupt the client's stream of
JSON-RPC, nor read the client's messages. stderr is the client's log of this agent.

The process serves until the client closes stdin or a signal (SIGTERM, SIGINT, SIGHUP) asks it
to stop; either way a running session ends as stopped and is logged, then the process exits.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from acp.connection import Connection

from ..agent.sandbox.runner import kill_live_commands
from .agent import BackendSupply, SmallopsAgent
from .connection import ClientLink, guarded_router, stderr_log
from .framing import READ_LIMIT, Framing

if TYPE_CHECKING:
    from ..config import Settings
    from ..launch import Prepared


def take_stdio() -> tuple[int, int]:
    """The protocol's own copies of stdin and stdout (see the module)."""
    protocol_in, protocol_out = os.dup(0), os.dup(1)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    os.dup2(2, 1)
    return protocol_in, protocol_out


async def open_streams(read_fd: int, write_fd: int) -> tuple[asyncio.StreamReader, Callable[[bytes], None],
                                                            Callable[[], Awaitable[None]]]:
    """A reader on `read_fd`, and a write and a drain on `write_fd`. Pipes and terminals go through
    the event loop; a regular file (input redirected from one) is read and written directly."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=READ_LIMIT)
    try:
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(read_fd, "rb", 0))
    except ValueError:  # not a pipe, socket or character device
        data = os.read(read_fd, 1 << 30)  # (a file: read at once, bounded; no live client writes to it)
        reader.feed_data(data)
        reader.feed_eof()
    try:
        transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin,
                                                            os.fdopen(write_fd, "wb", 0))
    except ValueError:
        def write_file(data: bytes) -> None:
            os.write(write_fd, data)

        async def nothing() -> None:
            return None

        return reader, write_file, nothing
    writer = asyncio.StreamWriter(transport, protocol, None, loop)  # type: ignore[arg-type]
    return reader, writer.write, writer.drain


async def serve(settings: Settings, prepare: Callable[[], Awaitable[Prepared]], read_fd: int, write_fd: int) -> None:
    """Serve one client on the two descriptors until it goes or a signal comes."""
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="smallops acp: %(levelname)s %(message)s")
    reader, write, drain = await open_streams(read_fd, write_fd)
    framing = Framing(reader, write, drain, on_refusal=lambda text: stderr_log(f"refused a message: {text}"))
    supply = BackendSupply(prepare)
    agent = SmallopsAgent(settings, supply)
    connection = Connection(guarded_router(agent, stderr_log), framing, listening=False)
    agent.link = ClientLink(connection)
    supply.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    signals = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
    for number in signals:
        loop.add_signal_handler(number, stop.set)
    listening = asyncio.ensure_future(connection.main_loop())
    stopping = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({listening, stopping}, return_when=asyncio.FIRST_COMPLETED)
        reason = "the client closed the connection" if listening.done() else "smallops acp was told to stop (a signal)"
        stderr_log(f"{reason}; ending")
        await agent.shutdown(f"stopped: {reason}")
    finally:
        for number in signals:
            loop.remove_signal_handler(number)
        stopping.cancel()
        listening.cancel()
        await _quietly(connection.close())
        await _quietly(supply.close())
        kill_live_commands()


async def _quietly(work: Awaitable[Any]) -> None:
    """Closing must not fail the exit: the client may be gone mid-way."""
    try:
        await work
    except (ConnectionError, OSError, asyncio.CancelledError):
        pass
