"""A reply as it streams: the typed events every backend yields, and the failures a person can
act on. The value types sit here, in the core, so the session reads a stream without knowing
which server (or the embedded engine) produced it; backends/ build them, and readers dispatch
on their class (`match event: case ThinkingChunk(): ...`), as the log's events are.

Nothing raises past a backend except cancellation: every failure becomes a `Failed` event
with a kind and a sentence. The stream is an async generator; closing it (or cancelling the
task iterating it) closes the HTTP response, so the server stops generating.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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
    "context_full",  # the conversation no longer fits the model's window (said with the numbers)
]


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
class _Text:
    text: str


@dataclass(frozen=True)
class Loading(_Text):
    """The model is being loaded; the first answer waits for it (`text` says so)."""


@dataclass(frozen=True)
class ThinkingChunk(_Text):
    """A piece of the reasoning, as it streams."""


@dataclass(frozen=True)
class ContentChunk(_Text):
    """A piece of the answer, as it streams."""


@dataclass(frozen=True)
class MovedChunk(_Text):
    """Text streamed as the answer that turned out to be reasoning (a lone closing tag came)."""


@dataclass(frozen=True)
class StreamNotice(_Text):
    """Something a person should know about the stream that is no failure (a retry, a skipped line)."""


@dataclass(frozen=True)
class Finished:
    """The reply, whole: the answer and the reasoning as the backend assembled them, and its usage."""

    usage: Usage | None = None
    content: str = ""
    thinking: str = ""

    @property
    def truncated(self) -> bool:
        return self.usage is not None and self.usage.truncated


@dataclass(frozen=True)
class Failed:
    """The stream's last event when the reply failed; the text received before is in `error`."""

    error: BackendFailure


StreamEvent = Loading | ThinkingChunk | ContentChunk | MovedChunk | StreamNotice | Finished | Failed
