"""What a live session and a replay share: the panes' styles, themes and app colours, the keys
both have, help and command palette entries generated from each app's own bindings, and a
clean end on SIGTERM/SIGHUP."""

from __future__ import annotations

import asyncio
import gc
import os
import signal
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.driver import Driver
from textual.screen import Screen

from ..agent.files.visible import visible
from .attention import Attention, Signals
from .key_flood import flood_guarded
from .keymap import key_names, keys_for
from .panes import PanesView
from .screens import HelpScreen
from .themes import REQUIRED_VARIABLES, load_themes

STYLES = Path(__file__).resolve().parent / "styles"

THEME_DEFAULTS = {
    "risk-low": "#5fd787", "risk-medium": "#ffd75f", "risk-high": "#ff5f5f", "risk-text": "#000000",
    "diff-added": "#1f3d2a", "diff-removed": "#4a2226", "diff-added-strong": "#2e6b43",
    "diff-removed-strong": "#8a3038", "diff-gutter": "#6c6c6c", "reasoning": "#8a8a8a", "code-style": "monokai",
}

# Keys both apps have, for the diff and the reasoning.
PANE_BINDINGS = [
    Binding("t", "toggle_reasoning", "reasoning", id="reasoning",
            tooltip="open all reasoning, or fold it all (the newest turn's decides which)"),
    Binding("d", "toggle_diff", "diff view", id="diff-view", tooltip="unified / side-by-side diff"),
    Binding("left_square_bracket", "hunk(-1)", "prev hunk", show=False, id="previous-hunk",
            tooltip="previous hunk of the diff"),
    Binding("right_square_bracket", "hunk(1)", "next hunk", show=False, id="next-hunk",
            tooltip="next hunk of the diff"),
]


def theme_colours(app: App[Any]) -> dict[str, str]:
    """The app colours (risk, diff, reasoning, code style) of the theme in force."""
    variables = app.get_css_variables()
    return {key: variables.get(key, THEME_DEFAULTS[key]) for key in REQUIRED_VARIABLES + ("code-style",)}


class PanesApp(App[Any]):
    """The base of the live app and the replay: themes (shipped and the person's) and app colours."""

    CSS_PATH = [STYLES / "panes.tcss", STYLES / "modals.tcss"]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    HELP_TITLE = "smallops — keys"
    HELP_FOOTNOTE = ""

    def __init__(self, theme: str, signals: Signals | None = None, keymap: Mapping[str, str] | None = None) -> None:
        super().__init__()
        self.panes: PanesView | None = None
        self.attention = Attention(self, signals or Signals(), os.environ)
        # The person's keys (checked before the app starts: ui/keymap.py refuses a bad keymap).
        self.set_keymap(dict(keymap or {}))
        loaded = load_themes()
        for item in loaded.themes:
            self.register_theme(item)
        self.theme_errors = loaded.errors
        fallback = "smallops-dark" if "smallops-dark" in self.available_themes else "textual-dark"
        if fallback != "smallops-dark":  # an install without its themes must still start
            self.theme_errors.append("the shipped themes are missing from this install; using textual-dark")
        self.theme = theme if theme in self.available_themes else fallback

    def get_driver_class(self) -> type[Driver]:
        """The terminal's driver, with what it reads handed on through KeyFlood: a run of keys
        faster than anyone types (an unbracketed paste) reaches the focused widget as one paste."""
        return flood_guarded(super().get_driver_class())

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(THEME_DEFAULTS)

    def colours(self) -> dict[str, str]:
        return theme_colours(self)

    def keep_long_lived_objects_out_of_gc(self) -> None:
        """Everything alive once the app is mounted (Textual's widgets, styles and rules, the
        themes, a replay's log) lives as long as the app: moved out of the garbage collector's
        reach, a full collection no longer walks it. One used to land in the middle of drawing a
        large diff: 60-80 ms of a 230 ms wait (benchmarks/bench_ui.py). Done once the first frame
        is drawn, so the first paint does not wait for it."""
        self.call_after_refresh(self._freeze_heap)

    @staticmethod
    def _freeze_heap() -> None:
        gc.collect()  # garbage now (another app's, in a test process) must not be frozen with the rest
        gc.freeze()

    def on_unmount(self) -> None:
        # The app is going: what was frozen may be collected again (a process that runs several
        # apps, a test run, must not keep each one's objects for ever).
        gc.unfreeze()
        self.attention.end()

    def mount_panes(self) -> PanesView:
        self.panes = PanesView(self, self.colours)
        return self.panes

    # -- ending cleanly -------------------------------------------------------------------------

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
        self.exit()

    def hang_up(self) -> None:
        """The terminal is gone: nothing can be drawn or restored, and Textual's writer may block
        on it for ever. Whatever must be kept is kept, then the process ends at once."""
        from ..agent.sandbox.runner import kill_live_commands
        from ..agent.sandbox.confine import remove_private_temp_dir

        kill_live_commands()
        remove_private_temp_dir()  # os._exit skips atexit
        os._exit(128 + signal.SIGHUP)

    def report_theme_errors(self) -> None:
        for error in self.theme_errors:
            self.notify(f"theme skipped: {visible(error)}", severity="warning", markup=False)

    # -- keys: help and the command palette, from the bindings ------------------------------------

    def key_names(self, binding: Binding) -> str:
        """The keys of a binding as a person reads them, their keymap applied: `?`, `[`, `+ =`, `→ l`."""
        return key_names(self, binding)

    def keys_for(self, binding_id: str, bindings: Iterable[Any] | None = None) -> str:
        """The person's keys for the binding `binding_id` (of this app, or of `bindings`), for hints: `y`, `f5/y`."""
        return keys_for(self, binding_id, list(self.BINDINGS if bindings is None else bindings))

    def help_rows(self) -> list[tuple[str, str]]:
        """(keys, what they do) for every binding of this app, from the bindings themselves."""
        rows: dict[str, list[str]] = {}
        for binding in self.BINDINGS:
            if not isinstance(binding, Binding) or binding.action.startswith("digit("):
                continue
            meaning = binding.tooltip or binding.description
            rows.setdefault(meaning, []).append(self.key_names(binding))
        return [(" ".join(keys), meaning) for meaning, keys in rows.items()]

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.HELP_TITLE, self.help_rows(), self.HELP_FOOTNOTE))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for binding in self.BINDINGS:
            if not isinstance(binding, Binding) or binding.action in ("quit",) or binding.action.startswith("digit("):
                continue
            name = (binding.description or binding.action).capitalize()
            yield SystemCommand(name, f"{binding.tooltip or binding.description} — key {self.key_names(binding)}",
                                lambda action=binding.action: self.run_action(action))

    # -- keys both apps have ----------------------------------------------------------------------

    def action_toggle_reasoning(self) -> None:
        if self.panes is not None:
            self.panes.toggle_reasoning()

    def action_toggle_diff(self) -> None:
        if self.panes is not None:
            self.panes.toggle_diff_mode()

    def action_hunk(self, direction: int) -> None:
        if self.panes is not None:
            self.panes.diff.next_hunk(direction)

    @property
    def proposal_text(self) -> Any:
        """The proposed-action pane's text (tests read it)."""
        return self.panes.proposal_text if self.panes is not None else None
