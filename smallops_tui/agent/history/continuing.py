"""A logged session taken up again to go on with a follow-up task in the same log (`smallops run
--continue`, ACP's session/load): what the session needs to stand where the log stops.

Unlike a fork, nothing is rebuilt or copied: the session goes on in its own workspace, as the
files are now (what changed since the log last recorded them is recorded when the next task
begins), and its events go on in the same log after a `task_started` line.
"""

from __future__ import annotations

from ..log.events import Event, StreamedText
from ..session.config import Continuation
from .fork import conversation_of, recorded_state
from .replay import Replay


def continuation_of(replay: Replay) -> tuple[Continuation, list[str]]:
    """Where `replay`'s session stands when its log stops, and notes on what is not as it was."""
    last = replay.steps[-1].number if replay.steps else 0
    messages, notes = conversation_of(replay, len(replay.steps))
    events: list[Event] = [e for e in replay.preamble if not isinstance(e, StreamedText)]
    events += [e for step in replay.steps for e in step.events if not isinstance(e, StreamedText)]
    last_t = max((e.t for e in events), default=0.0)
    tasks = replay.tasks
    ended = replay.ended
    mode, model = replay.settings_at(len(replay.steps))
    if replay.torn:
        notes.append("the log ends with a cut-off line (the app stopped mid-write): it is dropped when the "
                     "session goes on")
    files = list(recorded_state(replay, len(replay.steps)).values())
    return Continuation(last, messages, events, files, last_t, len(tasks), tasks[-1][1],
                        ended.reason if ended is not None else None, mode, model), notes
