"""A reply that has fallen into a loop: its tail is one block of text over and over.

At temperature 0 a small model writing a file it has not read can fall into repeating the same
methods until the answer limit (held-out p04: `get_tokens`, `is_empty`, `is_full` … eleven times,
1,123 tokens, two minutes, twice). Nothing after the first repeats can become a usable action, so
the reader stops there and says why. The bounds keep a real file's repeated lines (a table of
similar rows, a run of asserts) clear of it: one block, at least 24 characters, exactly the same
at least LOOP_REPEATS times in a row, spanning at least LOOP_SPAN characters (BLANK_SPAN where the
block is only line breaks).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .reasoning import CLOSE_TAGS, OPEN_TAGS

MIN_BLOCK = 24
MAX_BLOCK = 1_200
LOOP_REPEATS = 4
LOOP_SPAN = 1_000
# A block of nothing but line breaks (as JSON escapes or as text) is a loop sooner: no file holds 60
# blank lines in a row. heldout14's x05 wrote `\n` 588 times a reply, four replies in a row, 1,400
# characters and a minute each, to the wall-clock cap. A run of spaces may be a fixed-width table's,
# and keeps LOOP_SPAN.
BLANK_SPAN = 120
_BLANK = re.compile(r"(?:[\r\n]|\\[nr])+")
LOOP_REASON = "loop"  # the done_reason of a reply the reader stopped in a loop (or run on: RanOn)


@dataclass(frozen=True)
class Loop:
    block: int  # characters in the repeated block
    repeats: int  # how many times in a row it ends the text

    def sentence(self) -> str:
        return f"the reply repeated the same {self.block:,} characters {self.repeats} times in a row"


def looping_tail(text: str) -> Loop | None:
    """The loop the text ends in, or None. The shortest block that repeats is the one reported."""
    size = len(text)
    for block in range(MIN_BLOCK, min(MAX_BLOCK, size // LOOP_REPEATS) + 1):
        last = text[size - block:]
        if text[size - 2 * block:size - block] != last:
            continue
        repeats = 2
        while repeats * block + block <= size and text[size - (repeats + 1) * block:size - repeats * block] == last:
            repeats += 1
        span = BLANK_SPAN if _BLANK.fullmatch(last) else LOOP_SPAN
        if repeats >= LOOP_REPEATS and repeats * block >= span:
            return Loop(block, repeats)
    return None


# A reply whose short field ran on into a reasoning block: a new user's `{"action": "done", "summary":
# "… smallops "TASK" …`} <think>…</think> <think>…` went on inside the summary's string (under
# constrained decoding a string may hold `}` and the tags) for two minutes, to the loop stop. A
# summary, a path or a command holds no whole `<think> … </think>` block; a file's content may (this
# very project's code), and is left alone.
_KEY = re.compile(r'"(summary|path|command|content|action)"\s*:\s*"')


@dataclass(frozen=True)
class RanOn:
    key: str  # the field whose text ran on

    def sentence(self) -> str:
        if self.key == "content":
            return f'the reply\'s "content" ran on past {CLOSE_TAGS[0]} into a new action inside its text'
        return f'the reply\'s "{self.key}" ran on into a reasoning block ({OPEN_TAGS[0]} … {CLOSE_TAGS[0]}) inside its text'


def reasoning_in_field(text: str, closed: bool = False) -> RanOn | None:
    """The short field whose string the text has run on in with a whole reasoning block, or None.
    `closed`: the block's closing tag came and was taken out of the text (a backend's splitter
    moves what it closes to the reasoning), so an opening tag in the field is enough."""
    keys = list(_KEY.finditer(text))
    if not keys or keys[-1].group(1) in ("content", "action"):
        return None
    rest = text[keys[-1].end():]
    opened = min((at for tag in OPEN_TAGS if (at := rest.find(tag)) >= 0), default=-1)
    if opened < 0 or not (closed or any(rest.find(tag, opened) >= 0 for tag in CLOSE_TAGS)):
        return None
    return RanOn(keys[-1].group(1))


# A write whose content ran on past a closing tag into a new action, its quotes unescaped:
# heldout31's i06 wrote a README section, then `</think> {"action": "write_file", "path": "README.md",
# "content": "…` and the section again, to the answer limit (85 s). A file's own text, sent as JSON,
# has its quotes escaped; under constrained decoding this is the model starting over.
_CONTENT_KEY = re.compile(r'"content"\s*:\s*"')
_NEW_ACTION = re.compile(r"(?:%s)\s*\{\s*\"action\"\s*:" % "|".join(re.escape(tag) for tag in CLOSE_TAGS))


def action_in_content(text: str) -> RanOn | None:
    """The content whose string ran on past a closing tag into a new action, or None."""
    key = _CONTENT_KEY.search(text)
    if key is None or _NEW_ACTION.search(text, key.end()) is None:
        return None
    return RanOn("content")


Stop = Loop | RanOn  # why the reader stopped an answer before its end
