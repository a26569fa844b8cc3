"""What every backend shares: what it says it is, the models it offers, the request's options,
and the readers of a server's hostile fields. The stream it yields is the core's vocabulary
(agent/reply/stream.py: the StreamEvent classes, Usage, BackendFailure), named here too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..agent.reply.stream import (
    BackendFailure, ContentChunk, ErrorKind, Failed, Finished, Loading, MovedChunk, StreamEvent, StreamNotice,
    ThinkingChunk, Usage,
)

__all__ = ["BackendFailure", "BackendInfo", "ChatOptions", "ContentChunk", "ErrorKind", "Failed", "Finished", "Loading",
           "ModelInfo", "MovedChunk", "StreamEvent", "StreamNotice", "ThinkingChunk", "Usage",
           "count", "error_event", "label", "make_options", "number", "text"]

DEFAULT_FIRST_BYTE_TIMEOUT = 300.0  # cold model loads take minutes; a short timeout aborts the load
DEFAULT_IDLE_TIMEOUT = 60.0  # between chunks once the stream is flowing (thinking chunks count)


@dataclass(frozen=True)
class BackendInfo:
    """What a front end may know about a backend: what to call it and what it serves."""

    kind: str  # its name in the registry (backend_names.py)
    url: str  # the server's URL (the backend's name for one that runs here)
    model: str
    needs_load: bool = False  # the first answer waits for the model to load

    @property
    def label(self) -> str:
        return f"{self.kind} · {self.model}" if self.model else self.kind


@dataclass(frozen=True)
class ModelInfo:
    name: str
    capabilities: tuple[str, ...] = ()
    context_length: int | None = None
    size: int | None = None
    digest: str | None = None
    family: str | None = None
    parameter_size: str | None = None
    quantization: str | None = None
    forced_think: bool = False  # the chat template opens <think> itself
    num_ctx: int | None = None  # a Modelfile's `num_ctx` parameter (Ollama's /api/show `parameters`)
    details: dict[str, Any] = field(default_factory=dict)
    shown: bool = True  # False: listed without its details (past the first SHOW_LIMIT of a long list)


@dataclass(frozen=True)
class ChatOptions:
    """Per-request settings, as recorded in the session header."""

    temperature: float = 0.0
    num_ctx: int | None = None
    seed: int | None = None
    num_predict: int | None = None
    think: bool | str | None = False
    keep_alive: str | int | None = None
    schema: dict[str, Any] | None = None  # constrained decoding when set
    # With a schema: characters of free-text plan the grammar allows inside <think>…</think> before
    # the action (0: none). Only the embedded backend's grammar can say this; servers ignore it.
    plan: int = 0
    # With a schema: a write's content follows its JSON as a ``` block (the `fenced` lever; embedded only).
    fenced: bool = False
    forced_think: bool = False
    first_byte_timeout: float = DEFAULT_FIRST_BYTE_TIMEOUT
    idle_timeout: float = DEFAULT_IDLE_TIMEOUT


def count(value: Any) -> int | None:
    """A server's token count, if it is one: servers are hostile input, and a wrongly typed field
    must become "unknown", not an exception three layers later."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def number(value: Any) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0 and value == value:
        return float(value)
    return None


def text(value: Any) -> str:
    """A streamed text field: a string, or nothing (a number or object there is not text, and
    turning it into its Python repr would put words in the model's mouth)."""
    return value if isinstance(value, str) else ""


def label(value: Any) -> str | None:
    """A short string field (a finish reason), or None."""
    return value[:40] if isinstance(value, str) and value else None


def error_event(kind: ErrorKind, message: str, status: int | None = None, partial: str = "",
                partial_thinking: str = "") -> Failed:
    return Failed(BackendFailure(kind, message, status, partial, partial_thinking))


def make_options(**options: Any) -> ChatOptions:
    known = ChatOptions.__dataclass_fields__
    unknown = set(options) - set(known)
    if unknown:
        raise TypeError(f"unknown chat options: {', '.join(sorted(unknown))}")
    return ChatOptions(**options)
