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
from .base import StreamEvent

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


def describe_connect_error(kind: str, url: str, exc: Exception) -> str:
    if kind == "ollama":
        return f"no Ollama at {url} — start it with `ollama serve`, or choose another backend ({type(exc).__name__})"
    return f"no server at {url} — start it, or check --url ({type(exc).__name__})"
