"""The person's keys as the screens say them: a binding's keys with the keymap (`[keymap]` in
config.toml, applied by Textual's `App.set_keymap`) applied, for help, the footer, the palette and
the hints. Checking a keymap before the app starts is ui/keymap.py's (it knows every screen).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual.app import App
from textual.binding import Binding, BindingType
from textual.keys import _normalize_key_list
from textual.screen import Screen


def bindings_of(items: list[BindingType]) -> list[Binding]:
    return [item for item in items if isinstance(item, Binding)]


def split_keys(keys: str) -> list[str]:
    return [key.strip() for key in keys.split(",") if key.strip()]


def keys_of(binding: Binding, keymap: Mapping[str, str]) -> list[str]:
    """The keys `binding` answers to once `keymap` (normalized) applies."""
    keys = keymap.get(binding.id, binding.key) if binding.id else binding.key
    return split_keys(_normalize_key_list(keys))


def key_names(app: App[Any], binding: Binding) -> str:
    """The keys of `binding` as the person reads them, their keymap applied: `?`, `[`, `^y`."""
    return " ".join(app.get_key_display(Binding(key, binding.action)) for key in keys_of(binding, app._keymap))


def keys_for(app: App[Any], binding_id: str, bindings: list[BindingType]) -> str:
    """The keys of the binding `binding_id` of `bindings`, as the person reads them (`y`, `f5`),
    several joined by `/`; for the hints that say which key does what (`esc`, `ctrl+s`)."""
    def said(key: str) -> str:  # `ctrl+s` as the person types it in the keymap (the footer has room only for `^s`)
        return key if "+" in key else app.get_key_display(Binding(key, ""))

    for binding in bindings_of(bindings):
        if binding.id == binding_id:
            return "/".join(said(key) for key in keys_of(binding, app._keymap))
    raise KeyError(binding_id)


def hint_key(screen: Screen[Any], binding_id: str) -> str:
    """The person's keys for one of a dialog's own bindings, as its hint line says them (`esc`)."""
    return keys_for(screen.app, binding_id, screen.BINDINGS)
