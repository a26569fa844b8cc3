"""The session's events as `session/update` notifications, sent in the order they happened.

The session hands events to listeners synchronously; sending is asynchronous. `UpdatePump` keeps
one queue: session events, the tool calls the decider announces, and lines smallops says itself,
and one task sends them in order, so a permission request (sent after `flush()`) never overtakes
the reasoning or the tool call it is about. Reasoning goes out as thought chunks and the answer
as message chunks; deltas already waiting are joined into one chunk (Ollama streams a token per
line, and a slow client must not fall a notification per token behind).

When the client is gone, updates are dropped: the session still ends and its log is still written.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from acp.helpers import text_block, tool_content, update_agent_message_text, update_agent_thought_text, update_tool_call
from acp.schema import (
    AgentMessageChunk,
    AgentThoughtChunk,
    ToolCallProgress,
    ToolCallStart,
    ToolCallStatus,
)

from ..agent.files.visible import visible
from ..agent.reply.kinds import Done
from ..agent.log.events import (
    ActionProposed,
    BackendError,
    ContentDelta,
    ContextChecked,
    Decision,
    Executed,
    ModelLoading,
    Notice,
    ReasoningCut,
    SessionEnded,
    ThinkingDelta,
)
from .tool_calls import fenced, outcome_content, title_of_logged, tool_kind_of

SessionUpdate = AgentMessageChunk | AgentThoughtChunk | ToolCallStart | ToolCallProgress
Send = Callable[[SessionUpdate], Awaitable[None]]


@dataclass(frozen=True)
class Announced:
    """A tool call the decider opened: the session's next decision and outcome belong to it."""

    start: ToolCallStart
    action: str | None  # the action's JSON name; None for an unusable reply
    refused: bool = False


@dataclass(frozen=True)
class Said:
    """A line from smallops itself (not the model), shown as part of the agent's message."""

    text: str


@dataclass
class _Current:
    call_id: str
    action: str | None
    refused: bool = False


