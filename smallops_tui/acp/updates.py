"""The session's events as `session/update` notifications, sent in the order they happened.

The session hands events to listeners synchronously; sending is asynchronous. `UpdatePump` keeps
one queue: session events, the tool calls the decider announces, and lines smallops says itself,
and one task sends them in order, so a permission request (sent after `flush()`) never overtakes
the reasoning or the tool call it is about. Reasoning goes out as thought chunks and the answer
as message chunks; deltas already waiting are joined into one chunk (Ollama streams a token per
line, and a slow client must not fall a notification per token behind).

One pump serves an ACP session for its whole life (every prompt of the conversation), so the ids
of the tool calls it opens stay unique. An approved edit's tool call keeps its `diff` content when
it completes (the editor's diff view and review go on); with the `plan` lever in force, each reply's
plan goes out as a plan update. A logged session's events go through the same translation when the
client loads it (`history`: each proposal opens its own tool call).

When the client is gone, updates are dropped: the session still ends and its log is still written.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from acp.helpers import (
    plan_entry, text_block, tool_content, tool_diff_content, update_agent_message_text, update_agent_thought_text,
    update_plan, update_tool_call, update_user_message_text,
)
from acp.schema import (
    AgentMessageChunk,
    AgentPlanUpdate,
    AgentThoughtChunk,
    CurrentModeUpdate,
    FileEditToolCallContent,
    ToolCallProgress,
    ToolCallStart,
    ToolCallStatus,
    UserMessageChunk,
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
    ParseFailed,
    ReasoningCut,
    ReplyFinished,
    SessionEnded,
    TaskStarted,
    ThinkingDelta,
)
from ..agent.session.decisions import Proposal
from .tool_calls import Content, fenced, one_line, outcome_content, title_of_logged, tool_kind_of

SessionUpdate = (AgentMessageChunk | AgentThoughtChunk | UserMessageChunk | ToolCallStart | ToolCallProgress
                 | AgentPlanUpdate | CurrentModeUpdate)
Send = Callable[[SessionUpdate], Awaitable[None]]
UPDATE_TYPES = (AgentMessageChunk, AgentThoughtChunk, UserMessageChunk, ToolCallStart, ToolCallProgress,
                AgentPlanUpdate, CurrentModeUpdate)


@dataclass(frozen=True)
class Announced:
    """A tool call the decider opened: the session's next decision and outcome belong to it."""

    start: ToolCallStart
    action: str | None  # the action's JSON name; None for an unusable reply
    refused: bool = False
    kept: tuple[Content, ...] = ()  # content that stays when the call completes (an edit's diff)


@dataclass(frozen=True)
class Said:
    """A line from smallops itself (not the model), shown as part of the agent's message."""

    text: str


@dataclass
class _Current:
    call_id: str
    action: str | None
    refused: bool = False
    kept: tuple[Content, ...] = ()


