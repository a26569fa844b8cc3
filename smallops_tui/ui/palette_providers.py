"""What the command palette finds besides the app's commands, as Posting's palette does: the
themes (`theme: …`, applied and saved), the server's models (`model: …`, switched for the next
request, logged), the workspace's files (`file: …`, shown read-only in the diff pane), and the
logged sessions (`session: …` replays one, `fork: …` forks it, in the same app).

Each is a Textual command-palette Provider, searched as the person types. Names come from the
person's theme files, the server and the workspace: each is drawn as plain text (no markup, no
escape sequence reaches the screen), and the help line's markup is escaped.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from rich.text import Text
from textual.app import App
from textual.command import DiscoveryHit, Hit, Hits, Matcher, Provider
from textual.markup import escape

from ..agent.files.visible import visible
from ..agent.history.sessions import SessionSummary, scan_sessions
from ..backends.base import ModelInfo
from . import file_peek, model_switch
from .screens.fork_dialog import ForkTarget
from .screens.live import LiveScreen
from .screens.sessions import ask_fork, date_of, one_line, open_replay

FILES_LIMIT = 20_000  # files offered (the workspace's listing is capped as well)
SESSIONS_LIMIT = 1_000  # the newest sessions offered (each read from its header and a bounded tail)


@runtime_checkable
class SessionsHome(Protocol):
    """An app that knows its sessions folder and what a fork starts from (SmallopsApp)."""

    sessions: Path
    fork_defaults: ForkTarget | None


def shown(matcher: Matcher, label: str) -> Text:
    """`label` as the palette draws it: a rich Text (the palette parses a string as markup), the
    letters that match bold and underlined, as the palette marks its own matches."""
    text = Text(label)
    for span in matcher.highlight(label).spans:
        text.stylize("bold underline", span.start, span.end)
    return text


def hits(matcher: Matcher, entries: Iterable[tuple[str, Callable[[], Any], str]]) -> Iterable[Hit]:
    """A hit for each (label, command, help) that matches what was typed."""
    for label, command, help_text in entries:
        label = visible(label)
        score = matcher.match(label)
        if score > 0:
            yield Hit(score, shown(matcher, label), command, text=label, help=escape(visible(help_text)))


class ThemesProvider(Provider):
    """`theme: NAME` for every theme the app knows; picking one applies it and saves it."""

    async def search(self, query: str) -> Hits:
        app = self.app
        entries = [(f"theme: {name}", partial(setattr, app, "theme", name),
                    "the theme in use" if name == app.theme else "use this theme (saved to config.toml)")
                   for name in sorted(app.available_themes)]
        for hit in hits(self.matcher(query), entries):
            yield hit


def live_screen(provider: Provider) -> LiveScreen | None:
    """The app's live screen in front (its session, workspace and panes), or None (a replay, the browser)."""
    main = getattr(provider.app, "main", None)
    return main if isinstance(main, LiveScreen) else None


class ModelsProvider(Provider):
    """`model: NAME` for each of the server's models, while a session runs and the backend can
    switch; picking one switches the session's model from its next request (logged)."""

    models: list[ModelInfo]

    async def startup(self) -> None:
        self.models = []
        app = live_screen(self)
        if app is not None and app.session_live:
            self.models, _ = await model_switch.available_models(app.backend)  # (why not: "Switch model" says it)

    async def search(self, query: str) -> Hits:
        app = live_screen(self)
        if app is None:
            return
        current = app.session.controls.model if app.session is not None else ""
        entries = [(f"model: {model.name}" + ("  (current)" if model.name == current else ""),
                    partial(app.steering.switch_model_to, model), model_switch.describe(model)) for model in self.models]
        for hit in hits(self.matcher(query), entries):
            yield hit


class FilesProvider(Provider):
    """`file: PATH` for each file of the workspace; picking one shows it read-only in the diff pane.
    With nothing typed, the palette offers the way back to the proposal's diff."""

    files: list[str]

    async def startup(self) -> None:
        app = live_screen(self)
        self.files = (await asyncio.to_thread(app.workspace.walk_files))[:FILES_LIMIT] if app is not None else []

    async def search(self, query: str) -> Hits:
        app = live_screen(self)
        if app is None:
            return
        entries = [(f"file: {path}", partial(file_peek.show_file, app, path), "show it read-only in the diff pane")
                   for path in self.files]
        entries.append(("Show the proposal", partial(file_peek.show_proposal, app),
                        "the diff pane back on the step's own diff"))
        for hit in hits(self.matcher(query), entries):
            yield hit

    async def discover(self) -> Hits:
        app = live_screen(self)
        if app is not None and app.panes is not None and app.panes.diff.border_title != file_peek.DIFF_TITLE:
            yield DiscoveryHit("Show the proposal", partial(file_peek.show_proposal, app),
                               help="the diff pane back on the step's own diff")


class SessionsProvider(Provider):
    """`session: DATE · TASK · MODEL · OUTCOME` for each logged session, newest first (replays it),
    and `fork: …` beside it (the fork dialog, after its last step that can go on)."""

    rows: list[SessionSummary]

    async def startup(self) -> None:
        home = self.app
        found = await asyncio.to_thread(scan_sessions, home.sessions) if isinstance(home, SessionsHome) else []
        self.rows = [row for row in found if isinstance(row, SessionSummary)][:SESSIONS_LIMIT]

    async def search(self, query: str) -> Hits:
        app = self.app
        base = app.fork_defaults if isinstance(app, SessionsHome) else None
        entries: list[tuple[str, Callable[[], Any], str]] = []
        for row in self.rows:
            label = f"{date_of(row.created)} · {one_line(row.task, 60)} · {row.model} · {row.outcome}"
            entries.append((f"session: {label}", partial(_in_worker, app, open_replay, row, base), "replay it"))
            entries.append((f"fork: {label}", partial(_in_worker, app, ask_fork, row, base),
                            "fork it after its last step, in this app"))
        for hit in hits(self.matcher(query), entries):
            yield hit


def _in_worker(app: App[object], opener: Callable[[App[object], Path, ForkTarget | None], Awaitable[None]],
               row: SessionSummary, base: ForkTarget | None) -> None:
    """Open (or fork) the session in one of the app's workers: its log is read whole in a thread."""
    app.run_worker(opener(app, row.path, base), group="open", exclusive=True, exit_on_error=False)


PROVIDERS = (ThemesProvider, ModelsProvider, FilesProvider, SessionsProvider)
