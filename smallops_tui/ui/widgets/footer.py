"""Textual's footer, fitted to the terminal's width: when the keys do not fit, whole keys give way,
the least needed first (the screen's `FOOTER_GIVES_WAY`), instead of the last ones being cut mid-word
(`q qui` at 120 columns). The keys that decide, stop and quit never give way; the command
palette's (`ctrl+p` runs every action) and `? help` (which lists every key) go last.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

PALETTE = "command_palette"


def fitting(keys: list[tuple[str, int]], room: int, gives_way: Iterable[str]) -> list[str]:
    """The actions (of `keys`, each with its width) to show in `room` columns: those in
    `gives_way` are dropped first to last until the rest fit."""
    shown = [action for action, _ in keys]
    widths = dict(keys)
    for action in gives_way:
        if sum(widths[a] for a in shown) <= room:
            break
        if action in shown:
            shown.remove(action)
    return shown


class FittingFooter(Footer):
    """The footer, one key per action, as many as the width holds (see the module's docstring).

    It is composed again whenever the keys that apply change (several times a step: a key that
    does nothing now is left out). Its keys take the footer's `compact` when made, not through
    `data_bind` as Textual's footer does: each key bound so stayed alive after the footer dropped
    it, held by the footer's watcher list (26 keys a step, the largest part of a long session's
    growth)."""

    def __init__(self, gives_way: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.gives_way = gives_way
        self._composed_width = -1
        self.shown_actions: list[str] = []  # what the footer shows now (tests read it)

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        active = self.screen.active_bindings
        keys: dict[str, tuple[Binding, bool, str]] = {}
        in_footer = getattr(self.screen, "in_footer", lambda action: True)  # a usable key may still be left out
        named = getattr(self.screen, "footer_description", lambda action, description: description)
        for _, binding, enabled, tooltip in active.values():
            if binding.show and binding.action not in keys and binding.action != PALETTE and in_footer(binding.action):
                keys[binding.action] = (binding, enabled, tooltip)
        palette = active.get(self.app.COMMAND_PALETTE_BINDING) \
            if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE else None
        width = self.app.size.width
        self._composed_width = width
        # A key is drawn ` k description ` (key and description padded); the palette's key is docked
        # right with a border and its own padding.
        descriptions = {action: named(action, b.description) for action, (b, _, _) in keys.items()}
        sizes = [(action, len(self.app.get_key_display(b)) + len(descriptions[action]) + 3)
                 for action, (b, _, _) in keys.items()]
        if palette is not None:
            sizes.append((PALETTE, len(self.app.get_key_display(palette[1])) + len(palette[1].description) + 3))
        shown = fitting(sizes, width, self.gives_way)
        self.shown_actions = [action for action in shown if action != PALETTE]
        self.styles.grid_size_columns = len(self.shown_actions)
        for action in self.shown_actions:
            binding, enabled, tooltip = keys[action]
            key = FooterKey(binding.key, self.app.get_key_display(binding), descriptions[action], binding.action,
                            disabled=not enabled, tooltip=tooltip)
            key.set_reactive(FooterKey.compact, self.compact)
            yield key
        if palette is not None and PALETTE in shown:
            _, binding, enabled, _ = palette
            yield FooterKey(binding.key, self.app.get_key_display(binding), binding.description, binding.action,
                            classes="-command-palette", disabled=not enabled,
                            tooltip=binding.tooltip or binding.description)

    def on_resize(self, event: events.Resize) -> None:
        if self._bindings_ready and self.app.size.width != self._composed_width:
            self.call_after_refresh(self.recompose)

    def watch_compact(self, compact: bool) -> None:
        for key in self.query_children(FooterKey):
            if not key.has_class("-command-palette"):
                key.compact = compact
