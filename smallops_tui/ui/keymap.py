"""The person's keymap, checked: `[keymap]` in config.toml names a binding by its id and gives it other keys
(`approve = "ctrl+y"`, several as `"y,f5"`), which Textual applies (`App.set_keymap`); help, the
footer, the palette and the hints then show those keys (ui/keys.py says them).

A keymap is checked before the app starts, and refused with one sentence: an id no binding has,
a key that is no key, a key that would do two things on one screen, a key the panes or Textual
keep for themselves (scrolling, moving focus, the palette, quitting, copying), and above all a
deciding key (approve, reject, edit, stop, the quit question's yes) on Enter or space: a decision
must never sit on a key that is pressed by accident.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from textual.binding import Binding
from textual.keys import Keys, _normalize_key_list, key_to_character

from .keys import bindings_of, keys_of, split_keys
from .screens.dialogs import EditScreen, HelpScreen, MessageScreen, QuitScreen, RejectScreen, TaskScreen
from .screens.fork_dialog import ForkScreen
from .screens.live import LiveScreen
from .screens.replay import ReplayScreen
from .screens.sessions import SessionsScreen
from .screens.settings import SettingsScreen

# The bindings a decision rests on, and the keys pressed by accident (or sent by Enter: ctrl+m, ctrl+j).
SAFETY_IDS = ("approve", "reject", "edit", "stop", "quit-yes")
ACCIDENTAL_KEYS = frozenset({"enter", "space", "ctrl+m", "ctrl+j", "shift+enter", "ctrl+enter", "alt+enter",
                             "shift+space", "ctrl+space", "alt+space", "ctrl+at"})
# Keys the panes and Textual keep for themselves (a binding moved onto one would never be reached,
# or would take the key from them).
RESERVED = {"up": "scrolling", "down": "scrolling", "pageup": "scrolling", "pagedown": "scrolling",
            "tab": "moving between panes", "shift+tab": "moving between panes", "ctrl+p": "the command palette",
            "ctrl+q": "quitting at once", "ctrl+c": "copying text"}
MODIFIERS = ("ctrl", "shift", "alt", "meta", "super", "hyper")
KEY_NAMES = frozenset(key.value for key in Keys)


def binding_groups() -> dict[str, list[Binding]]:
    """Each set of bindings that are in force together (an app's, a dialog's), by a name a person
    knows; a key may mean one thing in the live app and another in a dialog over it."""
    return {"live session": bindings_of(LiveScreen.BINDINGS), "replay": bindings_of(ReplayScreen.BINDINGS),
            "reject dialog": bindings_of(RejectScreen.BINDINGS), "edit dialog": bindings_of(EditScreen.BINDINGS),
            "help": bindings_of(HelpScreen.BINDINGS), "quit question": bindings_of(QuitScreen.BINDINGS),
            "message dialog": bindings_of(MessageScreen.BINDINGS), "fork dialog": bindings_of(ForkScreen.BINDINGS),
            "task dialog": bindings_of(TaskScreen.BINDINGS),
            "settings screen": bindings_of(SettingsScreen.BINDINGS),
            "sessions browser": bindings_of(SessionsScreen.BINDINGS)}


def binding_ids() -> list[str]:
    """Every id a keymap may name, in the order the bindings are declared."""
    seen: dict[str, None] = {}
    for bindings in binding_groups().values():
        for binding in bindings:
            if binding.id:
                seen[binding.id] = None
    return list(seen)


def is_key(key: str) -> bool:
    """Whether `key` (normalized: `question_mark`, `ctrl+y`) names a key a terminal can send."""
    *modifiers, base = key.split("+")
    if any(modifier not in MODIFIERS for modifier in modifiers) or not base:
        return False
    if len(base) == 1 or base in KEY_NAMES:
        return base.isprintable()
    try:
        unicodedata.lookup(base.replace("_", " ").upper())  # `question_mark`, `left_square_bracket`
    except KeyError:
        return False
    return True


def written(key: str) -> str:
    """A key as a person writes it in the keymap: `?` for question_mark, `up` for up."""
    return key_to_character(key) or key


def keymap_refusal(keymap: Mapping[str, Any]) -> str | None:
    """Why `keymap` cannot be used (one sentence naming the entry), or None."""
    if not keymap:
        return None
    known = binding_ids()
    for name, keys in keymap.items():
        if name not in known:
            return f"keymap: no key is called {name!r}; the names are: {', '.join(known)}"
        if not isinstance(keys, str) or not split_keys(keys) or any(" " in key for key in split_keys(keys)):
            return f'keymap.{name} = {keys!r}: give keys such as "y", "ctrl+y" or "f5" (several: "y,f5")'
        if bad := [key for key in split_keys(_normalize_key_list(keys)) if not is_key(key)]:
            return f"keymap.{name} = {keys!r}: {bad[0]!r} is not a key (keys are written as \"y\", \"ctrl+y\", \"f5\")"
    normal = {name: _normalize_key_list(keys) for name, keys in keymap.items()}
    for name in SAFETY_IDS:
        if name in normal and (accidental := set(split_keys(normal[name])) & ACCIDENTAL_KEYS):
            return (f"keymap.{name} = {keymap[name]!r}: {name} never sits on {' or '.join(sorted(accidental))}, "
                    "a key pressed by accident; choose another key")
    return _conflict(normal)


def _conflict(keymap: Mapping[str, str]) -> str | None:
    for where, bindings in binding_groups().items():
        owner: dict[str, str] = {}
        for binding in bindings:
            what = binding.id or binding.action
            for key in keys_of(binding, keymap):
                if binding.id in keymap and key in RESERVED:
                    return f"keymap.{binding.id}: {written(key)!r} is kept for {RESERVED[key]}; choose another key"
                if key in owner and owner[key] != what:
                    mapped = binding.id if binding.id in keymap else owner[key]
                    return (f"keymap.{mapped}: {written(key)!r} would do two things in the {where} "
                            f"({owner[key]} and {what}); give one of them another key")
                owner[key] = what
    return None
