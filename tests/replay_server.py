"""A real HTTP server on 127.0.0.1 (port 0) that replays recorded response bytes.

Fixtures live in fixtures/streams/: header lines `# source: ...`, `# status: N`,
`# content-type: ...`, then the body exactly as a server sent it. Bodies are sent with
chunked transfer encoding, split where the test says (random byte boundaries, which land
inside multi-byte UTF-8 characters too), with optional faults: drop the connection, stall,
drip slowly, or inject a garbage line. The server records each request and notices when
the client closes the connection before the body is finished (cancellation).
"""

from __future__ import annotations

import asyncio
import json
import random
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
    split: str = "random"  # random | lines | whole | bytes
    seed: int = 0
    delay: float = 0.0  # seconds between pieces
    drop_after: int | None = None  # close the connection after this many body bytes
    stall_after: int | None = None  # go quiet after this many body bytes...
    stall_seconds: float = 3600.0  # ...for this long
    garbage_after_line: int | None = None  # insert a non-JSON line after this line
    body: bytes | None = None  # use these bytes instead of the fixture's body
    head_delay: float = 0.0  # wait this long before the status line (a cold model load)


@dataclass
class SeenRequest:
    method: str
    path: str
    body: bytes

    def json(self) -> dict:
        return json.loads(self.body or b"{}")


@dataclass
class ReplayServer:
    routes: dict[str, list[Reply]]
    requests: list[SeenRequest] = field(default_factory=list)
    client_closed_early: int = 0  # bodies abandoned by the client
    port: int = 0
    _server: asyncio.base_events.Server | None = None
    _closed_event: asyncio.Event = field(default_factory=asyncio.Event)

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
        await self._server.wait_closed()

    async def wait_for_early_close(self, timeout: float = 10.0) -> None:
        await asyncio.wait_for(self._closed_event.wait(), timeout)

    def _pick(self, path: str) -> Reply:
        replies = self.routes.get(path)
        if not replies:
            return Reply("", body=b'{"error":"no such route in this test"}')
        return replies.pop(0) if len(replies) > 1 else replies[0]

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        # One request per connection (`Connection: close`): after the request nothing more
        # may arrive, so any read that ends means the client has gone.
        try:
            request_line = await reader.readline()
            if not request_line:
                return
            method, path, _ = request_line.decode().split(" ", 2)
            length = 0
            while True:
                header = await reader.readline()
                if header in (b"\r\n", b"\n", b""):
                    break
                name, _, value = header.decode().partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            body = await reader.readexactly(length) if length else b""
            self.requests.append(SeenRequest(method, path, body))
            await self._respond(self._pick(path), reader, writer)
        except (ConnectionError, asyncio.IncompleteReadError):
            return
        finally:
            writer.close()

    async def _respond(self, reply: Reply, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
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
        eof = asyncio.ensure_future(reader.read(1))
        if reply.head_delay and await _client_left(eof, reply.head_delay):
            self._note_early_close()
            await _cancel(eof)
            return False
        head = (f"HTTP/1.1 {recorded.status} X\r\nContent-Type: {recorded.content_type}\r\n"
                "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n").encode()
        writer.write(head)
        await writer.drain()
        # A client that goes away makes the reader hit EOF: that is how cancellation is seen.
        sent = 0
        try:
            for piece in _pieces(body, reply.split, reply.seed):
                if reply.drop_after is not None and sent + len(piece) > reply.drop_after:
                    piece = piece[: reply.drop_after - sent]
                    if piece:
                        writer.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                        await writer.drain()
                    writer.transport.abort()
                    return False
                if reply.stall_after is not None and sent >= reply.stall_after:
                    if await _client_left(eof, reply.stall_seconds):
                        self._note_early_close()
                        return False
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
            await _cancel(eof)

    def _note_early_close(self) -> None:
        self.client_closed_early += 1
        self._closed_event.set()


async def _cancel(future: asyncio.Future) -> None:
    future.cancel()
    try:
        await future
    except (asyncio.CancelledError, ConnectionError):
        pass


async def _client_left(eof: asyncio.Future, seconds: float) -> bool:
    """Wait `seconds` (yielding at least once); True if the client closed meanwhile."""
    if eof.done():
        return True
    done, _ = await asyncio.wait({eof}, timeout=seconds)
    return bool(done)


def _pieces(body: bytes, split: str, seed: int) -> list[bytes]:
    if split == "whole" or not body:
        return [body] if body else []
    if split == "lines":
        return [line + b"\n" for line in body.split(b"\n")[:-1]] + ([body.rsplit(b"\n", 1)[-1]] if not body.endswith(b"\n") else [])
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
