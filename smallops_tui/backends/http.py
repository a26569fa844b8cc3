"""HTTP plumbing shared by the Ollama and OpenAI-compatible backends.

Three rules this module keeps:
- **A client belongs to the event loop that opened it.** Pooled keep-alive connections are
  bound to their loop; reusing them from another loop fails ("Event loop is closed"). So a
  backend makes its client lazily on the running loop, and drops it when it finds itself on
  another one (`smallops run` discovers models in one `asyncio.run`, then the app runs its own).
- **Two timeouts, as the servers need:** a long one for the first byte (Ollama sends headers
  only once the model is loaded; disconnecting during the load aborts it) and a short one
  between chunks once the stream flows.
- **Bounded by design:** a server is hostile input too. Lines, error bodies and discovery
  answers have size caps, error bodies a time cap, and compressed bodies are inflated
  incrementally with a cap per step, so neither a never-ending body, a 300 MB line nor a gzip
  bomb can exhaust memory or hang a session.

Leaving the `async with` around a response closes it, which is how a cancelled generation
stops the server.
"""

from __future__ import annotations

import asyncio
import json
import zlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx

from .assembler import Assembler
from .base import BackendInfo, StreamEvent, error_event

# read=None: timeouts on reads are applied per chunk below, where first byte and idle differ.
CLIENT_TIMEOUT = httpx.Timeout(connect=5.0, read=None, write=30.0, pool=30.0)
MAX_LINE_BYTES = 8 * 1024 * 1024  # one NDJSON chunk or SSE line; real ones are a few hundred bytes
MAX_ERROR_BODY = 64 * 1024  # an error body is read this far, then cut
ERROR_BODY_SECONDS = 10.0  # ... and for at most this long
MAX_DISCOVERY_BODY = 16 * 1024 * 1024  # /api/tags, /api/show, /v1/models
DISCOVERY_SECONDS = 30.0
INFLATE_STEP = 256 * 1024  # a compressed body is inflated at most this much at a time
MAX_TRAILER, TRAILER_SECONDS = 64 * 1024, 1.0  # what may follow a finished reply before the body ends


