"""A real HTTP server on 127.0.0.1 (port 0) that replays recorded response bytes.

Fixtures live in fixtures/streams/: header lines `# source: ...`, `# status: N`,
`# content-type: ...`, then the body exactly as a server sent it. Bodies are sent with
chunked transfer encoding, split where the test says (random byte boundaries, which land
inside multi-byte UTF-8 characters too), with optional faults: drop the connection, stall,
drip slowly, or inject a garbage line. The server records each request and notices when
the client closes the connection before the body is finished (cancellation).

Connections are kept alive by default, as Ollama, llama.cpp's server and vLLM keep them: a
client that reuses a pooled connection from the wrong event loop fails here as it would there.
`keep_alive=False` answers `Connection: close` instead.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "streams"


@dataclass
class Recorded:
    source: str
    status: int
    content_type: str
    body: bytes


def load_fixture(name: str) -> Recorded:
    data = (FIXTURES / name).read_bytes()
    headers: dict[str, str] = {}
    rest = data
    while rest.startswith(b"# "):
        line, _, rest = rest.partition(b"\n")
        key, _, value = line[2:].decode().partition(":")
        headers[key.strip()] = value.strip()
    if "source" not in headers:
        raise ValueError(f"{name}: every fixture must say where its shape comes from (# source: ...)")
    return Recorded(headers["source"], int(headers.get("status", "200")), headers.get("content-type", "text/plain"), rest)


@dataclass
class Reply:
    """How to send one fixture."""

    fixture: str
    split: str = "random"  # random | lines | events (server-sent) | whole | bytes
    seed: int = 0
    delay: float = 0.0  # seconds between pieces
    drop_after: int | None = None  # close the connection after this many body bytes
    stall_after: int | None = None  # go quiet after this many body bytes...
    stall_seconds: float = 3600.0  # ...for this long
    release: asyncio.Event | None = None  # ...or until the test sets this (then stall_seconds is a deadline)
    garbage_after_line: int | None = None  # insert a non-JSON line after this line
    body: bytes | None = None  # use these bytes instead of the fixture's body
    head_delay: float = 0.0  # wait this long before the status line (a cold model load)
    extra_headers: str = ""  # more header lines, each ending in \r\n (e.g. Content-Encoding)


@dataclass
class SeenRequest:
    method: str
    path: str
    body: bytes
    new_connection: bool = True  # the first request on its TCP connection (False: a kept-alive one reused)
    arrived: float = 0.0  # time.monotonic() when its body had been read
    answered: float | None = None  # time.monotonic() when its response had been sent (None: not whole)

    def json(self) -> dict:
        return json.loads(self.body or b"{}")


@dataclass
class ReplayServer:
    routes: dict[str, list[Reply]]
    requests: list[SeenRequest] = field(default_factory=list)
    client_closed_early: int = 0  # bodies abandoned by the client
    port: int = 0
    keep_alive: bool = True
    connections_opened: int = 0  # TCP connections accepted (fewer than requests: connections were reused)
    hold_until: int = 0  # hold the first requests until this many are in flight at once (0: answer at once)
    hold_seconds: float = 20.0  # ...or until this long has passed, then answer anyway
    in_flight: int = 0
    most_in_flight: int = 0  # the most requests that were being answered at the same moment
    _in_flight_changed: asyncio.Condition = field(default_factory=asyncio.Condition)
    _server: asyncio.base_events.Server | None = None
    _closed_event: asyncio.Event = field(default_factory=asyncio.Event)
    _writers: set[asyncio.StreamWriter] = field(default_factory=set)
    _handlers: set[asyncio.Task] = field(default_factory=set)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def __aenter__(self) -> ReplayServer:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._server is not None
        self._server.close()
        for writer in list(self._writers):  # idle kept-alive connections end with the server
            writer.close()
        if self._handlers:
            await asyncio.wait(list(self._handlers), timeout=5)
        await self._server.wait_closed()

    async def wait_for_requests(self, count: int, timeout: float = 30.0) -> None:
        """Return once this server has received `count` requests (their bodies read whole)."""
        async with self._in_flight_changed:
            await asyncio.wait_for(self._in_flight_changed.wait_for(lambda: len(self.requests) >= count), timeout)

    async def wait_for_early_close(self, timeout: float = 10.0) -> None:
        await asyncio.wait_for(self._closed_event.wait(), timeout)

    def _pick(self, path: str) -> Reply:
        replies = self.routes.get(path)
        if not replies:
            return Reply("", body=b'{"error":"no such route in this test"}')
        return replies.pop(0) if len(replies) > 1 else replies[0]

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Serve requests on one connection until the client or a fault ends it."""
        self.connections_opened += 1
        self._writers.add(writer)
        handler = asyncio.current_task()
        if handler is not None:
            self._handlers.add(handler)
        connection = _Connection(reader)
        first = True
        try:
            while True:
                request_line = await connection.readline()
                if not request_line:
                    return
                method, path, _ = request_line.decode().split(" ", 2)
                length = 0
                while True:
                    header = await connection.readline()
                    if header in (b"\r\n", b"\n", b""):
                        break
                    name, _, value = header.decode().partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value.strip())
                body = await connection.readexactly(length) if length else b""
                seen = SeenRequest(method, path, body, first, time.monotonic())
                first = False
                self.requests.append(seen)
                async with self._in_flight_changed:
                    self._in_flight_changed.notify_all()  # wakes wait_for_requests
                await self._enter()
                try:
                    kept = await self._respond(self._pick(path), connection, writer)
                    if kept:
                        seen.answered = time.monotonic()
                    if not kept or not self.keep_alive:
                        return
                finally:
                    await self._leave()
        except (ConnectionError, asyncio.IncompleteReadError):
            return
        finally:
            self._writers.discard(writer)
            self._handlers.discard(handler)
            writer.close()

    async def _enter(self) -> None:
        async with self._in_flight_changed:
            self.in_flight += 1
            self.most_in_flight = max(self.most_in_flight, self.in_flight)
            self._in_flight_changed.notify_all()
            if self.hold_until and self.most_in_flight < self.hold_until:
                try:
                    await asyncio.wait_for(self._in_flight_changed.wait_for(
                        lambda: self.most_in_flight >= self.hold_until), self.hold_seconds)
                except TimeoutError:
                    pass  # answer anyway; the test reads most_in_flight

    async def _leave(self) -> None:
        async with self._in_flight_changed:
            self.in_flight -= 1
            self._in_flight_changed.notify_all()

    async def _respond(self, reply: Reply, connection: _Connection, writer: asyncio.StreamWriter) -> bool:
        """Send one response; False when the connection must end."""
        if reply.fixture:
            recorded = load_fixture(reply.fixture)
        else:
            recorded = Recorded("inline", 404, "application/json", reply.body or b"")
        body = reply.body if reply.body is not None else recorded.body
        if reply.garbage_after_line is not None:
            lines = body.split(b"\n")
            lines.insert(reply.garbage_after_line, b"this line is garbage, not JSON {{{")
            body = b"\n".join(lines)
        # While the body is sent the client sends nothing (HTTP/1.1, no pipelining), so a read
        # that ends means it hung up; a byte read is the start of its next request, kept.
        eof = asyncio.ensure_future(connection.reader.read(1))
        if reply.head_delay and await _client_left(eof, reply.head_delay):
            self._note_early_close()
            await _cancel(eof)
            return False
        head = (f"HTTP/1.1 {recorded.status} X\r\nContent-Type: {recorded.content_type}\r\n"
                f"Transfer-Encoding: chunked\r\nConnection: {'keep-alive' if self.keep_alive else 'close'}\r\n"
                f"{reply.extra_headers}\r\n").encode()
        writer.write(head)
        await writer.drain()
        # A client that goes away makes the reader hit EOF: that is how cancellation is seen.
        sent = 0
        stall_after = reply.stall_after
        try:
            for piece in _pieces(body, reply.split, reply.seed):
                if reply.drop_after is not None and sent + len(piece) > reply.drop_after:
                    piece = piece[: reply.drop_after - sent]
                    if piece:
                        writer.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                        await writer.drain()
                    writer.transport.abort()
                    return False
                if stall_after is not None and sent >= stall_after:
                    if await _client_left(eof, reply.stall_seconds, reply.release):
                        self._note_early_close()
                        return False
                    if reply.release is not None:
                        stall_after = None  # released: the rest of the body flows
                writer.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                await writer.drain()
                sent += len(piece)
                if await _client_left(eof, reply.delay):
                    self._note_early_close()
                    return False
            writer.write(b"0\r\n\r\n")
            await writer.drain()
            return True
        except ConnectionError:
            self._note_early_close()
            return False
        finally:
            connection.carry = await _cancel(eof)

    def _note_early_close(self) -> None:
        self.client_closed_early += 1
        self._closed_event.set()


