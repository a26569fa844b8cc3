"""The one app (smallops_tui/ui/app.py) started on a live session or on a replay, as the tests build it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.history.replay import Replay
from smallops_tui.agent.session.config import SessionConfig
from smallops_tui.ui.app import LiveStart, ReplayStart, SmallopsApp
from smallops_tui.ui.attention import Signals
from smallops_tui.ui.screens.fork_dialog import ForkTarget
from smallops_tui.ui.screens.live import LiveScreen


def live_app(backend: Any, workspace: Workspace, config: SessionConfig | None, *, theme: str = "smallops-dark",
             on_theme_change: Callable[[str], None] | None = None, signals: Signals | None = None,
             keymap: Mapping[str, str] | None = None, screen_class: type[LiveScreen] = LiveScreen,
             **start: Any) -> SmallopsApp:
    """The app on a live session (`start`: LiveStart's other fields: backend_label, log_path, resume, ...);
    `screen_class`, a LiveScreen that a test extends to read what it shows."""
    app = SmallopsApp(LiveStart(backend, workspace, config, **start), theme=theme, on_theme_change=on_theme_change,
                      signals=signals, keymap=keymap)
    if screen_class is not LiveScreen:
        app.first = app.live = screen_class(LiveStart(backend, workspace, config, **start), app.attention)
    return app


def replay_app(replay: Replay, theme: str = "smallops-dark", fork_defaults: ForkTarget | None = None,
               keymap: Mapping[str, str] | None = None) -> SmallopsApp:
    """The app on the replay of `replay`."""
    return SmallopsApp(ReplayStart(replay), theme=theme, fork_defaults=fork_defaults, keymap=keymap)
