"""The model turn: one request per attempt, the person's waiting messages and model switch applied
as it is built, the context rule and alarm around it, a nudge when reasoning is cut (the thinking
budget, or the person's `answer_now`), and a backend error handed to the decider (retry or stop).
The stream itself is read by reply_reader.py.
"""

from __future__ import annotations

import asyncio

from ..log.events import BackendError, Notice, NudgeSent, TurnStarted
from ..reply.actions import VocabularySchema, vocabulary_schema
from ..reply.parsing import Repair
from . import prompts
from .base import SessionBase
from .context import drop_oldest, estimate_tokens
from .context_events import context_checked, context_dropped, reasoning_cut
from .reply_reader import ReplyReader, TurnFailure, TurnReply


# Failures a refused grammar or response format shows as (llama.cpp's parser, a server's 400 or 500 on
# its `format`): before any token, the turn is asked again at once with the plain action schema.
SCHEMA_SUSPECTS = frozenset({"engine_error", "http_error", "stream_error", "bad_response"})


class ModelTurns(SessionBase):
    """Asking the model, as the module's docstring says."""

    turn_repairs: tuple[Repair, ...] = ()  # what this turn's request had to give up (a refused narrowed grammar), shown as repairs

    def _apply_switch(self) -> None:
        """A switch made since the last request takes effect: called before a request is built."""
        switch = self.steering.take_switch()
        if switch is None:
            return
        self.backend.model = switch.model
        if switch.forced_think is not None:
            self.config.forced_think = switch.forced_think
        if switch.no_thinking:
            self.config.think = False

    def _deliver_person_messages(self) -> None:
        """Messages still waiting when a request goes out (the retry after an error, or a message
        sent before the first reply) join the last user message: the model reads them now."""
        text = self.steering.take_messages()
        if not text:
            return
        last = self.messages[-1] if self.messages else None
        if last is not None and last.get("role") == "user":
            self.messages[-1] = {**last, "content": last["content"] + "\n\n" + text}
        else:
            self.messages.append({"role": "user", "content": text})

    async def _ask_model(self) -> tuple[str, str] | None:
        """Stream one reply; returns (answer, thinking), or None when the session must end.

        A reply whose reasoning is cut (the budget, or the person's `answer_now`) is asked again at
        once, with a nudge carrying the reasoning so far and reasoning off; a second cut in the same
        step ends the attempt like an error (retry or stop)."""
        attempt = 0
        nudged = False
        loose = False
        self.turn_repairs = ()
        while True:
            attempt += 1
            reply = await self._request(attempt, think=False if nudged else None, loose=loose)
            if reply.finished is not None:
                return reply.finished
            if not loose and self._narrowed_grammar_refused(reply):
                loose = True
                assert reply.failure is not None
                why = f"this turn's narrowed schema was refused ({reply.failure.message}); asked again with the plain action schema"
                self.emit(Notice(step=self.step, text=f"⚠ {why}"))
                self.turn_repairs = (*self.turn_repairs, Repair("loose_schema", why))
                continue
            if reply.cut is not None:
                self.emit(reasoning_cut(self.step, reply.cut, self._reader.reasoning_tokens, self.config.think_budget))
                if not nudged:
                    nudged = True
                    self._nudge(reply.cut, reply.reasoning)
                    continue
                reply.fail("think_budget", "the model kept reasoning after it was asked to answer now")
            failure = reply.failure or TurnFailure("dropped", "the reply ended without a result")
            self.emit(BackendError(step=self.step, kind=failure.kind, message=failure.message, partial=failure.partial))
            if self.stop_reason is not None:
                return None
            self.state = "waiting_retry"
            answer = await self._ask_person(self.decider.after_backend_error(failure.kind, failure.message))
            if answer != "retry":
                return None
            nudged = False

    def _narrowed_grammar_refused(self, reply: TurnReply) -> bool:
        """Whether a failed request may have failed on its narrowed schema: it failed before any text,
        in a way a refused grammar shows, and the plain schema is another one (a retry that can only
        repeat the same failure is not a retry)."""
        failure = reply.failure
        return (failure is not None and failure.kind in SCHEMA_SUSPECTS and not failure.partial
                and not reply.reasoning and self.config.constrained and self.stop_reason is None
                and self.turn_schema() != vocabulary_schema(self.config.vocabulary))

    async def _request(self, attempt: int, think: bool | None, loose: bool = False) -> TurnReply:
        """One request, streamed to its end, cut, failure or cancellation (by the person: as a
        failure; of the session itself: raised)."""
        self._apply_switch()  # before the state says `streaming`: this request's model is fixed here
        self.state = "streaming"
        self.emit(TurnStarted(step=self.step, attempt=attempt))
        self._deliver_person_messages()
        self._apply_context_rule()
        sent_estimate = estimate_tokens(self.messages)
        reply = TurnReply()
        self._reader = ReplyReader(self.step, self.emit, self.config.max_reply_chars, self.config.think_budget)
        self._cut_by = None
        self._generation = asyncio.ensure_future(self._stream_into(reply, think, loose))
        try:
            await asyncio.shield(self._generation)
        except asyncio.CancelledError:
            if not self._generation.cancelled():
                self._generation.cancel()
                raise  # the session itself was cancelled
            if self._cut_by == "person" and self.stop_reason is None:
                reply.cut = "person"
            else:
                reply.fail("cancelled", "stopped by the person" if self.stop_reason else
                           "generation cancelled by the person")
        self._cut_by = None
        self.last_tokens_per_second = self._reader.tokens_per_second
        if reply.finished is not None:
            self._check_context(sent_estimate, reply.prompt_tokens)
        return reply

    def _nudge(self, by: str, reasoning: str) -> None:
        """Ask for the action now: the reasoning so far and the instruction, sent with the next
        request (which turns reasoning off), kept in the conversation as what the model was told."""
        why = (f"it reached the thinking budget of {self.config.think_budget:,} tokens" if by == "budget"
               else "the person asked for your answer now")
        text = prompts.answer_now_nudge(reasoning, why)
        self.messages.append({"role": "user", "content": text})
        self.emit(NudgeSent(step=self.step, text=text, think=False))

    def _apply_context_rule(self) -> None:
        window = self.context_window
        if self.config.context_rule != "drop-oldest" or window is None:
            return
        kept, dropped = drop_oldest(self.messages, window.tokens, self.config.keep_turns)
        if dropped is not None:
            self.messages = kept
            self.emit(context_dropped(self.step, self.config.context_rule, dropped, window.tokens))

    def _check_context(self, sent_estimate: int, reported: int | None) -> None:
        window = self.context_window
        if window is not None:
            checked = self.emit(context_checked(self.step, sent_estimate, reported, window, self._context_warned))
            self._context_warned = checked.warning

    async def _stream_into(self, reply: TurnReply, think: bool | None = None, loose: bool = False) -> None:
        options: dict[str, object] = dict(self.config.chat_options)
        options.update(think=self.config.think if think is None else think, forced_think=self.config.forced_think)
        if self.config.constrained:
            options["schema"] = vocabulary_schema(self.config.vocabulary) if loose else self.turn_schema()
        try:
            await self._reader.read(self.backend.stream_chat(self.messages, **options), reply)
        except Exception as exc:  # a backend bug or a hostile server: one sentence, the session goes on
            first = str(exc).splitlines()[0] if str(exc) else ""
            reply.fail("protocol", f"the backend failed: {type(exc).__name__}: {first}")

    def turn_schema(self) -> VocabularySchema:
        """The JSON schema this turn's reply is constrained to (a bench lever narrows it per turn)."""
        return vocabulary_schema(self.config.vocabulary)
