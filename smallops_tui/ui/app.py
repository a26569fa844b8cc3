"""The one app: a live session, a replay and the sessions browser are screens of it, as Toad and
Posting hold theirs.

It starts on the screen its command asks for (`run`: a live session, `replay LOG`: the replay,
`replay` alone: the sessions browser) and moves between them without leaving the process: the
browser (from the palette too) opens a replay over itself, and `f` in a replay or the browser
builds the fork (ui/fork_start.py), whose live session goes on over it. The app owns what is the
same on every screen: the themes and their colours, the person's keymap, the terminal's title and
the signal when the app waits (ui/attention.py), reading keys through KeyFlood, and a clean end on
SIGTERM/SIGHUP. The screens are in ui/screens/, each with its styles beside it; their widgets in
ui/widgets/.
"""

from __future__ import annotations

import asyncio
import gc
import os
import signal
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual import work
from textual.app import App, SystemCommand
from textual.driver import Driver
from textual.notifications import Notify
from textual.screen import Screen

from ..agent.files.visible import visible
from ..agent.history.replay import Replay
from ..agent.sandbox.confine import remove_private_temp_dir
from ..agent.sandbox.runner import kill_live_commands
from ..agent.session.config import SessionOutcome
from ..paths import sessions_dir
from . import palette_providers
from .attention import Attention, Signals
from .key_flood import flood_guarded
from .screens.dialogs import DIALOGS_CSS
from .screens.fork_dialog import ForkTarget
from .screens.live import ARM_DELAY, LiveScreen, LiveStart
from .screens.panes_screen import PANES_CSS, PanesScreen
from .screens.replay import REPLAY_CSS, ForkChosen, ReplayScreen
from .screens.sessions import SESSIONS_CSS, SessionsScreen
from .themes import THEME_DEFAULTS, load_themes, theme_colours

__all__ = ["ARM_DELAY", "BrowseStart", "LiveStart", "ReplayStart", "SmallopsApp"]

MAX_TOASTS = 3  # notifications shown at once


@dataclass(frozen=True)
class ReplayStart:
    """Start on the replay of a logged session."""

    replay: Replay


@dataclass(frozen=True)
class BrowseStart:
    """Start on the sessions browser (`smallops replay` without a log)."""

    directory: Path


Start = LiveStart | ReplayStart | BrowseStart