class UpdatePump:
    """One ordered stream of updates for one ACP session (see the module)."""

    def __init__(self, send: Send) -> None:
        self._send = send
        self.on_gone: Callable[[Exception], None] | None = None  # told once, when a send fails
        self._items: deque[Any] = deque()
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()
        self.gone = False  # the client cannot be reached any more
        self._current: _Current | None = None
        self._proposed: ActionProposed | None = None  # the last proposal, for an auto-approved action
        self._auto_calls = 0
        # The events the client hears of (the rest, such as feedback to the model, it does not).
        self._handlers: dict[type, Callable[[Any], list[SessionUpdate]]] = {
            Notice: self._on_notice, ModelLoading: self._on_model_loading, BackendError: self._on_backend_error,
            ReasoningCut: self._on_reasoning_cut, ContextChecked: self._on_context_checked,
            ActionProposed: self._on_action_proposed, Decision: self._on_decision, Executed: self._on_executed,
            SessionEnded: self._on_session_ended,
        }

    # -- what goes in ----------------------------------------------------------------------

    def _put(self, item: Any) -> None:
        self._items.append(item)
        self._idle.clear()
        self._wake.set()

    def on_event(self, event: Any) -> None:
        """A session listener: every event, in order."""
        self._put(event)

    def announce(self, start: ToolCallStart, action: str | None, refused: bool = False) -> None:
        self._put(Announced(start, action, refused))

    def update(self, update: SessionUpdate) -> None:
        self._put(update)

    def say(self, text: str) -> None:
        self._put(Said(text))

    async def flush(self) -> None:
        """Wait until everything put in so far has been sent (or dropped, the client gone)."""
        await self._idle.wait()

    # -- the sending task --------------------------------------------------------------------

    async def run(self) -> None:
        while True:
            if not self._items:
                self._idle.set()
                self._wake.clear()
                await self._wake.wait()
                continue
            item = self._items.popleft()
            if isinstance(item, (ThinkingDelta, ContentDelta)):
                texts = [item.text]
                while self._items and type(self._items[0]) is type(item):
                    texts.append(self._items.popleft().text)
                text = visible("".join(texts))
                chunk = update_agent_thought_text(text) if isinstance(item, ThinkingDelta) else \
                    update_agent_message_text(text)
                await self._deliver([chunk])
                continue
            await self._deliver(self._translate(item))

    async def _deliver(self, updates: list[SessionUpdate]) -> None:
        for update in updates:
            if self.gone:
                return
            try:
                await self._send(update)
            except (ConnectionError, OSError) as exc:
                self.gone = True
                if self.on_gone is not None:
                    self.on_gone(exc)

    # -- events as updates ---------------------------------------------------------------------

    def _translate(self, item: Any) -> list[SessionUpdate]:
        if isinstance(item, Announced):
            self._current = _Current(item.start.tool_call_id, item.action, item.refused)
            return [item.start]
        if isinstance(item, Said):
            return [update_agent_message_text(f"\n\n{item.text}\n")]
        if isinstance(item, (ToolCallStart, ToolCallProgress, AgentMessageChunk, AgentThoughtChunk)):
            return [item]
        handler = self._handlers.get(type(item))
        return handler(item) if handler is not None else []

    def _note(self, text: str) -> list[SessionUpdate]:
        return [update_agent_message_text(f"\n\n[smallops] {visible(text)}\n")]

    def _on_notice(self, event: Notice) -> list[SessionUpdate]:
        return self._note(event.text)

    def _on_model_loading(self, event: ModelLoading) -> list[SessionUpdate]:
        return self._note(event.text)

    def _on_backend_error(self, event: BackendError) -> list[SessionUpdate]:
        return self._note(f"the model's reply failed ({event.kind}): {event.message}")

    def _on_reasoning_cut(self, event: ReasoningCut) -> list[SessionUpdate]:
        why = "the thinking budget" if event.by == "budget" else "your request"
        return self._note(f"reasoning cut after {event.tokens:,} tokens ({why}); the model is asked to answer now")

    def _on_context_checked(self, event: ContextChecked) -> list[SessionUpdate]:
        if not event.crossed:
            return []
        return self._note(f"the conversation fills {event.percent:.0f}% of the model's context window "
                          f"({event.used:,} of {event.window:,} tokens)")

    def _on_action_proposed(self, event: ActionProposed) -> list[SessionUpdate]:
        self._proposed = event
        return []

    def _on_decision(self, event: Decision) -> list[SessionUpdate]:
        if event.by == "auto":  # the approval mode approved it: no permission was asked, so open the call here
            return self._auto_call()
        current = self._current
        if current is None:
            return []
        if event.decision == "approve":
            if current.action is None:
                return [update_tool_call(current.call_id, status="completed",
                                         content=[tool_content(text_block("sent back to the model"))])]
            if current.refused:
                return [self._failed(current.call_id,
                                     "refused by smallops's risk rules: nothing ran; the model is told why")]
            if current.action == Done.NAME:
                return [update_tool_call(current.call_id, status="completed")]
            return [update_tool_call(current.call_id, status="in_progress")]
        if event.decision == "reject":
            reason = f": {event.reason}" if event.reason else ""
            return [self._failed(current.call_id, f"rejected{reason}; nothing ran")]
        return [self._failed(current.call_id, f"stopped{': ' + event.reason if event.reason else ''}; nothing ran")]

    def _auto_call(self) -> list[SessionUpdate]:
        event = self._proposed
        if event is None:
            return []
        self._auto_calls += 1
        action = str(event.action.get("action", ""))
        call_id = f"smallops-{event.step}-auto{self._auto_calls}"
        self._current = _Current(call_id, action)
        verdict = event.verdict
        text = f"Risk: {verdict.level} (rules: {', '.join(verdict.rules)}) — approved by the auto-approve LOW mode"
        if event.diff:
            text += "\n\n" + fenced(event.diff, "diff")
        return [ToolCallStart(session_update="tool_call", tool_call_id=call_id, title=title_of_logged(event.action),
                              kind=tool_kind_of(action), status="in_progress",
                              content=[tool_content(text_block(text))], raw_input=event.action)]

    def _failed(self, call_id: str, text: str) -> ToolCallProgress:
        return update_tool_call(call_id, status="failed", content=[tool_content(text_block(text))])

    def _on_executed(self, event: Executed) -> list[SessionUpdate]:
        current = self._current
        if current is None:
            return []
        status: ToolCallStatus = "completed" if event.ok else "failed"
        return [update_tool_call(current.call_id, status=status,
                                 content=outcome_content(event.summary, event.output, event.diff),
                                 raw_output={"exit_code": event.exit_code} if event.exit_code is not None else None)]

    def _on_session_ended(self, event: SessionEnded) -> list[SessionUpdate]:
        lines = [f"Session ended ({event.reason}): {visible(event.summary)}"]
        for label, paths in (("created", event.created), ("modified", event.modified), ("deleted", event.deleted)):
            if paths:
                lines.append(f"{label}: {', '.join(visible(p) for p in paths)}")
        return [update_agent_message_text("\n\n" + "\n".join(lines) + "\n")]
