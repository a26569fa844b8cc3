"""The protocol's frames on stdio, read as hostile input: one JSON-RPC message per line.

The SDK's own framing logs and drops a line that is not JSON, and reads a line of any length into
memory; a message that is not an object ends its receive loop. Here every line is checked before
the SDK sees it, and whatever is wrong with it gets a JSON-RPC error with a sentence that says
what (`id` null when the line had no usable id), and the next line is read: the process keeps
serving. A line longer than `MAX_MESSAGE_BYTES` is discarded as it arrives, never held whole.

`Framing` is a message transport in the SDK's sense (`send`, `receive`, `close`), so the SDK's
connection, router and schema run on top of it unchanged.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

# A prompt is text from a person (the model's context holds far less); permission answers and
# cancels are a few hundred bytes. 4 MiB leaves room for a pasted file and bounds the memory a
# client can make smallops hold.
MAX_MESSAGE_BYTES = 4 * 1024 * 1024
READ_LIMIT = 1024 * 1024  # what the stream reader buffers before a long line is taken in pieces

PARSE_ERROR, INVALID_REQUEST = -32700, -32600

Message = dict[str, Any]


class Refusal(Exception):
    """A line that is no JSON-RPC message; `error` is the response it gets."""

    def __init__(self, code: int, message: str, request_id: str | int | None = None) -> None:
        super().__init__(message)
        self.error: Message = {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}


def _usable_id(value: object) -> bool:
    """JSON-RPC ids are strings, integers or null (a float or a bool would not round-trip)."""
    return value is None or isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def check_message(line: bytes) -> Message:
    """The JSON-RPC message on one line, or Refusal with the error it gets."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Refusal(PARSE_ERROR, f"the message is not UTF-8 text (byte {exc.start} is not); it was ignored") from None
    try:
        message = json.loads(text)
    except RecursionError:
        raise Refusal(PARSE_ERROR, "the message nests arrays or objects too deeply to read; it was ignored") from None
    except ValueError as exc:  # JSONDecodeError, and an integer too long to convert
        where = f" (line {exc.lineno}, column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
        raise Refusal(PARSE_ERROR, f"the message is not JSON: {reason}{where}; it was ignored") from None
    if isinstance(message, list):
        raise Refusal(INVALID_REQUEST, "batches (a JSON array of messages) are not served: send one message per line")
    if not isinstance(message, dict):
        raise Refusal(INVALID_REQUEST, f"a message must be a JSON object, not {type(message).__name__}")
    request_id = message.get("id")
    if not _usable_id(request_id):
        shown = repr(request_id)[:100]
        raise Refusal(INVALID_REQUEST, f"the message's id must be a string, an integer or null, not {shown}")
    if message.get("jsonrpc") != "2.0":
        raise Refusal(INVALID_REQUEST, 'the message lacks "jsonrpc": "2.0" (this is JSON-RPC 2.0)', request_id)
    method = message.get("method")
    if "method" in message and not isinstance(method, str):
        raise Refusal(INVALID_REQUEST, "the message's method must be a string", request_id)
    if method is None and "id" not in message:
        raise Refusal(INVALID_REQUEST, "the message is neither a request, a notification nor a response "
                                       "(it has no method and no id)")
    if method is None and "result" not in message and "error" not in message:
        raise Refusal(INVALID_REQUEST, "a response must carry a result or an error", request_id)
    return message


class Framing:
    """Newline-delimited JSON-RPC on a reader and a writer, each line checked (see the module)."""

    def __init__(self, reader: asyncio.StreamReader, write: Callable[[bytes], None],
                 drain: Callable[[], Any], *, max_bytes: int = MAX_MESSAGE_BYTES,
                 on_refusal: Callable[[str], None] | None = None) -> None:
        self._reader = reader
        self._write = write
        self._drain = drain
        self._lock = asyncio.Lock()
        self.max_bytes = max_bytes
        self.on_refusal = on_refusal  # told each sentence a refused line got (the server logs it on stderr)
        self._closed = False

    async def send(self, message: Message) -> None:
        """Write one message. Once the client's end is gone, a request raises ConnectionError (its
        asker must know no answer will come); a response or a notification is dropped quietly."""
        data = (json.dumps(message, separators=(",", ":")) + "\n").encode("utf-8")
        async with self._lock:  # one message at a time: lines never interleave
            if not self._closed:
                try:
                    self._write(data)
                    await self._drain()
                    return
                except (ConnectionError, OSError):
                    self._closed = True
            if "method" in message and "id" in message:
                raise ConnectionError("the connection to the client is closed")

    async def receive(self) -> Message | None:
        while True:
            line = await self._read_line()
            if line is None:
                return None
            if not line.strip():
                continue
            try:
                return check_message(line)
            except Refusal as refusal:
                await self._refuse(refusal)

    async def close(self) -> None:
        self._closed = True

    async def _refuse(self, refusal: Refusal) -> None:
        if self.on_refusal is not None:
            self.on_refusal(str(refusal))
        try:
            await self.send(refusal.error)
        except (ConnectionError, OSError):
            pass  # the client is gone; the next read says so

    async def _read_line(self) -> bytes | None:
        """The next line (without its newline), None at the end of input. A line past the bound is
        answered with an error as soon as it passes it, and skipped up to its end."""
        pieces: list[bytes] = []
        size = 0
        while True:
            try:
                piece = await self._reader.readuntil(b"\n")
                ended = True
            except asyncio.LimitOverrunError as exc:
                piece = await self._reader.readexactly(exc.consumed)
                ended = False
            except asyncio.IncompleteReadError as exc:  # the input ended
                piece, ended = exc.partial, True
                if not piece and size == 0:
                    return None
            if size <= self.max_bytes:
                size += len(piece)
                if size > self.max_bytes:
                    pieces.clear()  # let it go at once: a huge line is never held
                    await self._refuse(Refusal(INVALID_REQUEST, f"the message is longer than smallops accepts "
                                                                f"({self.max_bytes:,} bytes); it was ignored"))
                else:
                    pieces.append(piece)
            if ended:
                if size > self.max_bytes:
                    return b""  # (already answered) read on
                return b"".join(pieces).rstrip(b"\r\n")