class UpdatePump:
    """One ordered stream of updates for one ACP session (see the module)."""

    def __init__(self, send: Send, root: str = "", history: bool = False) -> None:
        self._send = send
        self.root = root  # the workspace, for the paths of diffs
        self.history = history  # replaying a log: each proposal opens its own tool call
        self.proposals: Callable[[], Proposal | None] = lambda: None  # the session's last proposal (its diff)
        self.plans = False  # the `plan` lever is in force: each reply's plan goes out as a plan update
        self._plan_done: list[str] = []  # what this task's approved actions did, for the plan
        self.on_gone: Callable[[Exception], None] | None = None  # told once, when a send fails
        self._items: deque[Any] = deque()
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()
        self.gone = False  # the client cannot be reached any more
        self._current: _Current | None = None
        self._proposed: ActionProposed | None = None  # the last proposal, for an auto-approved action
        self._calls = 0  # tool calls this pump opened itself (auto-approved, or from a log)
        # The events the client hears of (the rest, such as feedback to the model, it does not).
        self._handlers: dict[type, Callable[[Any], list[SessionUpdate]]] = {
            Notice: self._on_notice, ModelLoading: self._on_model_loading, BackendError: self._on_backend_error,
            ReasoningCut: self._on_reasoning_cut, ContextChecked: self._on_context_checked,
            ActionProposed: self._on_action_proposed, Decision: self._on_decision, Executed: self._on_executed,
            SessionEnded: self._on_session_ended, TaskStarted: self._on_task_started, ReplyFinished: self._on_reply,
            ParseFailed: self._on_parse_failed,
        }

    # -- what goes in ----------------------------------------------------------------------

    def _put(self, item: Any) -> None:
        self._items.append(item)
        self._idle.clear()
        self._wake.set()

    def on_event(self, event: Any) -> None:
        """A session listener: every event, in order."""
        self._put(event)

    def announce(self, start: ToolCallStart, action: str | None, refused: bool = False,
                 kept: tuple[Content, ...] = ()) -> None:
        self._put(Announced(start, action, refused, kept))

    def update(self, update: SessionUpdate) -> None:
        self._put(update)

    def say(self, text: str) -> None:
        self._put(Said(text))

    async def flush(self) -> None:
        """Wait until everything put in so far has been sent (or dropped, the client gone)."""
        await self._idle.wait()

    async def run_until_sent(self) -> None:
        """Send everything put in so far, then stop sending."""
        sending = asyncio.ensure_future(self.run())
        try:
            await self.flush()
        finally:
            sending.cancel()

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
            self._current = _Current(item.start.tool_call_id, item.action, item.refused, item.kept)
            return [item.start]
        if isinstance(item, Said):
            return [update_agent_message_text(f"\n\n{item.text}\n")]
        if isinstance(item, UPDATE_TYPES):
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
        if self.history:  # no question is asked again: the logged proposal opens its own call
            return self._open_logged(event, "pending", "")
        return []

    def _on_parse_failed(self, event: ParseFailed) -> list[SessionUpdate]:
        if not self.history:
            return []  # (live, the decider asks about it)
        self._calls += 1
        call_id = f"smallops-{event.step}-log{self._calls}"
        self._current = _Current(call_id, None)
        return [ToolCallStart(session_update="tool_call", tool_call_id=call_id, kind="other", status="pending",
                              title=one_line(f"unusable reply: {event.kind}"),
                              content=[tool_content(text_block(f"{visible(event.message)}\n\n{visible(event.raw)}"))])]

    def _on_task_started(self, event: TaskStarted) -> list[SessionUpdate]:
        self._plan_done = []
        return [update_user_message_text(visible(event.task))] if self.history else []

    def _on_reply(self, event: ReplyFinished) -> list[SessionUpdate]:
        """The model's plan (its reasoning before the action, where the `plan` lever asks for one)."""
        plan = one_line(event.thinking, 400)
        if not self.plans or not plan:
            return []
        entries = [plan_entry(done, priority="medium", status="completed") for done in self._plan_done]
        return [update_plan([*entries, plan_entry(plan, priority="high", status="in_progress")])]

    def _on_decision(self, event: Decision) -> list[SessionUpdate]:
        if event.by == "auto" and not self.history:  # no permission was asked: the call opens here
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
        return [self._failed(current.call_id, stopped_text(event.reason))]

    def _auto_call(self) -> list[SessionUpdate]:
        event = self._proposed
        if event is None:
            return []
        return self._open_logged(event, "in_progress", " — approved by the auto-approve LOW mode")

    def _open_logged(self, event: ActionProposed, status: ToolCallStatus, said: str) -> list[SessionUpdate]:
        """A tool call opened from a proposal's event (no question was asked about it: the mode
        approved it, or it is history), with its diff when the session still has it."""
        self._calls += 1
        action = str(event.action.get("action", ""))
        call_id = f"smallops-{event.step}-{'log' if self.history else 'auto'}{self._calls}"
        verdict = event.verdict
        text = f"Risk: {verdict.level} (rules: {', '.join(verdict.rules)}){said}"
        kept = self._diff_content(event)
        if event.diff and not kept:
            text += "\n\n" + fenced(event.diff, "diff")
        self._current = _Current(call_id, action, verdict.refused, kept)
        return [ToolCallStart(session_update="tool_call", tool_call_id=call_id, title=title_of_logged(event.action),
                              kind=tool_kind_of(action), status=status,
                              content=[tool_content(text_block(text)), *kept], raw_input=event.action)]

    def _diff_content(self, event: ActionProposed) -> tuple[Content, ...]:
        """ACP's diff content for a proposal the session still holds (its text before and after)."""
        proposal = self.proposals()
        preview = proposal.preview if proposal is not None and proposal.step == event.step else None
        if preview is None or self.history:
            return ()
        return (diff_content(self.root, preview.path, preview.before, preview.after),)

    def _failed(self, call_id: str, text: str) -> ToolCallProgress:
        return update_tool_call(call_id, status="failed", content=[tool_content(text_block(text))])

    def _on_executed(self, event: Executed) -> list[SessionUpdate]:
        current = self._current
        if current is None:
            return []
        status: ToolCallStatus = "completed" if event.ok else "failed"
        if event.ok:
            self._plan_done.append(title_of_logged(self._proposed.action) if self._proposed is not None else event.action)
        kept = current.kept if event.ok else ()  # the diff view stays on the applied edit
        content = [*outcome_content(event.summary, event.output, None if kept else event.diff), *kept]
        return [update_tool_call(current.call_id, status=status, content=content,
                                 raw_output={"exit_code": event.exit_code} if event.exit_code is not None else None)]

    def _on_session_ended(self, event: SessionEnded) -> list[SessionUpdate]:
        lines = [f"Session ended ({event.reason}): {visible(event.summary)}"]
        for label, paths in (("created", event.created), ("modified", event.modified), ("deleted", event.deleted)):
            if paths:
                lines.append(f"{label}: {', '.join(visible(p) for p in paths)}")
        return [update_agent_message_text("\n\n" + "\n".join(lines) + "\n")]


def diff_content(root: str, path: str, before: str | None, after: str) -> FileEditToolCallContent:
    """ACP's diff content of an edit (visible text: a client draws it as it is)."""
    return tool_diff_content(f"{root}/{path}" if root else path, visible(after),
                             visible(before) if before is not None else None)


def stopped_text(reason: str) -> str:
    """What a stopped tool call says: `stopped: WHY; nothing ran`, each said once (the reason may
    say either already)."""
    text = "stopped" + (f": {reason.removeprefix('stopped: ')}" if reason else "")
    return text if "nothing ran" in text else text + "; nothing ran"
