"""The context alarm: how much of the model's context window a request fills, whether the server
kept all of it, and the rule (off by default) that drops older turns before it overflows.

Tokens sent are *estimated*, by one documented rule: the characters of every message's content
divided by 4, rounded up, plus 4 tokens per message for the chat template's markers. A tokenizer
would count exactly, but no server here offers one for a whole chat (llama.cpp's `/tokenize`
takes raw text, not a templated conversation), and the estimate only has to tell a full window
from a half-empty one. Code and JSON tokenize denser than prose, so the estimate errs low.

Why the truncation check compares against the window, not against the reported count alone:
servers reuse a KV cache between turns. llama.cpp's `timings.prompt_n` counts only the tokens it
evaluated anew (`cache_n` holds the reused ones; its `usage.prompt_tokens` is the whole prompt),
and other servers may report the same way. (Ollama reports the whole prompt: `cache_n +
prompt_n` in llm/llama_server.go, the inputs before the cache lookup in its Go runner.) So a
reported count far below the estimate can just mean a cache hit. Ollama cuts a prompt that does not fit to
`num_ctx` (server/prompt.go drops the oldest messages, keeping the system prompt; the runner
then keeps `num_keep` tokens and drops the middle). A truncated prompt therefore shows as: the
estimate is larger than the window, and the server reports no more than the window. A prompt
that fits the window is never called truncated, whatever the server reports.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Mapping, Sequence
from typing import TypeVar

CHARS_PER_TOKEN = 4
TOKENS_PER_MESSAGE = 4  # role markers and separators of a chat template
WARN_FRACTION = 0.80  # the status bar warns from here
DROP_FRACTION = 0.90  # the drop-oldest rule acts from here
# The reported count must be below this share of the estimate before a prompt over the window is
# called truncated: the estimate is a rule of thumb, and one a little over the window may have fit.
TRUNCATED_BELOW = 0.90
CONTEXT_RULES = ("off", "drop-oldest")
DEFAULT_KEEP_TURNS = 3


@dataclass(frozen=True)
class ContextWindow:
    """The model's context window in tokens, and where that number came from (shown and logged)."""

    tokens: int
    source: str


# A chat message: {"role": ..., "content": ...}; read defensively (a resumed conversation comes from a log).
M = TypeVar("M", bound=Mapping[str, object])


def estimate_tokens(messages: Sequence[Mapping[str, object]]) -> int:
    """Tokens a chat request sends, by the module's rule (chars / 4 + 4 per message)."""
    total = 0
    for message in messages:
        content = message.get("content")
        chars = len(content) if isinstance(content, str) else 0
        total += math.ceil(chars / CHARS_PER_TOKEN) + TOKENS_PER_MESSAGE
    return total


def truncation_suspected(sent_estimate: int, reported: int | None, window: int | None) -> bool:
    """Whether the server most likely cut the prompt: it cannot have fit (estimate over the
    window), and the server counted no more than the window and clearly less than was sent."""
    if reported is None or window is None or window <= 0:
        return False
    return sent_estimate > window and reported <= window and reported < sent_estimate * TRUNCATED_BELOW


def used_tokens(sent_estimate: int, reported: int | None) -> int:
    """What the status bar counts as the prompt's size: the larger of the estimate and the server's
    count (a server with a cached prefix may report only the new tokens; a dense prompt may
    count more than the estimate)."""
    return max(sent_estimate, reported or 0)


@dataclass(frozen=True)
class Dropped:
    """What the drop-oldest rule took out of the conversation, message by message."""

    indices: tuple[int, ...]  # positions in the conversation before the drop
    descriptions: tuple[str, ...]  # "assistant, 412 chars: {\"action\": ..."
    estimate_before: int
    estimate_after: int


def describe_message(message: Mapping[str, object], preview: int = 60) -> str:
    found = message.get("content")
    content = found if isinstance(found, str) else ""
    head = " ".join(content.split())[:preview]
    return f"{message.get('role', '?')}, {len(content):,} chars: {head}"


def drop_oldest(messages: list[M], window: int, keep_turns: int = DEFAULT_KEEP_TURNS,
                fraction: float = DROP_FRACTION, keep: frozenset[int] = frozenset()) -> tuple[list[M], Dropped | None]:
    """Keep the system prompt, the task (the first user message), the messages at `keep` (a
    follow-up task's) and the last `keep_turns` turns (a turn: the model's reply and what was sent
    back, two messages), dropping the oldest of the rest one message at a time until the estimate is
    under `fraction` of the window. Returns the new conversation and what was dropped (None when
    nothing was)."""
    before = estimate_tokens(messages)
    limit = window * fraction
    if before <= limit:
        return messages, None
    head = 2 if len(messages) >= 2 else len(messages)  # system + task
    protected_tail = max(0, 2 * keep_turns)
    droppable = [i for i in range(head, max(head, len(messages) - protected_tail)) if i not in keep]
    dropped: list[int] = []
    estimate = before
    for index in droppable:
        if estimate <= limit:
            break
        dropped.append(index)
        estimate -= estimate_tokens([messages[index]])
    # A reply without what was sent back (or the reverse) would read oddly: drop whole turns.
    if dropped and len(dropped) % 2 == 1 and dropped[-1] + 1 in droppable:
        dropped.append(dropped[-1] + 1)
        estimate -= estimate_tokens([messages[dropped[-1]]])
    if not dropped:
        return messages, None
    gone = set(dropped)
    kept = [m for i, m in enumerate(messages) if i not in gone]
    return kept, Dropped(tuple(dropped), tuple(describe_message(messages[i]) for i in dropped), before,
                         estimate_tokens(kept))
