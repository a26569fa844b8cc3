"""The status bar's reasoning meter and context gauge, as words: the live app and the replay
show the same text for the same events."""

from __future__ import annotations

from typing import Any


def reasoning_meter(tokens: int, budget: int | None) -> str:
    """`reasoning 312/2,000 tok` while a budget applies, else `reasoning 312 tok`; '' before any."""
    if tokens <= 0 and budget is None:
        return ""
    return f"reasoning {tokens:,}/{budget:,} tok" if budget is not None else f"reasoning {tokens:,} tok"


def context_field(checked: Any | None, window: int | None = None) -> str | tuple[str, str]:
    """The gauge for the status bar, with its short form for a narrow terminal (`ctx 34%`). A
    warning is said whole; the cut prompt's alarm keeps its mark and how far past the window the
    prompt is (`✖ TRUNCATED ctx 484%`): said whole, it took the model's name, the step and the state
    off a 120-column bar for the rest of a long session, and its sentence is in the conversation,
    where the cut began."""
    gauge = context_gauge(checked, window)
    if checked is None or (checked.warning and not checked.truncated):
        return gauge
    if checked.truncated:
        return gauge, f"✖ TRUNCATED ctx {checked.percent:,.0f}%"
    return gauge, f"ctx {checked.percent:.0f}%"


def context_gauge(checked: Any | None, window: int | None = None) -> str:
    """The prompt against the context window, from the last `context_checked` event."""
    if checked is None:
        return f"ctx ?/{window:,}" if window else ""
    text = f"ctx {checked.used:,}/{checked.window:,} ({checked.percent:.0f}%)"
    if checked.truncated:
        return "✖ TRUNCATED " + text + ": the model did not see the whole conversation"
    if checked.warning:
        return "⚠ " + text
    return text
