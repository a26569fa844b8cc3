"""A reply as it streams: the typed events every backend yields, and the failures a person can
act on. The value types sit here, in the core, so the session reads a stream without knowing
which server (or the embedded engine) produced it; backends/ build them.

Nothing raises past a backend except cancellation: every failure becomes an `error` event
with a kind and a sentence. The stream is an async generator; closing it (or cancelling the
task iterating it) closes the HTTP response, so the server stops generating.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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

