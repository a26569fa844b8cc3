"""A logged session replayed to a client that loads it (`session/load`): every event as the client
would have seen it live, in order, before the load is answered: each task as the person's message,
the reasoning and the answers, each proposal as a tool call with its outcome, smallops's notices,
and each end. No question is asked again: a logged proposal opens its own tool call."""

from __future__ import annotations

from acp.helpers import update_user_message_text

from ..agent.files.visible import visible
from ..agent.history.fork import carried_events
from ..agent.history.replay import Replay
from .updates import Send, UpdatePump


async def replay_history(replay: Replay, send: Send, root: str) -> None:
    """Send `replay`'s whole story through `send`, and return once it is sent."""
    pump = UpdatePump(send, root, history=True)
    pump.update(update_user_message_text(visible(replay.header.task)))
    for event in carried_events(replay, len(replay.steps)):
        pump.on_event(event)
    await pump.run_until_sent()
