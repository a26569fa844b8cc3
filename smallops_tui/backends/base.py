"""What every backend yields: typed stream events, and failures a person can act on.

Nothing raises past a backend except cancellation: every failure becomes an `error` event
with a kind and a sentence. The stream is an async generator; closing it (or cancelling the
task iterating it) closes the HTTP response, so the server stops generating.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

EventKind = Literal["loading", "thinking", "content", "moved", "finished", "error", "notice"]
ErrorKind = Literal[
    "unreachable",  # nothing listens at the URL
    "model_missing",  # 404: the server has no such model
    "thinking_unsupported",  # 400 even after retrying without `think`
    "http_error",  # any other status before the stream started
    "stream_error",  # the server reported an error in the stream
    "dropped",  # the connection ended before the reply did
    "stalled",  # no chunk within the idle timeout
    "first_byte_timeout",  # nothing at all within the first-byte timeout (cold load?)
    "bad_response",  # the server answered something that is not this protocol
    "engine_error",  # the embedded engine failed
]

DEFAULT_FIRST_BYTE_TIMEOUT = 300.0  # cold model loads take minutes; a short timeout aborts the load
DEFAULT_IDLE_TIMEOUT = 60.0  # between chunks once the stream is flowing (thinking chunks count)


@dataclass(frozen=True)
class Usage:
    done_reason: str | None = None
    prompt_tokens: int | None = None
    answer_tokens: int | None = None
    seconds: float | None = None  # generation time
    load_seconds: float | None = None
    tokens_per_second: float | None = None

    @property
    def truncated(self) -> bool:
        return self.done_reason == "length"


@dataclass(frozen=True)
class BackendFailure:
    kind: ErrorKind
    message: str
    status: int | None = None
    partial: str = ""  # answer text received before the failure, kept
    partial_thinking: str = ""

    @property
    def incomplete(self) -> bool:
        return bool(self.partial or self.partial_thinking)


@dataclass(frozen=True)
class StreamEvent:
    kind: EventKind
    text: str = ""  # thinking / content / moved / notice text
    usage: Usage | None = None  # finished
    content: str = ""  # finished: the whole answer; error: partial answer
    thinking: str = ""  # finished: the whole reasoning
    error: BackendFailure | None = None

    @property
    def truncated(self) -> bool:
        return self.usage is not None and self.usage.truncated


@dataclass(frozen=True)
class BackendInfo:
    """What a front end may know about a backend: what to call it and what it serves."""

    kind: str  # "ollama" | "openai" | "embedded"
    url: str  # the server's URL ("embedded" for the embedded model)
    model: str
    needs_load: bool = False  # the first answer waits for the model to load

    @property
    def label(self) -> str:
        return f"{self.kind} · {self.model}" if self.model else self.kind


def backend_info(backend: Any) -> BackendInfo:
    """What a backend says it is; a stand-in that does not say (a test's, a plug-in's) is unnamed."""
    info = getattr(backend, "info", None)
    return info() if callable(info) else BackendInfo(kind="", url="", model="")


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
                partial_thinking: str = "") -> StreamEvent:
    return StreamEvent("error", content=partial, thinking=partial_thinking,
                       error=BackendFailure(kind, message, status, partial, partial_thinking))


def make_options(**options: Any) -> ChatOptions:
    known = ChatOptions.__dataclass_fields__
    unknown = set(options) - set(known)
    if unknown:
        raise TypeError(f"unknown chat options: {', '.join(sorted(unknown))}")
    return ChatOptions(**options)
