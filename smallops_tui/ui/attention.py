"""Where the app stands, said outside its window: the terminal's title, and a signal when it waits.

The title follows the session (`smallops — step 3 · streaming`, `smallops — waiting: HIGH rm -rf
build`, `smallops — done`), so a person in another tab or window sees it in the tab bar. When the
app starts waiting for a key while the terminal has lost focus (Textual asks the terminal for
focus reports and turns them into AppBlur/AppFocus), it rings the bell and, where the terminal is
known to show one, sends a desktop notification (OSC 9, OSC 99 or OSC 777, by terminal). Each of
the three can be switched off in settings (`terminal_title`, `bell`, `notify`).

Toad sends its desktop notifications through notifypy (a library that starts the OS's notifier);
an escape sequence instead reaches the person's own terminal over ssh and needs no dependency, and
it is only sent to terminals known to understand it (another could print it, or misread it).

What goes into the title or a notification comes partly from the model (a command, a path): it is
drawn visibly (no escape, BEL or control character reaches the terminal raw) and cut short.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, assert_never

from textual.app import App

from ..agent.files.visible import visible
from ..agent.reply.kinds import Done, EditAction, ListDir, ReadFile, RunCommand
from ..agent.session.decisions import Proposal

PREFIX = "smallops — "
TITLE_ROOM = 80  # characters of the title after the prefix (a tab shows far fewer)
# xterm's title stack: the person's own title comes back when the app ends (others ignore these).
PUSH_TITLE, POP_TITLE = "\x1b[22;0t", "\x1b[23;0t"
ST = "\x1b\\"  # the title ends with ST, not BEL, so that a BEL in the output is only ever the bell
KEPT = 200  # titles remembered (tests read them; a long session sends several a step)


@dataclass(frozen=True)
class Signals:
    """Which signals the person wants (settings `terminal_title`, `bell`, `notify`)."""

    title: bool = True
    bell: bool = True
    notify: bool = True


def one_line(text: str, room: int = TITLE_ROOM) -> str:
    """`text` made safe for a title or a notification: visible, on one line, at most `room` long."""
    flat = " ".join(visible(text).split())
    return flat if len(flat) <= room else flat[: room - 1] + "…"


def waiting_title(proposal: Proposal) -> str:
    """What the title says while a proposal waits: its risk and what it would do."""
    action = proposal.action
    level = f"{proposal.verdict.level} " if proposal.verdict is not None else ""
    match action:
        case None:
            return "waiting: an unusable reply"
        case Done():
            return f"waiting: done? {action.summary}"  # the model says it has finished: is it?
        case RunCommand():
            what = action.command
        case ReadFile() | ListDir() | EditAction():
            what = f"{action.action} {action.path}"
        case _:
            assert_never(action)
    return f"waiting: {level}{what}"


def notification_sequence(text: str, environ: Mapping[str, str]) -> str:
    """The escape sequence that shows `text` as a desktop notification in this terminal, or ""
    where none is known to."""
    body = one_line(text, 200).replace(";", ",")  # `;` separates the sequence's fields
    term, program = environ.get("TERM", ""), environ.get("TERM_PROGRAM", "")
    if "TMUX" in environ or term.startswith(("screen", "tmux")):
        return ""  # a multiplexer swallows it, or shows it in another pane: the bell and the title say it
    if term == "xterm-kitty" or "KITTY_WINDOW_ID" in environ:
        return f"\x1b]99;;{body}{ST}"
    if program in ("iTerm.app", "WezTerm", "ghostty"):
        return f"\x1b]9;{body}\x07"
    if term.startswith(("foot", "rxvt-unicode")):
        return f"\x1b]777;notify;smallops;{body}\x07"
    return ""


class Attention:
    """The title and the signal of one app. `titles` and `signals` keep what was sent (tests read them)."""

    def __init__(self, app: App[Any], signals: Signals, environ: Mapping[str, str]) -> None:
        self.app = app
        self.wanted = signals
        self.environ = environ
        self.text = ""  # the title now, after the prefix
        self.titles: list[str] = []
        self.signals: list[str] = []  # "bell", "notify: …"

    def _write(self, sequence: str) -> None:
        driver = self.app._driver
        if not self.app.is_headless and driver is not None:
            driver.write(sequence)
            driver.flush()

    def begin(self) -> None:
        if self.wanted.title:
            self._write(PUSH_TITLE)

    def end(self) -> None:
        if self.wanted.title and self.titles:
            self._write(POP_TITLE)

    def title(self, text: str) -> None:
        """Set the terminal's title to `smallops — text` (when it changes)."""
        line = one_line(text)
        if line == self.text or not self.wanted.title:
            return
        self.text = line
        full = PREFIX + line
        self.titles.append(full)
        if len(self.titles) > 2 * KEPT:
            del self.titles[:-KEPT]
        self._write(f"\x1b]2;{full}{ST}")

    def call(self, text: str) -> None:
        """The app waits for the person: if they are looking elsewhere, ring and notify (as settings allow)."""
        if self.app.app_focus:
            return
        if self.wanted.bell:
            self.signals.append("bell")
            self.app.bell()
        if self.wanted.notify:
            sequence = notification_sequence(PREFIX + text, self.environ)
            if sequence:
                self.signals.append(f"notify: {one_line(text)}")
                self._write(sequence)
