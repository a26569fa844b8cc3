"""Keys that arrive faster than anyone types are a paste, and are handed on as one.

A terminal without bracketed paste (or a paste into one that was not asked for it) delivers
pasted text as one key event per character, and Textual handles each on its own: a 100 KB paste
into the reject reason took minutes at full CPU, and Enter, Esc and `s` waited behind it. Keys
reach the app from the driver's input thread, one scheduled coroutine each; the driver
`flood_guarded()` makes hands every message it reads to `KeyFlood` instead, which holds them for
HOLD seconds after the first, and then hands on a run of at least FLOOD printable keys (Enter and Tab included: they are
the paste's line breaks) as one `Paste` event, which an input inserts in one go and a binding
never acts on. Fewer keys than that are handed on one by one, as typed: a person cannot press
FLOOD keys before the loop takes the first, and a held key repeats far slower than that.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

from textual import events
from textual.driver import Driver
from textual.message import Message

FLOOD = 16  # printable keys in one run before they are taken as a paste
# Seconds the first key is held for others to join it: the input thread parses keys one by one,
# and handed on at once a paste would go out a few keys at a time. Too short for a person to notice.
HOLD = 0.015
_LINE_BREAKS = {"enter": "\n", "tab": "\t", "ctrl+j": "\n"}


def _pasted_character(message: Message) -> str | None:
    """The text a key adds to a paste, or None for a key that is not text (Esc, arrows, ctrl+…)."""
    if not isinstance(message, events.Key):
        return None
    if message.key in _LINE_BREAKS:
        return _LINE_BREAKS[message.key]
    return message.character if message.is_printable and message.character else None


class KeyFlood:
    """Holds what the input thread posts until the app's loop runs, then hands it on in order."""

    def __init__(self, deliver: Callable[[Message], object], loop: asyncio.AbstractEventLoop) -> None:
        self.deliver = deliver  # posts one message on the app's own thread
        self.loop = loop
        self._lock = threading.Lock()
        self._held: list[Message] = []
        self.pastes = 0  # runs handed on as one paste (for tests and the curious)

    @property
    def holding(self) -> bool:
        """Whether messages wait to be handed on (anything posted meanwhile must queue behind them)."""
        return bool(self._held)

    def take(self, message: Message) -> bool:
        """From the input thread: hold `message`, and have the loop hand on what is held."""
        with self._lock:
            first = not self._held
            self._held.append(message)
        if first:
            self.loop.call_soon_threadsafe(self.loop.call_later, HOLD, self.flush)
        return True

    def flush(self) -> None:
        """On the app's thread: hand on everything held, a long run of text keys as one paste."""
        with self._lock:
            held, self._held = self._held, []
        run: list[Message] = []
        ended: list[Message | None] = [*held, None]  # None: the end, which closes the last run
        for message in ended:
            if message is not None and _pasted_character(message) is not None and \
                    (run or not isinstance(message, events.Key) or message.key not in _LINE_BREAKS):
                run.append(message)  # a run starts with a character, not a line break
                continue
            self._hand_on(run)
            run = []
            if message is not None:
                self.deliver(message)

    def _hand_on(self, run: list[Message]) -> None:
        # Line breaks that end the run are keys pressed after it (Enter to submit what was pasted).
        end = len(run)
        while end and isinstance(run[end - 1], events.Key) and run[end - 1].key in _LINE_BREAKS:  # type: ignore[attr-defined]
            end -= 1
        if end >= FLOOD:
            self.pastes += 1
            self.deliver(events.Paste("".join(_pasted_character(m) or "" for m in run[:end])))
            run = run[end:]
        for message in run:
            self.deliver(message)


def flood_guarded(base: type[Driver]) -> type[Driver]:
    """`base` (the platform's driver) with every message it reads passed through a KeyFlood."""

    class FloodGuarded(base):  # type: ignore[valid-type, misc]
        _flood: KeyFlood | None = None

        def send_message(self, message: Message) -> None:  # called on the input thread
            flood = self._flood
            if flood is None or flood.loop is not self._loop:
                flood = self._flood = KeyFlood(self._hand_on, self._loop)
            flood.take(message)

        def _hand_on(self, message: Message) -> None:  # called on the app's thread
            self._app.post_message(message)

    FloodGuarded.__name__ = FloodGuarded.__qualname__ = f"FloodGuarded{base.__name__}"
    return FloodGuarded
