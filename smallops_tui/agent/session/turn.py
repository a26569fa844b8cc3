"""The model turn: one request per attempt, the person's waiting messages and model switch applied
as it is built, the context rule and alarm around it, a nudge when reasoning is cut (the thinking
budget, or the person's `answer_now`), and a backend error handed to the decider (retry or stop).
The stream itself is read by reply_reader.py.

A part the session holds (loop.py): it reads and writes the session's conversation and state
through `TurnHost`, and owns what exists only while a reply streams (the reader, the generation).
"""

from __future__ import annotations

import asyncio
from typing import Literal, Protocol, TypeVar

from ..log.events import BackendError, Event, Notice, NudgeSent, TurnStarted
from ..reply.actions import VocabularySchema, vocabulary_schema
from ..reply.backend import Backend
from ..reply.parsing import Repair
from ..reply.repetition import Stop
from . import prompts
from .asking import PersonWait
from .config import Message, SessionConfig, State
from .context import ContextWindow, drop_oldest, estimate_tokens
from .context_events import context_checked, context_dropped, reasoning_cut
from .decisions import Decider
from .guards import SessionHistory
from .lever_hooks import LeverHooks
from .reply_reader import ReplyReader, TurnFailure, TurnReply
from .steering import Steering

E = TypeVar("E", bound=Event)

# Failures a refused grammar or response format shows as (llama.cpp's parser, a server's 400 or 500 on
# its `format`): before any token, the turn is asked again at once with the plain action schema.
SCHEMA_SUSPECTS = frozenset({"engine_error", "http_error", "stream_error", "bad_response"})


class TurnHost(Protocol):
    """What the model turn reads and writes of the session."""

    backend: Backend
    config: SessionConfig
    decider: Decider
    messages: list[Message]
    steering: Steering
    history: SessionHistory
    waiting: PersonWait
    step: int
    state: State
    stop_reason: str | None
    task_at: int  # where the current task's message is in the conversation

    def emit(self, event: E) -> E: ...


