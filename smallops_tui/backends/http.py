"""HTTP plumbing shared by the Ollama and OpenAI-compatible backends.

Two timeouts, as the servers need: a long one for the first byte (Ollama sends headers only
once the model is loaded; disconnecting during the load aborts it) and a short one between
chunks once the stream flows. Leaving the `async with` around a response closes it, which is
how a cancelled generation stops the server.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx

from ..agent.reasoning import ThinkSplitter
from .base import StreamEvent, error_event

# read=None: timeouts on reads are applied per line below, where first byte and idle differ.
CLIENT_TIMEOUT = httpx.Timeout(connect=5.0, read=None, write=30.0, pool=30.0)


class StreamFailure(Exception):
    """Raised inside a backend and turned into an `error` event at its boundary."""

    def __init__(self, kind: str, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.status = status


def make_client(headers: dict[str, str] | None = None) -> httpx.AsyncClient:
    return httpx.AsyncClient(timeout=CLIENT_TIMEOUT, headers=headers or {}, trust_env=False)


def error_message(body: bytes) -> str:
    """The server's error text: a string on Ollama, an object with `message` on OpenAI-style servers."""
    text = body.decode("utf-8", errors="replace").strip()
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return text[:300] or "(empty body)"
    if isinstance(data, dict) and "error" in data:
        err = data["error"]
        if isinstance(err, dict):
            return str(err.get("message") or err.get("type") or err)
        return str(err)
    return text[:300]


@asynccontextmanager
async def open_stream(client: httpx.AsyncClient, url: str, body: dict[str, Any],
                      first_byte: float) -> AsyncIterator[httpx.Response]:
    """POST and wait for the response headers, at most `first_byte` seconds.

    Ollama sends headers only once the model is loaded, so this wait is the cold start.
    The response is always closed on the way out, which stops the server generating.
    """
    request = client.build_request("POST", url, json=body)
    try:
        response = await asyncio.wait_for(client.send(request, stream=True), first_byte)
    except asyncio.TimeoutError:
        raise StreamFailure("first_byte_timeout", f"no answer within {first_byte:g} s (is the model still loading? "
                            "raise the first-byte timeout)") from None
    try:
        yield response
    finally:
        await response.aclose()


async def lines_with_timeouts(response: httpx.Response, first_byte: float, idle: float) -> AsyncIterator[str]:
    """Lines of a streamed body; StreamFailure when the server goes quiet."""
    iterator = response.aiter_lines().__aiter__()
    received = False
    while True:
        timeout = idle if received else first_byte
        try:
            line = await asyncio.wait_for(iterator.__anext__(), timeout)
        except StopAsyncIteration:
            return
        except asyncio.TimeoutError:
            if not received:
                raise StreamFailure("first_byte_timeout", f"the server sent headers but no data for {timeout:g} s") from None
            raise StreamFailure("stalled", f"the server sent nothing for {timeout:g} s; the stream was abandoned") from None
        received = True
        yield line


class Assembler:
    """Accumulates reasoning and answer from native fields and inline tags, emitting events."""

    def __init__(self, forced_think: bool = False) -> None:
        self.splitter = ThinkSplitter(forced_open=forced_think)
        self._native_thinking: list[str] = []

    def thinking(self, text: str) -> list[StreamEvent]:
        if not text:
            return []
        self._native_thinking.append(text)
        return [StreamEvent("thinking", text)]

    def content(self, text: str) -> list[StreamEvent]:
        if not text:
            return []
        return self._events(self.splitter.feed(text))

    def close(self) -> list[StreamEvent]:
        return self._events(self.splitter.close())

    @staticmethod
    def _events(split: Any) -> list[StreamEvent]:
        events = []
        if split.moved:
            events.append(StreamEvent("moved", split.moved))
        if split.thinking:
            events.append(StreamEvent("thinking", split.thinking))
        if split.answer:
            events.append(StreamEvent("content", split.answer))
        return events

    @property
    def thinking_text(self) -> str:
        return "".join(self._native_thinking) + self.splitter.thinking

    @property
    def content_text(self) -> str:
        return self.splitter.answer


class HttpBackend:
    """Client lifecycle and the failure mapping shared by the HTTP backends.

    Subclasses give `kind`, `_headers()` and `_read(response, assembler, opts)`, the
    protocol-specific reading of one streamed response.
    """

    kind = "http"
    server_name = "the server"

    def __init__(self, base_url: str, model: str, client: httpx.AsyncClient | None = None) -> None:
        self.base_url = base_url
        self.model = model
        self._client = client
        self.last_request: dict[str, Any] | None = None

    def _headers(self) -> dict[str, str]:
        return {}

    @property
    def client(self) -> httpx.AsyncClient:
        if self._client is None:
            self._client = make_client(self._headers())
        return self._client

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def __aenter__(self: Any) -> Any:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def _read(self, response: httpx.Response, assembler: Assembler, opts: Any) -> AsyncIterator[StreamEvent]:
        raise NotImplementedError

    async def _stream(self, url: str, body: dict[str, Any], opts: Any) -> AsyncIterator[StreamEvent]:
        """One streamed request; every failure becomes a final `error` event with the partial reply."""
        self.last_request = body
        assembler = Assembler(forced_think=opts.forced_think)
        try:
            async with open_stream(self.client, url, body, opts.first_byte_timeout) as response:
                async for event in self._read(response, assembler, opts):
                    yield event
        except StreamFailure as failure:
            yield error_event(failure.kind, failure.message, failure.status,  # type: ignore[arg-type]
                              assembler.content_text, assembler.thinking_text)
        except httpx.ConnectError as exc:
            yield error_event("unreachable", describe_connect_error(self.kind, self.base_url, exc))
        except (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError) as exc:
            yield error_event("dropped", f"the connection to {self.server_name} broke mid-stream ({type(exc).__name__}); "
                              "the partial reply is kept", None, assembler.content_text, assembler.thinking_text)
        except httpx.HTTPError as exc:
            yield error_event("http_error", f"talking to {self.base_url} failed: {type(exc).__name__}: {exc}")


    async def _get_json(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        """A small discovery request (not streamed); StreamFailure with a sentence on any failure."""
        try:
            response = await self.client.request(method, self.base_url + path, json=body, timeout=30.0)
        except httpx.ConnectError as exc:
            raise StreamFailure("unreachable", describe_connect_error(self.kind, self.base_url, exc)) from None
        except httpx.HTTPError as exc:
            raise StreamFailure("http_error", f"{path}: {type(exc).__name__}: {exc}") from None
        if response.status_code != 200:
            raise StreamFailure("http_error", f"{path} answered {response.status_code}: {error_message(response.content)}",
                                response.status_code)
        try:
            data = response.json()
        except ValueError:
            raise StreamFailure("bad_response", f"{path} did not answer JSON — is {self.base_url} "
                                f"{'an Ollama' if self.kind == 'ollama' else 'an OpenAI-compatible'} server?") from None
        if not isinstance(data, dict):
            raise StreamFailure("bad_response", f"{path} answered {type(data).__name__}, not an object")
        return data


def describe_connect_error(kind: str, url: str, exc: Exception) -> str:
    if kind == "ollama":
        return f"no Ollama at {url} — start it with `ollama serve`, or choose another backend ({type(exc).__name__})"
    return f"no server at {url} — start it, or check --url ({type(exc).__name__})"
