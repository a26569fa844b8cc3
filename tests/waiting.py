"""Bounded waits for UI tests: poll a condition until a deadline, and say what never happened.

A wait on a duration asserts the machine is fast enough; these poll a condition instead. The
deadline only stops a hang: it is generous, because CI machines are shared and slow at times.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.pilot import Pilot


async def wait_for(pilot: Pilot, predicate: Callable[[], object], description: str, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {seconds:g} s waiting for: {description}")
        await pilot.pause(0.01)
