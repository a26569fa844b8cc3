"""One reply, read as it streams: each chunk becomes a log event at once, under
two bounds the session sets, the reply's size (a server that streams without end cannot exhaust
memory or the log) and the thinking budget (reasoning cut, so the model can be asked to answer
now). What the request came to is a `TurnReply`: finished, cut, or failed.

A server's final chunk is hostile input too: a wrongly typed count or rate becomes "unknown",
never an exception that ends the session.
"""

from __future__ import annotations

import math
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Literal, assert_never

from ..log.events import ContentDelta, Event, ModelLoading, Notice, ReasoningMoved, ReplyFinished, ThinkingDelta
from ..reply.reasoning import CLOSE_TAGS
from ..reply.repetition import LOOP_REASON, Stop, action_in_content, looping_tail, reasoning_in_field
from ..reply.stream import (
    ContentChunk, Failed, Finished, Loading, MovedChunk, StreamEvent, StreamNotice, ThinkingChunk,
)

Cut = Literal["budget", "person"]
TAIL_CHARS = 8_000  # enough for LOOP_REPEATS + 1 of the longest block looked for
LOOP_CHECK_CHARS = 200
_LONGEST_CLOSE = max(len(tag) for tag in CLOSE_TAGS)  # a closing tag split across chunks is still seen


@dataclass(frozen=True)
class TurnFailure:
    """Why a request came to no reply: a backend's kind (or the session's own: cancelled,
    too_long, think_budget, protocol), a sentence, and the answer text received before it."""

    kind: str
    message: str
    partial: str = ""


@dataclass
class TurnReply:
    """What one request came to. The chunks are kept as lists and joined only when needed:
    joining per chunk is quadratic."""

    answer_parts: list[str] = field(default_factory=list)
    reasoning_parts: list[str] = field(default_factory=list)
    finished: tuple[str, str] | None = None  # (answer, reasoning) as the backend assembled them
    prompt_tokens: int | None = None  # what the server says the prompt took
    cut: Cut | None = None  # the reasoning was cut: by the budget, or by the person's `answer_now`
    failure: TurnFailure | None = None
    # The answer ended at the request's token limit (the tokens, where the server said), not at its end.
    limit_hit: int | Literal[True] | None = None
    looped: Stop | None = None  # the reader stopped the answer: it had fallen into a loop, or run on

    @property
    def partial(self) -> str:
        return "".join(self.answer_parts)

    @property
    def reasoning(self) -> str:
        return "".join(self.reasoning_parts)

    def fail(self, kind: str, message: str) -> None:
        self.failure = TurnFailure(kind, message, self.partial)


def _float(value: object) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value) if math.isfinite(value) else None
    return None


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _str(value: object) -> str | None:
    return value if isinstance(value, str) else None


def reply_finished(step: int, event: Finished) -> ReplyFinished:
    """The `reply_finished` event of a backend's final chunk, every field checked."""
    usage = event.usage
    return ReplyFinished(
        step=step, raw=_str(event.content) or "", thinking=_str(event.thinking) or "",
        done_reason=_str(getattr(usage, "done_reason", None)), prompt_tokens=_int(getattr(usage, "prompt_tokens", None)),
        answer_tokens=_int(getattr(usage, "answer_tokens", None)),
        tokens_per_second=_float(getattr(usage, "tokens_per_second", None)),
        seconds=_float(getattr(usage, "seconds", None)),
    )