class StreamFailure(Exception):
    """Raised inside a backend and turned into an `error` event at its boundary."""

    def __init__(self, kind: str, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.status = status


class DiscoveryError(StreamFailure):
    """A discovery request (models, capabilities, version) failed; the message says what to do."""


def make_client(headers: dict[str, str] | None = None) -> httpx.AsyncClient:
    # identity: ask servers not to compress; bodies that come compressed anyway are inflated
    # by `body_chunks` under a cap, never by httpx in one go.
    return httpx.AsyncClient(timeout=CLIENT_TIMEOUT, headers={"Accept-Encoding": "identity", **(headers or {})},
                             trust_env=False)


def error_message(body: bytes) -> str:
    """The server's error text: a string on Ollama, an object with `message` on OpenAI-style servers."""
    text = body.decode("utf-8", errors="replace").strip()
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return text[:300] or "(empty body)"
    if isinstance(data, dict) and "error" in data:
        err = data["error"]
        if isinstance(err, dict):
            return str(err.get("message") or err.get("type") or err)[:300]
        return str(err)[:300]
    return text[:300]


def body_chunks(response: httpx.Response) -> AsyncIterator[bytes]:
    """The body's bytes as they arrive, decompressed (gzip/deflate) in bounded steps. An
    uncompressed body is httpx's own iterator: no layer of our own per chunk."""
    encoding = response.headers.get("content-encoding", "identity").strip().lower()
    if encoding in ("", "identity"):
        return response.aiter_raw()
    if encoding not in ("gzip", "x-gzip", "deflate"):
        raise StreamFailure("bad_response", f"the server compressed its answer with {encoding!r}, which smallops "
                            "does not read; turn compression off on the server or its proxy")
    return _inflated(response, encoding)


async def _inflated(response: httpx.Response, encoding: str) -> AsyncIterator[bytes]:
    # wbits 47 = 32 + 15: accept a gzip or a zlib header alike.
    inflater = zlib.decompressobj(47 if encoding != "deflate" else 15)
    async for raw in response.aiter_raw():
        try:
            data = inflater.decompress(raw, INFLATE_STEP)
            while data:
                yield data
                data = inflater.decompress(inflater.unconsumed_tail, INFLATE_STEP) if inflater.unconsumed_tail else b""
        except zlib.error as exc:
            raise StreamFailure("bad_response", f"the server's {encoding} body is corrupt ({exc})") from None


async def read_capped(response: httpx.Response, limit: int, seconds: float) -> tuple[bytes, bool]:
    """Up to `limit` bytes of the body within `seconds`; (bytes, whether the body was cut)."""
    received = bytearray()
    try:
        async with asyncio.timeout(seconds):
            async for chunk in body_chunks(response):
                received += chunk
                if len(received) > limit:
                    return bytes(received[:limit]), True
    except TimeoutError:
        return bytes(received), True
    return bytes(received), False


async def error_body(response: httpx.Response) -> str:
    """The error text of a non-200 response, read within bounds (its body may never end)."""
    try:
        body, cut = await read_capped(response, MAX_ERROR_BODY, ERROR_BODY_SECONDS)
    except StreamFailure as failure:
        return failure.message
    except httpx.HTTPError as exc:
        return f"(the error body could not be read: {type(exc).__name__})"
    message = error_message(body)
    return message + (" …(cut)" if cut else "")


@asynccontextmanager
async def open_stream(client: httpx.AsyncClient, url: str, body: dict[str, Any],
                      first_byte: float) -> AsyncIterator[httpx.Response]:
    """POST and wait for the response headers, at most `first_byte` seconds.

    Ollama sends headers only once the model is loaded, so this wait is the cold start.
    The response is always closed on the way out, which stops the server generating.
    """
    request = client.build_request("POST", url, json=body)
    try:
        async with asyncio.timeout(first_byte):
            response = await client.send(request, stream=True)
    except TimeoutError:
        raise StreamFailure("first_byte_timeout", f"no answer within {first_byte:g} s (is the model still loading? "
                            "raise the first-byte timeout)") from None
    try:
        yield response
    finally:
        await response.aclose()


class BodyLines:
    """The lines of one streamed body (without line endings), read with the two timeouts and
    the line cap; StreamFailure when the server goes quiet or sends what no token stream would.

    A backend reads lines until its protocol says the reply is complete; `finish()` then reads
    what is left of the body (briefly, bounded), so the kept-alive connection goes back to the
    pool instead of being closed half-read.

    The timeouts cost one timer per quiet spell, not one per chunk: a server that sends a token
    per chunk sends tens of thousands of them. Each wait for a chunk notes when it began (a
    clock read); the one timer, when it fires, either finds that wait older than the allowance
    and ends it, or sets itself for the wait's own deadline. Only a wait for a chunk is ever
    cancelled, never the code that handles one.
    """

    def __init__(self, response: httpx.Response, first_byte: float, idle: float) -> None:
        self._chunks = body_chunks(response).__aiter__()
        self._first_byte = first_byte
        self._idle = idle
        self._pending = bytearray()
        self._received = False
        self._ended = False
        self._loop = asyncio.get_running_loop()
        self._task: asyncio.Task[Any] | None = None
        self._waiting_since: float | None = None  # when the wait in progress began, if one is
        self._timer: asyncio.TimerHandle | None = None
        self._expired = False

    @property
    def _allowance(self) -> float:
        return self._idle if self._received else self._first_byte

    def _check(self) -> None:
        """The timer: end a wait that has lasted the allowance, or wait for the current one's deadline."""
        self._timer = None
        since, now = self._waiting_since, self._loop.time()
        if since is not None and now - since >= self._allowance and self._task is not None:
            self._expired = True
            self._task.cancel()
            return
        self._timer = self._loop.call_at((since if since is not None else now) + self._allowance, self._check)

    async def _next_chunk(self, allowance: float | None = None) -> bytes | None:
        """The next chunk, or None at the end of the body; TimeoutError after `allowance` (or the
        reader's own) seconds without one."""
        if allowance is not None:
            async with asyncio.timeout(allowance):  # finish(): once, not per token
                return await self._plain_next()
        if self._task is None:
            self._task = asyncio.current_task()
        now = self._loop.time()
        deadline = now + self._allowance
        if self._timer is None or self._timer.when() > deadline:  # the first data shortens the allowance
            if self._timer is not None:
                self._timer.cancel()
            self._timer = self._loop.call_at(deadline, self._check)
        cancelling = self._task.cancelling() if self._task is not None else 0
        self._waiting_since = now
        try:
            return await self._plain_next()
        except asyncio.CancelledError:
            if self._expired and self._task is not None and self._task.uncancel() <= cancelling:
                self._expired = False
                raise TimeoutError from None
            raise
        finally:
            self._waiting_since = None

    async def _plain_next(self) -> bytes | None:
        try:
            return await self._chunks.__anext__()
        except StopAsyncIteration:
            self._ended = True
            return None

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def __aiter__(self) -> AsyncIterator[str]:
        try:
            while not self._ended:
                try:
                    chunk = await self._next_chunk()
                except TimeoutError:
                    timeout = self._allowance
                    if not self._received:
                        raise StreamFailure("first_byte_timeout",
                                            f"the server sent headers but no data for {timeout:g} s") from None
                    raise StreamFailure("stalled", f"the server sent nothing for {timeout:g} s; "
                                        "the stream was abandoned") from None
                if not chunk:
                    continue
                self._received = True
                start = len(self._pending)
                self._pending += chunk
                if self._pending.find(b"\n", start) >= 0:
                    lines = self._pending.split(b"\n")
                    self._pending = bytearray(lines.pop())
                    for line in lines:
                        yield _decode_line(line)
                if len(self._pending) > MAX_LINE_BYTES:
                    raise StreamFailure("bad_response", f"the server sent a line longer than {MAX_LINE_BYTES // 2**20} "
                                        "MiB; that is not a token stream, so it was abandoned")
            if self._pending:
                line, self._pending = self._pending, bytearray()
                yield _decode_line(line)
        finally:
            self._stop_timer()

    async def finish(self) -> None:
        """Read the rest of the body, at most MAX_TRAILER bytes within TRAILER_SECONDS."""
        self._stop_timer()
        left = MAX_TRAILER
        try:
            async with asyncio.timeout(TRAILER_SECONDS):
                while not self._ended and left > 0:
                    chunk = await self._next_chunk(TRAILER_SECONDS)
                    left -= len(chunk or b"")
        except (TimeoutError, StreamFailure, httpx.HTTPError):
            pass  # the connection is closed instead of pooled: no harm done


def _decode_line(line: bytes | bytearray) -> str:
    if line.endswith(b"\r"):
        line = line[:-1]
    return bytes(line).decode("utf-8", errors="replace")


class HttpBackend:
    """Client lifecycle and the failure mapping shared by the HTTP backends.

    Subclasses give `kind`, `_headers()` and `_read(response, lines, assembler, opts)`, the
    protocol-specific reading of one streamed response.
    """

    kind = "http"
    server_name = "the server"
    protocol_name = "an HTTP"  # what a reply that is not JSON asks: "is URL an HTTP server?"

    def __init__(self, base_url: str, model: str, client: httpx.AsyncClient | None = None) -> None:
        self.base_url = base_url
        self.model = model
        self._client = client
        self._client_loop: asyncio.AbstractEventLoop | None = None
        self.last_request: dict[str, Any] | None = None

    def unreachable(self, exc: Exception) -> str:
        """Nothing answers at the URL, in a sentence that says what to do."""
        return describe_connect_error(self.base_url, exc)

    def _headers(self) -> dict[str, str]:
        return {}

    @property
    def needs_load(self) -> bool:
        return False

    def info(self) -> BackendInfo:
        return BackendInfo(self.kind, self.base_url, self.model, self.needs_load)

    def model_switch_refusal(self) -> str | None:
        """A server serves any of its models per request: switching is naming another."""
        return None

    @property
    def client(self) -> httpx.AsyncClient:
        """This loop's client. A client opened on another loop is dropped, never reused: its
        kept-alive connections belong to that loop (which may be closed by now)."""
        loop = asyncio.get_running_loop()
        if self._client is not None and self._client_loop not in (None, loop):
            self._client = None
        if self._client is None:
            self._client = make_client(self._headers())
        self._client_loop = loop
        return self._client

    async def aclose(self) -> None:
        """Close the client and its pooled connections (on the loop that owns them)."""
        client, self._client = self._client, None
        if client is None:
            return
        try:
            current = asyncio.get_running_loop()
        except RuntimeError:
            current = None
        if self._client_loop in (None, current):
            await client.aclose()
        # Otherwise its loop is gone: closing it here would touch that loop's transports.

    async def __aenter__(self: Any) -> Any:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def _read(self, response: httpx.Response, lines: BodyLines, assembler: Assembler,
              opts: Any) -> AsyncIterator[StreamEvent]:
        """The protocol: events from one response's status, headers and lines."""
        raise NotImplementedError

    async def _stream(self, url: str, body: dict[str, Any], opts: Any) -> AsyncIterator[StreamEvent]:
        """One streamed request. Whatever goes wrong leaves only as a final `error` event with the
        partial reply: a transport's RuntimeError as much as a timeout. Cancellation passes."""
        self.last_request = body
        assembler = Assembler(forced_think=opts.forced_think)
        try:
            async with open_stream(self.client, url, body, opts.first_byte_timeout) as response:
                lines = BodyLines(response, opts.first_byte_timeout, opts.idle_timeout)
                async for event in self._read(response, lines, assembler, opts):
                    yield event
                await lines.finish()
        except StreamFailure as failure:
            yield error_event(failure.kind, failure.message, failure.status,  # type: ignore[arg-type]
                              assembler.content_text, assembler.thinking_text)
        except httpx.ConnectError as exc:
            yield error_event("unreachable", self.unreachable(exc))
        except (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError) as exc:
            yield error_event("dropped", f"the connection to {self.server_name} broke mid-stream ({type(exc).__name__}); "
                              "the partial reply is kept", None, assembler.content_text, assembler.thinking_text)
        except httpx.HTTPError as exc:
            yield error_event("http_error", f"talking to {self.base_url} failed: {type(exc).__name__}: {exc}", None,
                              assembler.content_text, assembler.thinking_text)
        except Exception as exc:  # noqa: BLE001 — the boundary: a session must never die of its transport
            yield error_event("http_error", f"talking to {self.base_url} failed unexpectedly "
                              f"({type(exc).__name__}: {exc}); the partial reply is kept", None,
                              assembler.content_text, assembler.thinking_text)

    async def _get_json(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        """A small discovery request (not streamed, bounded); DiscoveryError with a sentence on any failure."""
        try:
            async with self.client.stream(method, self.base_url + path, json=body, timeout=DISCOVERY_SECONDS) as response:
                raw, cut = await read_capped(response, MAX_DISCOVERY_BODY, DISCOVERY_SECONDS)
                status = response.status_code
        except httpx.ConnectError as exc:
            raise DiscoveryError("unreachable", self.unreachable(exc)) from None
        except httpx.HTTPError as exc:
            raise DiscoveryError("http_error", f"{path}: {type(exc).__name__}: {exc}") from None
        except DiscoveryError:
            raise
        except StreamFailure as failure:  # a compressed answer smallops cannot read
            raise DiscoveryError(failure.kind, failure.message, failure.status) from None
        except Exception as exc:  # noqa: BLE001 — same boundary as _stream
            raise DiscoveryError("http_error", f"{path} failed unexpectedly ({type(exc).__name__}: {exc})") from None
        if status != 200:
            raise DiscoveryError("http_error", f"{path} answered {status}: {error_message(raw)}", status)
        if cut:
            raise DiscoveryError("bad_response", f"{path} answered more than {MAX_DISCOVERY_BODY // 2**20} MiB, "
                                f"or did not finish within {DISCOVERY_SECONDS:g} s")
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            raise DiscoveryError("bad_response", f"{path} did not answer JSON — is {self.base_url} "
                                f"{self.protocol_name} server?") from None
        if not isinstance(data, dict):
            raise DiscoveryError("bad_response", f"{path} answered {type(data).__name__}, not an object")
        return data


def describe_connect_error(url: str, exc: Exception) -> str:
    return f"no server at {url} — start it, or check --url ({type(exc).__name__})"
