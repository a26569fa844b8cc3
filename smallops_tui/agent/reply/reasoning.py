"""Split streamed model text into reasoning and answer, across any chunk boundary.

Handles: `<think>...</think>` (and `<thinking>`, `<reasoning>`, `<thought>`) split anywhere,
a reply that starts inside reasoning because the chat template already opened the tag (only
the closing tag arrives), an unterminated block, and whitespace after tags. Tags are matched
exactly (lower case); the names below are the ones servers and clients are seen to use.

A reply with no opening tag is streamed as answer. If a lone closing tag then arrives, the
text so far was reasoning after all: the splitter reports it in `Split.moved`, so a live view
can move it, and the totals (`.thinking`, `.answer`) are always what a one-shot split gives.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

TAG_NAMES = ("think", "thinking", "reasoning", "thought")
OPEN_TAGS = tuple(f"<{n}>" for n in TAG_NAMES)
CLOSE_TAGS = tuple(f"</{n}>" for n in TAG_NAMES)
_LONGEST_TAG = max(len(t) for t in OPEN_TAGS + CLOSE_TAGS)


@dataclass(frozen=True)
class Split:
    """Text released by one `feed`/`close` call.

    `moved` is answer text released earlier that turned out to be reasoning (a lone
    closing tag arrived); it belongs before `thinking` in the reasoning stream.
    """

    thinking: str = ""
    answer: str = ""
    moved: str = ""


def _find_tag(text: str, tags: tuple[str, ...]) -> tuple[int, str] | None:
    """Earliest occurrence of any tag (longest tag wins at the same index)."""
    best: tuple[int, str] | None = None
    for tag in tags:
        i = text.find(tag)
        if i >= 0 and (best is None or i < best[0] or (i == best[0] and len(tag) > len(best[1]))):
            best = (i, tag)
    return best


def _partial_tag_suffix(text: str, tags: tuple[str, ...]) -> int:
    """Length of the longest suffix of `text` that is a proper prefix of some tag."""
    if text.rfind("<", max(0, len(text) - _LONGEST_TAG)) < 0:
        return 0  # every tag starts with "<": no partial tag without one near the end
    longest = 0
    for tag in tags:
        for n in range(min(len(tag) - 1, len(text)), longest, -1):
            if text.endswith(tag[:n]):
                longest = n
                break
    return longest


class ThinkSplitter:
    """Incremental splitter. `feed(chunk)` and `close()` return the newly released `Split`."""

    def __init__(self, forced_open: bool = False) -> None:
        # "start": before any text; "thinking"; "answer".
        self._state = "thinking" if forced_open else "start"
        self._buf = ""
        self._eat_ws = forced_open
        self._seen_tag = forced_open
        # An opening tag is honoured only at the start of an answer segment (after a
        # closing tag), so a tag inside code the model writes is left alone.
        self._answer_segment_empty = True
        self._thinking: list[str] = []
        self._answer: list[str] = []

    @property
    def thinking(self) -> str:
        return "".join(self._thinking)

    @property
    def answer(self) -> str:
        return "".join(self._answer)

    @property
    def in_thinking(self) -> bool:
        return self._state == "thinking"

    def feed(self, chunk: str) -> Split:
        if not self._buf and not self._eat_ws and "<" not in chunk:
            # The common case, a token with no tag in sight: it is released as it is (every
            # tag starts with "<", so nothing can be held back or moved).
            if self._state == "thinking":
                self._thinking.append(chunk)
                return Split(thinking=chunk)
            if self._state == "answer":
                self._answer.append(chunk)
                if chunk.strip():
                    self._answer_segment_empty = False
                return Split(answer=chunk)
        self._buf += chunk
        return self._drain(final=False)

    def close(self) -> Split:
        """Release everything held back; an unterminated reasoning block stays reasoning."""
        return self._drain(final=True)

    def _drain(self, final: bool) -> Split:
        out = _Drained()
        while self._eat_whitespace(final) and self._step(final, out):
            pass
        split = Split("".join(out.thinking), "".join(out.answer), out.moved)
        if split.moved:
            self._thinking.append(split.moved)
        self._thinking.append(split.thinking)
        self._answer.append(split.answer)
        return split

    def _eat_whitespace(self, final: bool) -> bool:
        """After a tag, the whitespace that follows it goes; False when the buffer held nothing else."""
        if self._eat_ws:
            stripped = self._buf.lstrip()
            if not stripped and not final:
                self._buf = ""
                return False
            self._buf = stripped
            self._eat_ws = False
        return True

    def _step(self, final: bool, out: _Drained) -> bool:
        """Release what the buffer holds in the current state; True to go on (the state changed)."""
        if self._state == "start":
            return self._at_start(final)
        if self._state == "thinking":
            return self._in_thinking(final, out)
        return self._in_answer(final, out)

    def _at_start(self, final: bool) -> bool:
        if not self._buf:
            return False
        hit = next((t for t in OPEN_TAGS if self._buf.lstrip().startswith(t)), None)
        if hit:
            self._buf = self._buf.lstrip()[len(hit):]
            self._enter("thinking")
            return True
        if not final and any(t.startswith(self._buf.lstrip()) for t in OPEN_TAGS):
            return False  # could still become an opening tag
        self._state = "answer"
        return True

    def _in_thinking(self, final: bool, out: _Drained) -> bool:
        found = _find_tag(self._buf, CLOSE_TAGS)
        if found:
            i, tag = found
            out.thinking.append(self._buf[:i])
            self._buf = self._buf[i + len(tag):]
            self._enter("answer")
            return True
        keep = 0 if final else _partial_tag_suffix(self._buf, CLOSE_TAGS)
        out.thinking.append(self._buf[: len(self._buf) - keep])
        self._buf = self._buf[len(self._buf) - keep:]
        return False

    def _in_answer(self, final: bool, out: _Drained) -> bool:
        keep = 0
        if not self._seen_tag:
            found = _find_tag(self._buf, CLOSE_TAGS)
            if found:
                # A lone closing tag: everything before it was reasoning.
                i, tag = found
                out.moved = "".join(self._answer) + "".join(out.answer)
                self._answer.clear()
                out.answer.clear()
                out.thinking.append(self._buf[:i])
                self._buf = self._buf[i + len(tag):]
                self._enter("answer")
                return True
            keep = 0 if final else _partial_tag_suffix(self._buf, CLOSE_TAGS)
        elif self._answer_segment_empty:
            lead = self._buf.lstrip()
            hit = next((t for t in OPEN_TAGS if lead.startswith(t)), None)
            if hit:
                self._buf = lead[len(hit):]
                self._enter("thinking")
                return True
            if not final and lead and any(t.startswith(lead) for t in OPEN_TAGS):
                return False
        released = self._buf[: len(self._buf) - keep]
        if released:
            out.answer.append(released)
            if released.strip():
                self._answer_segment_empty = False
        self._buf = self._buf[len(self._buf) - keep:]
        return False

    def _enter(self, state: str) -> None:
        self._state = state
        self._seen_tag = True
        self._eat_ws = True
        self._answer_segment_empty = True


@dataclass
class _Drained:
    """What one drain of the buffer released."""

    thinking: list[str] = field(default_factory=list)
    answer: list[str] = field(default_factory=list)
    moved: str = ""  # answer text already released that a lone closing tag showed to be reasoning


ANY_TAG = re.compile("|".join(re.escape(t) for t in CLOSE_TAGS + OPEN_TAGS))


def split_reasoning(text: str, forced_open: bool = False) -> tuple[str, str]:
    """One-shot split of a complete reply into (thinking, answer)."""
    splitter = ThinkSplitter(forced_open=forced_open)
    splitter.feed(text)
    splitter.close()
    return splitter.thinking, splitter.answer


def contains_reasoning_tag(text: str) -> bool:
    return bool(ANY_TAG.search(text))
