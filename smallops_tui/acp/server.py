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
import stat
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from acp.connection import Connection

from ..agent.sandbox.runner import kill_live_commands
from .agent import BackendSupply, SmallopsAgent
from .connection import ClientLink, InFlight, guarded_router, stderr_log
from .framing import READ_LIMIT, Framing

MAX_FILE_INPUT = 64 * 1024 * 1024  # input redirected from a file: read whole, up to this

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


def _regular_file(fd: int) -> bool:
    return stat.S_ISREG(os.fstat(fd).st_mode)


async def open_streams(read_fd: int, write_fd: int) -> tuple[asyncio.StreamReader, Callable[[bytes], None],
                                                            Callable[[], Awaitable[None]]]:
    """A reader on `read_fd`, and a write and a drain on `write_fd`. Pipes, sockets and terminals go
    through the event loop; a regular file (input or output redirected to one) is read or written
    directly: no live client is at the other end of a file, so nothing waits on it."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=READ_LIMIT)
    if _regular_file(read_fd):
        with os.fdopen(read_fd, "rb") as source:
            reader.feed_data(source.read(MAX_FILE_INPUT))
        reader.feed_eof()
    else:
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(read_fd, "rb", 0))
    if _regular_file(write_fd):
        sink = os.fdopen(write_fd, "wb", 0)

        def write_file(data: bytes) -> None:
            sink.write(data)

        async def written() -> None:
            return None

        return reader, write_file, written
    transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, os.fdopen(write_fd, "wb", 0))
    writer = asyncio.StreamWriter(transport, protocol, None, loop)
    return reader, writer.write, writer.drain


async def serve(settings: Settings, prepare: Callable[[], Awaitable[Prepared]], read_fd: int, write_fd: int) -> None:
    """Serve one client on the two descriptors until it goes or a signal comes."""
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="smallops acp: %(levelname)s %(message)s")
    reader, write, drain = await open_streams(read_fd, write_fd)
    framing = Framing(reader, write, drain, on_refusal=lambda text: stderr_log(f"refused a message: {text}"))
    supply = BackendSupply(prepare)
    agent = SmallopsAgent(settings, supply)
    in_flight = InFlight()
    connection = Connection(guarded_router(agent, stderr_log, in_flight), framing, listening=False)
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
        await agent.shutdown(reason)
        # Requests already read get their answers (a script may close stdin and still read stdout);
        # a signal does not wait for them.
        if listening.done():
            await in_flight.idle.wait()
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