class ModelTurn:
    """Asking the model, as the module's docstring says."""

    def __init__(self, host: TurnHost, levers: LeverHooks) -> None:
        self.host = host
        self.levers = levers
        self.repairs: tuple[Repair, ...] = ()  # what this turn's request had to give up (a refused narrowed grammar)
        self.limit_hit: int | Literal[True] | None = None  # the last reply ended at its token limit
        self.looped: Stop | None = None  # the last reply was stopped in a loop, or run on
        # The reply streaming now: its reasoning chunks (the budget's tokens), and whether the
        # answer has begun (then there is no reasoning left to cut).
        self.reader = ReplyReader(0, host.emit, host.config.max_reply_chars, host.config.think_budget)
        self.generation: asyncio.Task[None] | None = None
        self.cut_by: str | None = None  # "person" while `cut_reasoning` cancels the stream
        self.last_tokens_per_second: float | None = None
        self._context_warned = False  # the last context check was at or past 80%
        self._context_cut = False  # the last check the server counted for found the prompt cut

    @property
    def context_window(self) -> ContextWindow | None:
        window = self.host.config.context_window
        return ContextWindow(window, self.host.config.context_source or "set") if window else None

    @property
    def streaming(self) -> bool:
        return self.generation is not None and not self.generation.done()

    @property
    def can_cut_reasoning(self) -> bool:
        """Whether reasoning is streaming now, so `cut_reasoning` would cut it."""
        return (self.streaming and self.reader.reasoning_tokens > 0 and not self.reader.answer_started
                and self.cut_by is None)

    def cut_reasoning(self) -> bool:
        """Cut the reasoning streaming now: the model is asked for its action at once."""
        if not self.can_cut_reasoning:
            return False
        assert self.generation is not None
        self.cut_by = "person"
        self.generation.cancel()  # closes the stream: the server stops generating
        return True

    def cancel(self) -> bool:
        """Stop the reply in flight; the turn then asks the decider to retry or stop."""
        if self.generation is not None and not self.generation.done():
            self.generation.cancel()
            return True
        return False

    def _apply_switch(self) -> None:
        """A switch made since the last request takes effect: called before a request is built."""
        switch = self.host.steering.take_switch()
        if switch is None:
            return
        self.host.backend.model = switch.model
        if switch.forced_think is not None:
            self.host.config.forced_think = switch.forced_think
        if switch.no_thinking:
            self.host.config.think = False

    def _deliver_person_messages(self) -> None:
        """Messages still waiting when a request goes out (the retry after an error, or a message
        sent before the first reply) join the last user message: the model reads them now."""
        text = self.host.steering.take_messages()
        if not text:
            return
        last = self.host.messages[-1] if self.host.messages else None
        if last is not None and last.get("role") == "user":
            self.host.messages[-1] = {**last, "content": last["content"] + "\n\n" + text}
        else:
            self.host.messages.append({"role": "user", "content": text})

    async def ask(self) -> tuple[str, str] | None:
        """Stream one reply; returns (answer, thinking), or None when the session must end.

        A reply whose reasoning is cut (the budget, or the person's `answer_now`) is asked again at
        once, with a nudge carrying the reasoning so far and reasoning off; a second cut in the same
        step ends the attempt like an error (retry or stop)."""
        attempt = 0
        nudged = False
        loose = False
        self.repairs = ()
        self.limit_hit = None
        self.looped = None
        while True:
            attempt += 1
            reply = await self._request(attempt, think=False if nudged else None, loose=loose)
            if reply.finished is not None:
                self.limit_hit, self.looped = reply.limit_hit, reply.looped
                return reply.finished
            if not loose and self._narrowed_grammar_refused(reply):
                loose = True
                assert reply.failure is not None
                why = f"this turn's narrowed schema was refused ({reply.failure.message}); asked again with the plain action schema"
                self.host.emit(Notice(step=self.host.step, text=f"⚠ {why}"))
                self.repairs = (*self.repairs, Repair("loose_schema", why))
                continue
            if reply.cut is not None:
                self.host.emit(reasoning_cut(self.host.step, reply.cut, self.reader.reasoning_tokens, self.host.config.think_budget))
                if not nudged:
                    nudged = True
                    self._nudge(reply.cut, reply.reasoning)
                    continue
                reply.fail("think_budget", "the model kept reasoning after it was asked to answer now")
            failure = reply.failure or TurnFailure("dropped", "the reply ended without a result")
            self.host.emit(BackendError(step=self.host.step, kind=failure.kind, message=failure.message, partial=failure.partial))
            if self.host.stop_reason is not None:
                return None
            self.host.state = "waiting_retry"
            answer = await self.host.waiting.ask(self.host.decider.after_backend_error(failure.kind, failure.message),
                                               self.host.stop_reason is not None)
            if answer != "retry":
                return None
            nudged = False

    def _narrowed_grammar_refused(self, reply: TurnReply) -> bool:
        """Whether a failed request may have failed on its narrowed schema: it failed before any text,
        in a way a refused grammar shows, and the plain schema is another one (a retry that can only
        repeat the same failure is not a retry)."""
        failure = reply.failure
        return (failure is not None and failure.kind in SCHEMA_SUSPECTS and not failure.partial
                and not reply.reasoning and self.host.config.constrained and self.host.stop_reason is None
                and self.schema() != vocabulary_schema(self.host.config.vocabulary))

    async def _request(self, attempt: int, think: bool | None, loose: bool = False) -> TurnReply:
        """One request, streamed to its end, cut, failure or cancellation (by the person: as a
        failure; of the session itself: raised)."""
        self._apply_switch()  # before the state says `streaming`: this request's model is fixed here
        self.host.state = "streaming"
        self.host.emit(TurnStarted(step=self.host.step, attempt=attempt))
        self._deliver_person_messages()
        self._apply_context_rule()
        sent_estimate = estimate_tokens(self.host.messages)
        # The gauge is set from the estimate as the request goes out, and from the server's count when
        # it reports one: set only after the reply, it showed the last request's size (760 of 8,192)
        # for the whole of a turn whose prompt held 3,101 tokens.
        self._check_context(sent_estimate, None)
        reply = TurnReply()
        self.reader = ReplyReader(self.host.step, self.host.emit, self.host.config.max_reply_chars, self.host.config.think_budget)
        self.cut_by = None
        self.generation = asyncio.ensure_future(self._stream_into(reply, think, loose))
        try:
            await asyncio.shield(self.generation)
        except asyncio.CancelledError:
            if not self.generation.cancelled():
                self.generation.cancel()
                raise  # the session itself was cancelled
            if self.cut_by == "person" and self.host.stop_reason is None:
                reply.cut = "person"
            else:
                reply.fail("cancelled", "stopped by the person" if self.host.stop_reason else
                           "generation cancelled by the person")
        self.cut_by = None
        self.last_tokens_per_second = self.reader.tokens_per_second
        if reply.finished is not None and reply.prompt_tokens is not None:
            self._check_context(sent_estimate, reply.prompt_tokens)
        return reply

    def _nudge(self, by: str, reasoning: str) -> None:
        """Ask for the action now: the reasoning so far and the instruction, sent with the next
        request (which turns reasoning off), kept in the conversation as what the model was told."""
        why = (f"it reached the thinking budget of {self.host.config.think_budget:,} tokens" if by == "budget"
               else "the person asked for your answer now")
        text = prompts.answer_now_nudge(reasoning, why)
        self.host.messages.append({"role": "user", "content": text})
        self.host.emit(NudgeSent(step=self.host.step, text=text, think=False))

    def _apply_context_rule(self) -> None:
        window = self.context_window
        if self.host.config.context_rule != "drop-oldest" or window is None:
            return
        task_at = self.host.task_at
        kept, dropped = drop_oldest(self.host.messages, window.tokens, self.host.config.keep_turns,
                                    keep=frozenset({task_at}))
        if dropped is not None:
            self.host.messages = kept
            self.host.task_at = task_at - sum(1 for index in dropped.indices if index < task_at)
            self.host.emit(context_dropped(self.host.step, self.host.config.context_rule, dropped, window.tokens))

    def _check_context(self, sent_estimate: int, reported: int | None) -> None:
        window = self.context_window
        if window is not None:
            checked = self.host.emit(context_checked(self.host.step, sent_estimate, reported, window, self._context_warned,
                                                     cut_before=self._context_cut))
            self._context_warned = checked.warning
            if reported is not None:
                self._context_cut = checked.truncated

    async def _stream_into(self, reply: TurnReply, think: bool | None = None, loose: bool = False) -> None:
        options: dict[str, object] = dict(self.host.config.chat_options)
        options.update(self.levers.turn_options(self.host.step))
        options.update(think=self.host.config.think if think is None else think, forced_think=self.host.config.forced_think)
        if self.host.config.constrained:
            options["schema"] = vocabulary_schema(self.host.config.vocabulary) if loose else self.schema()
        try:
            await self.reader.read(self.host.backend.stream_chat(self.host.messages, **options), reply)
        except Exception as exc:  # a backend bug or a hostile server: one sentence, the session goes on
            first = str(exc).splitlines()[0] if str(exc) else ""
            reply.fail("protocol", f"the backend failed: {type(exc).__name__}: {first}")

    def schema(self) -> VocabularySchema:
        """The JSON schema this turn's reply is constrained to (a lever may narrow it per turn)."""
        return (self.levers.turn_schema(self.host.step, self.host.history)
                or vocabulary_schema(self.host.config.vocabulary))
