"""The wait on the person: the decider's answer awaited, unless the session is told to stop or to
look again first ("stop", "recheck", "auto": a control wakes the wait, and the decider's call is
cancelled)."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")


class PersonWait:
    """One wait at a time on the decider, which a control can end early."""

    def __init__(self) -> None:
        self._interrupt: asyncio.Future[str] | None = None  # set while a wait runs

    def wake(self, why: str) -> None:
        """End the wait under way (if any) with `why` instead of the decider's answer."""
        if self._interrupt is not None and not self._interrupt.done():
            self._interrupt.set_result(why)

    async def ask(self, call: Awaitable[T], stopping: bool) -> T | str:
        """Await the decider, unless the session is told to stop or to re-check first: then the
        decider's call is cancelled and the reason ("stop", "recheck") returned instead. A session
        already `stopping` does not ask at all."""
        if stopping:
            if inspect.iscoroutine(call):
                call.close()
            return "stop"
        self._interrupt = asyncio.get_running_loop().create_future()
        task = asyncio.ensure_future(call)
        waiting: set[asyncio.Future[T] | asyncio.Future[str]] = {task, self._interrupt}  # the decider's answer, or an interrupt
        try:
            await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            task.cancel()
            raise
        finally:
            interrupt, self._interrupt = self._interrupt, None
        if task.done():
            return task.result()
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
        return interrupt.result()
