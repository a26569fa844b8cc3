"""The settings screen (`,` or "Settings" in the command palette): the theme, the approval mode a
session starts in, the sandbox, the backend, its URL and model, the thinking budget, the context
window and the signals when the app waits (title, bell, notification), edited in place and saved
to config.toml through tomlkit, which keeps the file's comments and quoting.

A value is checked as loading checks it (ui/screens/settings_form.py) before anything is written: a bad
one is refused beside its field, with the field and the reason, and nothing is saved. The theme
and the signals apply at once; the rest from the next session (the status bar keeps saying what
this one uses).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Select, Static

from ...agent.files.visible import visible
from ...config import ConfigError, Settings, SettingValue, save_settings
from ...paths import config_file
from ..attention import Signals
from ..keys import hint_key
from .dialogs import Dialog
from .settings_form import FIELDS, FormField, checked, choices, file_settings, from_text, overridden, shown


class SettingsScreen(Dialog[dict[str, SettingValue] | None]):
    """The settings a person changes most, saved to the config file; dismissed with what was saved."""

    BINDINGS = [Binding("ctrl+s", "save", "save", priority=True, id="save-settings"),
                Binding("escape", "cancel", "back (save nothing)", id="back")]
    AUTO_FOCUS = f"#setting-{FIELDS[0].name}"  # (each time the screen is shown, opened from the palette too)
    DEFAULT_CSS = """
    SettingsScreen { align: center middle; }
    SettingsScreen #dialog { height: 90%; }
    SettingsScreen #settings-rows { height: 1fr; }
    SettingsScreen .setting { height: auto; }
    SettingsScreen .setting-line { height: auto; }
    SettingsScreen .setting-label { width: 18; }
    SettingsScreen .setting-line Input, SettingsScreen .setting-line Select { width: 1fr; }
    SettingsScreen .setting-help { color: $text-muted; padding-left: 18; }
    SettingsScreen .setting .error { padding-left: 18; display: none; }
    SettingsScreen .setting.-refused .error { display: block; }
    """

    def __init__(self, current: Settings, path: Path, themes: list[str], overrides: dict[str, str]) -> None:
        super().__init__()
        self.current = current
        self.path = path
        self.themes = themes if current.theme in themes else [current.theme, *themes]
        self.overrides = overrides  # setting -> the SMALLOPS_ variable that replaces the file's value
        self.refusals: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(f"Settings, saved to {visible(str(self.path))} (its comments and quoting stay)",
                              style="bold"))
            with VerticalScroll(id="settings-rows"):
                for field in FIELDS:
                    yield self._row(field)
            yield Static("", id="settings-summary", classes="error")
            yield Static(Text(f"{hint_key(self, 'save-settings')}: save   {hint_key(self, 'back')}: back without "
                              "saving   tab: next setting"), classes="hint")

    def _row(self, field: FormField) -> Vertical:
        help_text = field.help
        if field.name in self.overrides:
            help_text += f" (now replaced by {self.overrides[field.name]}, which wins over the file)"
        return Vertical(Horizontal(Static(Text(field.label), classes="setting-label"), self._editor(field),
                                   classes="setting-line"),
                        Static(Text(help_text), classes="setting-help"),
                        Static("", classes="error", id=f"refusal-{field.name}"),
                        classes="setting", id=f"row-{field.name}")

    def _editor(self, field: FormField) -> Widget:
        value = getattr(self.current, field.name)
        widget_id = f"setting-{field.name}"
        if field.kind == "switch":  # on/off as a choice: one line high, like the others
            return Select([("on", True), ("off", False)], value=bool(value), allow_blank=False, id=widget_id,
                          compact=True)
        if field.kind == "choice":
            options = [(visible(option), option) for option in choices(field.name, self.themes)]
            return Select(options, value=str(value), allow_blank=False, id=widget_id, compact=True)
        return Input(shown(value), placeholder="(not set)", id=widget_id, select_on_focus=False, compact=True)

    def on_mount(self) -> None:
        for text_box in self.query(Input):
            text_box.cursor_blink = False  # a steady cursor: pictures of the screen do not flicker

    def value_of(self, field: FormField) -> SettingValue:
        """What the person has now in the field's editor."""
        widget = self.query_one(f"#setting-{field.name}")
        if isinstance(widget, Select):
            return bool(widget.value) if field.kind == "switch" else str(widget.value)
        assert isinstance(widget, Input)
        return from_text(field, widget.value)

    def changes(self) -> dict[str, SettingValue]:
        """The fields whose value differs from the file's (a text that types to the same value is no change)."""
        edited = {field.name: self.value_of(field) for field in FIELDS}
        return {name: value for name, value in edited.items()
                if shown(value) != shown(getattr(self.current, name))}

    def action_save(self) -> None:
        changes = self.changes()
        if not changes:
            self.dismiss({})
            return
        values, refusals = checked(self.current, changes)
        self._show_refusals(refusals)
        if refusals:
            return
        try:
            save_settings(values, self.path)
        except (ConfigError, OSError) as exc:
            self._summary(f"nothing was saved: {exc}")
            return
        self.dismiss(values)

    def _show_refusals(self, refusals: dict[str, str]) -> None:
        self.refusals = refusals
        for field in FIELDS:
            row = self.query_one(f"#row-{field.name}")
            row.set_class(field.name in refusals, "-refused")
            self.query_one(f"#refusal-{field.name}", Static).update(Text(visible(refusals.get(field.name, ""))))
        if refusals:
            first = next(field for field in FIELDS if field.name in refusals)
            self._summary(f"not saved: {visible(refusals[first.name])}")
            self.query_one(f"#setting-{first.name}").focus()
        else:
            self._summary("")

    def _summary(self, text: str) -> None:
        self.query_one("#settings-summary", Static).update(Text(visible(text)))

    def action_cancel(self) -> None:
        self.dismiss(None)


def open_settings(app: Any, path: Path | None = None) -> None:
    """Open the settings screen over `app` (a PanesApp); what is saved is applied where it can be."""
    path = path or config_file()
    if isinstance(app.screen, SettingsScreen):
        return
    try:
        current = file_settings(path)
    except ConfigError as exc:
        app.notify(visible(f"the settings cannot be edited here: {exc}"), severity="error", markup=False, timeout=10)
        return
    screen = SettingsScreen(current, path, sorted(app.available_themes), overridden(os.environ))
    app.push_screen(screen, lambda saved: applied(app, saved, path))


def applied(app: Any, saved: dict[str, SettingValue] | None, path: Path) -> None:
    """Apply what was saved that can change now (the theme, the signals), and say what was saved."""
    if not saved:
        if saved == {}:
            app.notify("nothing changed: the config file was not written", markup=False)
        return
    now = []
    theme = saved.get("theme")
    if isinstance(theme, str) and theme in app.available_themes:
        app.theme = theme
        now.append("the theme")
    if {"terminal_title", "bell", "notify"} & set(saved):
        wanted = app.attention.wanted
        app.attention.wanted = Signals(title=bool(saved.get("terminal_title", wanted.title)),
                                       bell=bool(saved.get("bell", wanted.bell)),
                                       notify=bool(saved.get("notify", wanted.notify)))
        now.append("the signals")
    later = [name for name in saved if name not in ("theme", "terminal_title", "bell", "notify")]
    said = f"saved to {path}: {', '.join(saved)}."
    if now:
        said += f" {' and '.join(now).capitalize()} apply now."
    if later:
        said += f" {', '.join(later)}: from the next session."
    app.notify(visible(said), markup=False, timeout=8)
