"""What the command palette finds besides the app's commands, as Posting's palette does: the
themes (`theme: …`, applied and saved), the server's models (`model: …`, switched for the next
request, logged), and the workspace's files (`file: …`, shown read-only in the diff pane).

Each is a Textual command-palette Provider, searched as the person types. Names come from the
person's theme files, the server and the workspace: each is drawn as plain text (no markup, no
escape sequence reaches the screen), and the help line's markup is escaped.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from rich.text import Text
from textual.command import DiscoveryHit, Hit, Hits, Matcher, Provider
from textual.markup import escape

from ..agent.files.visible import visible
from ..backends.base import ModelInfo
from . import file_peek, model_switch

FILES_LIMIT = 20_000  # files offered (the workspace's listing is capped as well)


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


def live_screen(provider: Provider) -> Any:
    """The app's live screen in front (its session, workspace and panes), or None (a replay, the browser)."""
    from .live_screen import LiveScreen

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
        current = app.session.model if app.session is not None else ""
        entries = [(f"model: {model.name}" + ("  (current)" if model.name == current else ""),
                    partial(app.switch_model_to, model), model_switch.describe(model)) for model in self.models]
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


PROVIDERS = (ThemesProvider, ModelsProvider, FilesProvider)
