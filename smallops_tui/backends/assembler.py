"""Reasoning and answer put together from what a backend receives, as stream events.

Shared by every backend: native reasoning fields (`message.thinking`, `delta.reasoning`) and
inline `<think>` tags in the answer text both end up as `ThinkingChunk`s; text shown as an
answer that turns out to be reasoning (a lone closing tag) is reported as a `MovedChunk`.
"""

from __future__ import annotations

from ..agent.reply.reasoning import Split, ThinkSplitter
from .base import ContentChunk, MovedChunk, StreamEvent, ThinkingChunk


class Assembler:
    """Accumulates reasoning and answer from native fields and inline tags, emitting events."""

    def __init__(self, forced_think: bool = False) -> None:
        self.splitter = ThinkSplitter(forced_open=forced_think)
        self._native_thinking: list[str] = []

    def thinking(self, text: str) -> list[StreamEvent]:
        if not text:
            return []
        self._native_thinking.append(text)
        return [ThinkingChunk(text)]

    def content(self, text: str) -> list[StreamEvent]:
        if not text:
            return []
        return self._events(self.splitter.feed(text))

    def close(self) -> list[StreamEvent]:
        return self._events(self.splitter.close())

    @staticmethod
    def _events(split: Split) -> list[StreamEvent]:
        events: list[StreamEvent] = []
        if split.moved:
            events.append(MovedChunk(split.moved))
        if split.thinking:
            events.append(ThinkingChunk(split.thinking))
        if split.answer:
            events.append(ContentChunk(split.answer))
        return events

    @property
    def thinking_text(self) -> str:
        return "".join(self._native_thinking) + self.splitter.thinking

    @property
    def content_text(self) -> str:
        return self.splitter.answer


