"""Where a step folded out of the conversation is read back from when the person opens it
(widgets/earlier_steps.py): a live session's log (the log, not memory, keeps every step whole),
or a replay's fold, which holds the whole log already."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from ..agent.log.reader import LogError, read_log
from ..agent.session.fold import SessionFold, StepView

# A step read back by its number: its view, or a sentence saying why it cannot be.
StepArchive = Callable[[int], Awaitable[StepView | str]]


def step_of_log(path: Path, number: int) -> StepView | str:
    """Step `number` of the log at `path`, folded as the screen showed it (or why it cannot be)."""
    try:
        contents = read_log(path, lazy_deltas=True)
    except LogError as exc:
        return f"step {number} cannot be read back: {exc}"
    fold = SessionFold(workspace=contents.header.workspace)
    for event in contents.events:
        if event.step == number:
            fold.apply(event)
    return fold.steps[0] if fold.steps else f"the log holds nothing of step {number}"


def log_archive(path: Path) -> StepArchive:
    """Steps read back from a live session's log, in a thread (a long log takes a moment)."""

    async def step(number: int) -> StepView | str:
        return await asyncio.to_thread(step_of_log, path, number)

    return step


def fold_archive(fold: SessionFold) -> StepArchive:
    """Steps of a replay, from its fold."""

    async def step(number: int) -> StepView | str:
        found = next((step for step in fold.steps if step.number == number), None)
        return found if found is not None else f"the log holds nothing of step {number}"

    return step
