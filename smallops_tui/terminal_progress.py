"""A progress bar on the terminal for work done before any screen is drawn (assembling or checking
the embedded model): one line redrawn in place on a terminal, a line per tenth elsewhere (a log)."""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 30


class TerminalProgress:
    """Call it with (what, done, total) as often as you like; it draws when the percentage moves."""

    def __init__(self, stream: TextIO | None = None, prefix: str = "smallops", delay: float = 0.5) -> None:
        self.stream = stream or sys.stderr
        self.prefix = prefix
        self.delay = delay  # work this quick draws no bar at all: a flash of a bar is noise
        self._drawn = False
        self.active = False  # a bar is on the current line (other messages should start a new one)
        self._last: tuple[str, int] | None = None
        self._started = time.monotonic()
        try:
            self._redraw = self.stream.isatty()
        except (AttributeError, ValueError):
            self._redraw = False

    def __call__(self, what: str, done: int, total: int) -> None:
        percent = 100 * done // total if total > 0 else 100
        step = percent if self._redraw else percent // 10 * 10
        if self._last is not None and self._last[0] == what and self._last[1] == step:
            return
        if self._last is None or self._last[0] != what:
            self._started = time.monotonic()
            self._drawn = False
            if self.active:
                self._end_line()
        self._last = (what, step)
        if not self._drawn and time.monotonic() - self._started < self.delay:
            return
        self._drawn = True
        filled = WIDTH * percent // 100
        line = (f"{self.prefix}: {what} [{'#' * filled}{'.' * (WIDTH - filled)}] {percent:3d}% "
                f"{time.monotonic() - self._started:.0f} s")
        if self._redraw:
            self.stream.write("\r" + line + "\033[K")
            self.active = percent < 100
            if percent >= 100:
                self.stream.write("\n")
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def _end_line(self) -> None:
        if self._redraw:
            self.stream.write("\n")
        self.active = False

    def interrupt(self) -> None:
        """Another message is about to be printed: end the bar's line first."""
        if self.active:
            self._end_line()
            self.stream.flush()