class ReplyReader:
    """Reads one streamed reply into events (`emit`), counting its reasoning tokens (one chunk,
    one token: see docs/thinking-and-context.md) and noting when the answer begins."""

    def __init__(self, step: int, emit: Callable[[Event], object], limit: int, budget: int | None) -> None:
        self.step = step
        self.emit = emit
        self.limit = limit
        self.budget = budget
        self.reasoning_tokens = 0
        self.answer_started = False
        self.received = 0
        self.tokens_per_second: float | None = None
        self.tail = ""  # the answer's last TAIL_CHARS, looked at for a loop every LOOP_CHECK_CHARS
        self.unchecked = 0
        self.closed_in_answer = False  # a closing tag came in the answer: a new action after it is looked for

    async def read(self, stream: AsyncIterator[StreamEvent], reply: TurnReply) -> None:
        """Read `stream` into `reply`; leaving early (too long, the budget spent) closes it, and
        with it the server's generation."""
        async for event in stream:
            if not self._take(event, reply):
                aclose = getattr(stream, "aclose", None)
                if aclose is not None:
                    await aclose()
                return

    def _take(self, event: StreamEvent, reply: TurnReply) -> bool:
        """One chunk into `reply` and the log; False when the stream must be left now."""
        step = self.step
        match event:
            case ThinkingChunk(text=text):
                return self._within_limit(text, reply) and self._reasoning(text, reply)
            case ContentChunk(text=text):
                if not self._within_limit(text, reply):
                    return False
                self.answer_started = True
                reply.answer_parts.append(text)
                self.emit(ContentDelta(step=step, text=text))
                if self._looping(text, reply):
                    return False
            case Loading(text=text):
                self.emit(ModelLoading(step=step, text=text))
            case MovedChunk(text=text):
                self.emit(ReasoningMoved(step=step, text=text))
                # A closing tag came: an action's short field that holds the opening one has run on.
                if (ran_on := reasoning_in_field(reply.partial, closed=True)) is not None:
                    self._stop(ran_on, reply)
                    return False
            case StreamNotice(text=text):
                self.emit(Notice(step=step, text=text))
            case Finished():
                finished = reply_finished(step, event)
                self.tokens_per_second = finished.tokens_per_second
                self.emit(finished)
                reply.finished = (finished.raw, finished.thinking)
                reply.prompt_tokens = finished.prompt_tokens
                if finished.done_reason == "length":
                    reply.limit_hit = finished.answer_tokens or True
            case Failed(error=error):
                reply.failure = TurnFailure(error.kind, error.message, error.partial)
            case _:
                assert_never(event)
        return True

    def _looping(self, text: str, reply: TurnReply) -> bool:
        """Whether the answer has fallen into a loop (reply/repetition.py); if so it ends here, as
        finished with what it holds, and the reply says so (a loop can only run to the limit)."""
        joined = self.tail[-_LONGEST_CLOSE:] + text
        self.tail = (self.tail + text)[-TAIL_CHARS:]
        self.unchecked += len(text)
        stop: Stop | None = None
        if any(tag in joined for tag in CLOSE_TAGS):  # rare: the whole answer is read only then
            stop = reasoning_in_field(reply.partial)
            self.closed_in_answer = True
        if stop is None and self.closed_in_answer and '"action"' in joined:
            stop = action_in_content(reply.partial)
        if stop is None and self.unchecked >= LOOP_CHECK_CHARS:
            self.unchecked = 0
            stop = looping_tail(self.tail)
        if stop is None:
            return False
        self._stop(stop, reply)
        return True

    def _stop(self, stop: Stop, reply: TurnReply) -> None:
        """The answer ends here, as finished with what it holds, and the reply says why."""
        reply.looped = stop
        # The backend never finished, so it reported no count: one chunk, one token, as the
        # reasoning is counted (the bench's answer tokens would leave the loop out).
        finished = ReplyFinished(step=self.step, raw=reply.partial, thinking=reply.reasoning, done_reason=LOOP_REASON,
                                 answer_tokens=len(reply.answer_parts))
        self.emit(finished)
        reply.finished = (finished.raw, finished.thinking)

    def _within_limit(self, text: str, reply: TurnReply) -> bool:
        """Counts the text; False (the reply failed as too long) past the session's bound."""
        self.received += len(text)
        if self.received > self.limit:
            reply.fail("too_long", f"the reply passed {self.limit:,} characters without finishing and was cut off "
                       "there")
            return False
        return True

    def _reasoning(self, text: str, reply: TurnReply) -> bool:
        self.reasoning_tokens += 1
        reply.reasoning_parts.append(text)
        self.emit(ThinkingDelta(step=self.step, text=text))
        if self.budget is not None and self.reasoning_tokens >= self.budget and not self.answer_started:
            reply.cut = "budget"
            return False
        return True
