"""A logged session replayed to a client that loads it (`session/load`): every event as the client
would have seen it live, in order, before the load is answered: each task as the person's message,
the reasoning and the answers, each proposal as a tool call with its outcome, smallops's notices,
and each end. No question is asked again: a logged proposal opens its own tool call."""

from __future__ import annotations

from collections.abc import Iterator

from acp.helpers import update_user_message_text

from ..agent.files.visible import visible
from ..agent.history.replay import Replay
from ..agent.log.events import AnswerText, ContentDelta, Event, ReasoningText, ThinkingDelta
from .updates import Send, UpdatePump


async def replay_history(replay: Replay, send: Send, root: str) -> None:
    """Send `replay`'s whole story through `send`, and return once it is sent."""
    pump = UpdatePump(send, root, history=True)
    pump.update(update_user_message_text(visible(replay.header.task)))
    for event in told(replay):
        pump.on_event(event)
    await pump.run_until_sent()


def told(replay: Replay) -> Iterator[Event]:
    """The log's events in order, each run of streamed text as one delta (a long log holds tens of
    thousands, and the client is sent a run as one chunk anyway)."""
    run: list[str] = []
    kind: type[ThinkingDelta] | type[ContentDelta] | None = None
    step = 0
    for event in [*replay.preamble, *(e for view in replay.steps for e in view.events)]:
        match event:
            case ReasoningText() | AnswerText():
                this = ThinkingDelta if isinstance(event, ReasoningText) else ContentDelta
                if kind is not this or event.step != step:
                    if kind is not None and run:
                        yield kind(step=step, text="".join(run))
                    run, kind, step = [], this, event.step
                run.append(event.text)
            case _:
                if kind is not None and run:
                    yield kind(step=step, text="".join(run))
                run, kind = [], None
                yield event
    if kind is not None and run:
        yield kind(step=step, text="".join(run))