class SmallopsApp(App[Any]):
    """One app, its screens in front in turn; it exits with the live session's outcome, if one ran."""

    TITLE = "smallops"
    # Each screen's styles sit beside it (its CSS_PATH); the app reads them all at start: Textual
    # reads no CSS_PATH of the screen an app starts on, and a screen pushed later then restyles nothing.
    CSS_PATH = [PANES_CSS, DIALOGS_CSS, REPLAY_CSS, SESSIONS_CSS]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    # The palette also finds themes, the server's models and the workspace's files (ui/palette_providers.py).
    COMMANDS = App.COMMANDS | set(palette_providers.PROVIDERS)

    def __init__(self, start: Start, *, theme: str = "smallops-dark",
                 on_theme_change: Callable[[str], None] | None = None, signals: Signals | None = None,
                 keymap: Mapping[str, str] | None = None, fork_defaults: ForkTarget | None = None,
                 sessions: Path | None = None) -> None:
        """`fork_defaults`: what `f` offers (an empty model: the log's); `sessions`: the folder the
        browser lists (default: the data dir's sessions/)."""
        super().__init__()
        self.attention = Attention(self, signals or Signals(), os.environ)
        # The person's keys (checked before the app starts: ui/keymap.py refuses a bad keymap).
        self.set_keymap(dict(keymap or {}))
        self._on_theme_change = on_theme_change
        self.fork_defaults = fork_defaults
        self.sessions = sessions if sessions is not None else start.directory if isinstance(start, BrowseStart) \
            else sessions_dir()
        self.first: Screen[Any] = self.screen_for(start)
        self.live: LiveScreen | None = self.first if isinstance(self.first, LiveScreen) else None
        loaded = load_themes()
        for item in loaded.themes:
            self.register_theme(item)
        self.theme_errors = loaded.errors
        fallback = "smallops-dark" if "smallops-dark" in self.available_themes else "textual-dark"
        if fallback != "smallops-dark":  # an install without its themes must still start
            self.theme_errors.append("the shipped themes are missing from this install; using textual-dark")
        self._theme_ready = False
        self.theme = theme if theme in self.available_themes else fallback

    def screen_for(self, start: Start) -> Screen[Any]:
        if isinstance(start, LiveStart):
            return LiveScreen(start, self.attention)
        if isinstance(start, BrowseStart):
            return SessionsScreen(start.directory, self.fork_defaults)
        return ReplayScreen(start.replay, self.fork_defaults)

    @property
    def main(self) -> Screen[Any]:
        """The live or replay screen in front (under any dialog; else the first): tests read it."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, PanesScreen):
                return screen
        return self.first

    @property
    def outcome(self) -> SessionOutcome | None:
        """How the live session ended (None: none ran, or it has not ended)."""
        return self.live.outcome if self.live is not None else None

    def get_default_screen(self) -> Screen[Any]:
        """The screen the app starts on is the one its command asked for."""
        return self.first

    def get_driver_class(self) -> type[Driver]:
        """The terminal's driver, with what it reads handed on through KeyFlood: a run of keys
        faster than anyone types (an unbracketed paste) reaches the focused widget as one paste."""
        return flood_guarded(super().get_driver_class())

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(THEME_DEFAULTS)

    def colours(self) -> dict[str, str]:
        return theme_colours(self)

    def _on_notify(self, event: Notify) -> None:
        """A notification again replaces the one shown; at most MAX_TOASTS are shown, the oldest
        going first (where they stack on the live and replay screens: screens/panes.tcss)."""
        for shown in list(self._notifications):
            if shown.message == event.notification.message:
                self._unnotify(shown, refresh=False)
        super()._on_notify(event)
        for old in list(self._notifications)[:-MAX_TOASTS]:
            self._unnotify(old)

    def on_mount(self) -> None:
        self.handle_termination_signals()
        for error in self.theme_errors:
            self.notify(f"theme skipped: {visible(error)}", severity="warning", markup=False)
        self.keep_long_lived_objects_out_of_gc()
        self._theme_ready = True  # from here on a theme change is the person's choice, and persists

    def watch_theme(self, old: str, new: str) -> None:
        if not self._theme_ready:
            return
        for screen in self.screen_stack:
            if isinstance(screen, PanesScreen):
                screen.theme_changed()
        if self._on_theme_change is not None and old != new:
            try:
                self._on_theme_change(new)
            except (OSError, ValueError) as exc:  # the choice applies; only saving it failed
                self.notify(f"the theme could not be saved to the config file: {exc}", severity="warning",
                            markup=False)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if not isinstance(screen, SessionsScreen):
            yield SystemCommand("Sessions", "the logged sessions, newest first: replay, fork or export one",
                                self.open_sessions)
        main = self.main  # the live or replay screen, under any dialog the palette is opened from
        if isinstance(main, PanesScreen):
            yield from main.system_commands()

    def open_sessions(self) -> None:
        """The sessions browser over the screen in front (escape comes back)."""
        self.push_screen(SessionsScreen(self.sessions, self.fork_defaults))

    # -- a fork from the replay, in the same process --------------------------------------------

    def on_fork_chosen(self, message: ForkChosen) -> None:
        self.start_fork(message)

    @work(exclusive=True, group="fork", exit_on_error=False)
    async def start_fork(self, chosen: ForkChosen) -> None:
        """Rebuild the workspace, reach the backend, then the live session comes in front."""
        # (imported here, for start-up: a fork's setup (settings, a backend's launch, the workspace rebuilt) loads
        # when a fork is made, not before the first frame)
        from .fork_start import ForkRefused, fork_start

        request = chosen.request
        if self.live is not None and self.live.session_live:
            self.notify("a live session is running: end it (s, or q) before forking another", severity="warning")
            return
        self.notify(f"forking after step {request.step}: rebuilding the workspace and reaching the model…",
                    markup=False, timeout=5)
        try:
            start = await fork_start(chosen.replay, request)
        except ForkRefused as exc:
            self.notify(visible(str(exc)), severity="error", markup=False, timeout=15)
            return
        self.live = LiveScreen(start, self.attention)
        # Over the replay (or the browser), which stays below it unseen: the live session is in front
        # until the app ends (Textual keeps at least one screen on the stack, so it is not swapped).
        await self.push_screen(self.live)

    # -- ending cleanly -------------------------------------------------------------------------

    def keep_long_lived_objects_out_of_gc(self) -> None:
        """Everything alive once a screen is mounted (Textual's widgets, styles and rules, the
        themes, a replay's log) lives as long as the app: moved out of the garbage collector's
        reach, a full collection no longer walks it. One used to land in the middle of drawing a
        large diff: 60-80 ms of a 230 ms wait (benchmarks/bench_ui.py). Done once the first frame
        is drawn, so the first paint does not wait for it."""
        self.call_after_refresh(self._freeze_heap)

    @staticmethod
    def _freeze_heap() -> None:
        gc.collect()  # garbage now (another app's, in a test process) must not be frozen with the rest
        gc.freeze()
        gc.enable()  # `smallops` held it off while its modules loaded (smallops_tui/start.py)

    def on_unmount(self) -> None:
        # The app is going: what was frozen may be collected again (a process that runs several
        # apps, a test run, must not keep each one's objects for ever).
        gc.unfreeze()
        self.attention.end()

    def handle_termination_signals(self) -> None:
        """SIGTERM and SIGHUP end the app as q does, so the terminal is restored and the log
        written (the default action would kill the process mid-frame)."""
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGHUP):
            try:
                loop.add_signal_handler(sig, self.on_termination_signal, sig)
            except (NotImplementedError, RuntimeError, ValueError):
                pass  # not on the main thread: the embedding program handles signals

    def on_termination_signal(self, sig: int) -> None:
        if sig == signal.SIGHUP:
            self.hang_up()
        elif self.live is not None:
            self.live.on_termination_signal(sig)
        else:
            self.exit()

    def hang_up(self) -> None:
        """The terminal is gone: nothing can be drawn or restored, and Textual's writer may block
        on it for ever. Whatever must be kept is kept, then the process ends at once."""
        if self.live is not None:
            self.live.hang_up()
        kill_live_commands()
        remove_private_temp_dir()  # os._exit skips atexit
        os._exit(128 + signal.SIGHUP)
