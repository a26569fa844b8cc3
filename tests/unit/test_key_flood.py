"""Issue 20, major 11: keys faster than anyone types are a paste (ui/key_flood.py). A run of
FLOOD or more text keys read together is handed on as one Paste (Enter and Tab inside it are its
line breaks, Enter after it is a key); anything shorter, and every other key, goes on as typed,
in order."""

from __future__ import annotations

import asyncio

from textual import events
from textual.message import Message

from smallops_tui.ui.key_flood import FLOOD, KeyFlood


def key(name: str) -> events.Key:
    characters = {"enter": "\r", "tab": "\t", "escape": "\x1b", "space": " "}
    return events.Key(name, characters.get(name, name if len(name) == 1 else None))


def handed_on(keys: list[events.Key]) -> list[str]:
    out: list[str] = []
    loop = asyncio.new_event_loop()
    try:
        def hand_on(m: Message) -> None:
            assert isinstance(m, (events.Paste, events.Key)), m  # KeyFlood hands on nothing else
            out.append(f"paste:{m.text}" if isinstance(m, events.Paste) else m.key)

        flood = KeyFlood(hand_on, loop)
        for k in keys:
            flood.take(k)
        flood.flush()  # what the loop does HOLD seconds after the first key
    finally:
        loop.close()
    return out


def test_typed_keys_go_on_one_by_one() -> None:
    assert handed_on([key(c) for c in "yns"]) == ["y", "n", "s"]
    assert handed_on([key(c) for c in "y" * (FLOOD - 1)]) == ["y"] * (FLOOD - 1)
    assert handed_on([key("escape"), key("enter")]) == ["escape", "enter"]


def test_a_run_faster_than_anyone_types_is_one_paste() -> None:
    text = "lorem ipsum dolor sit amet"
    keys = [key(c if c != " " else "space") for c in text]
    assert handed_on(keys) == [f"paste:{text}"]
    # Its line breaks are part of it; an Enter that ends it is pressed after it; Esc stays a key.
    lines = [key(c) for c in "a" * FLOOD] + [key("enter")] + [key(c) for c in "b" * FLOOD] + [key("enter")]
    assert handed_on(lines) == ["paste:" + "a" * FLOOD + "\n" + "b" * FLOOD, "enter"]
    mixed = [key(c) for c in "y" * FLOOD] + [key("escape")] + [key("s")]
    assert handed_on(mixed) == ["paste:" + "y" * FLOOD, "escape", "s"]
