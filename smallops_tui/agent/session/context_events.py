"""The events of the thinking budget and the context alarm, built from what the session knows
(kept apart from loop.py, which only decides when they happen)."""

from __future__ import annotations

from .context import WARN_FRACTION, ContextWindow, Dropped, truncation_suspected, used_tokens
from ..log.events import ContextChecked, ContextDropped, ReasoningCut


def reasoning_cut(step: int, by: str, tokens: int, budget: int | None) -> ReasoningCut:
    return ReasoningCut(step=step, by="budget" if by == "budget" else "person", tokens=tokens, budget=budget)


def context_checked(step: int, sent_estimate: int, reported: int | None, window: ContextWindow,
                    warned_before: bool = False, cut_before: bool = False) -> ContextChecked:
    """`warned_before`: the previous check warned too (then the conversation is not told again).
    `cut_before`: the server cut the last prompt it counted; a request checked on its estimate alone
    (as it goes out) that cannot fit either is taken to be cut still, not said to have begun anew."""
    used = used_tokens(sent_estimate, reported)
    truncated = (truncation_suspected(sent_estimate, reported, window.tokens) if reported is not None
                 else cut_before and sent_estimate > window.tokens)
    percent = round(100 * used / window.tokens, 1)
    warning = used >= WARN_FRACTION * window.tokens
    return ContextChecked(step=step, sent_estimate=sent_estimate, reported=reported, window=window.tokens,
                          window_source=window.source, used=used, percent=percent, warning=warning,
                          crossed=warning and not warned_before,
                          truncated=truncated)


def context_dropped(step: int, rule: str, dropped: Dropped, window: int) -> ContextDropped:
    return ContextDropped(step=step, rule=rule, dropped=list(dropped.descriptions),
                          estimate_before=dropped.estimate_before, estimate_after=dropped.estimate_after, window=window)
