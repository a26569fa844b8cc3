"""The status bar: the approval mode, backend, model, step, the reasoning meter, the context gauge,
sandbox, speed, what the app is doing, the log."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from .render import literal


class StatusBar(Static):
    def show(self, **fields: Any) -> None:
        # The approval mode first: it must stay in view however narrow the terminal (the rest is cut);
        # the meter and the gauge early, then the sandbox and its bounds: at 120 columns what is past
        # them may be cut off.
        keys = ("approval", "backend", "step", "reasoning", "context", "sandbox", "constrained", "speed", "state", "log")
        parts = [str(fields[key]) for key in keys if fields.get(key)]
        text = literal("  ·  ".join(parts))
        text.no_wrap = True
        text.overflow = "ellipsis"
        self.update(text)