async def _cancel(future: asyncio.Future) -> bytes:
    """Stop watching for EOF; the byte it read, if it read one (the next request's first)."""
    if future.done() and not future.cancelled() and future.exception() is None:
        return future.result()
    future.cancel()
    try:
        return await future
    except (asyncio.CancelledError, ConnectionError):
        return b""


class _Connection:
    """A connection's reader with room for the one byte the EOF watcher may have taken."""

    def __init__(self, reader: asyncio.StreamReader) -> None:
        self.reader = reader
        self.carry = b""

    def _take(self) -> bytes:
        carry, self.carry = self.carry, b""
        return carry

    async def readline(self) -> bytes:
        carry = self._take()
        if carry.endswith(b"\n"):
            return carry
        return carry + await self.reader.readline()

    async def readexactly(self, n: int) -> bytes:
        carry = self._take()
        return carry + (await self.reader.readexactly(n - len(carry)) if n > len(carry) else b"")


async def _client_left(eof: asyncio.Future, seconds: float, release: asyncio.Event | None = None) -> bool:
    """Wait `seconds` (yielding at least once), or until `release` is set; True if the client
    closed meanwhile."""
    if eof.done():
        return True
    if seconds <= 0:
        await asyncio.sleep(0)  # one turn of the loop lets the EOF watcher run; no timer needed
        return eof.done()
    if release is None:
        done, _ = await asyncio.wait({eof}, timeout=seconds)
        return bool(done)
    released = asyncio.ensure_future(release.wait())
    try:
        await asyncio.wait({eof, released}, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
    finally:
        released.cancel()
    return eof.done()


def _pieces(body: bytes, split: str, seed: int) -> list[bytes]:
    if split == "whole" or not body:
        return [body] if body else []
    if split == "lines":
        return [line + b"\n" for line in body.split(b"\n")[:-1]] + ([body.rsplit(b"\n", 1)[-1]] if not body.endswith(b"\n") else [])
    if split == "events":  # one server-sent event a chunk, its blank line with it
        events = body.split(b"\n\n")
        return [event + b"\n\n" for event in events[:-1]] + ([events[-1]] if events[-1] else [])
    if split == "bytes":
        return [body[i : i + 1] for i in range(len(body))]
    rng = random.Random(seed)
    cuts = sorted(rng.sample(range(1, len(body)), k=min(len(body) - 1, max(1, len(body) // 12))))
    pieces, last = [], 0
    for cut in cuts + [len(body)]:
        pieces.append(body[last:cut])
        last = cut
    return pieces


class ThreadedReplayServer:
    """A ReplayServer on its own event loop in a thread, for tests that own no loop (snapshots)."""

    def __init__(self, routes: dict[str, list[Reply]]) -> None:
        import threading

        self._routes = routes
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self.server: ReplayServer | None = None

    def _serve(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._stop = loop.create_future()

        async def main() -> None:
            async with ReplayServer(self._routes) as server:
                self.server = server
                self._ready.set()
                await self._stop

        loop.run_until_complete(main())
        loop.close()

    def __enter__(self) -> ReplayServer:
        self._thread.start()
        self._ready.wait(10)
        assert self.server is not None
        return self.server

    def __exit__(self, *exc: object) -> None:
        self._loop.call_soon_threadsafe(self._stop.set_result, None)
        self._thread.join(10)
