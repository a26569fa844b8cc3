"""The status bar: backend, model, sandbox, step, the reasoning meter, the context gauge, speed, what the
app is doing, the log."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from .render import literal


class StatusBar(Static):
    def show(self, **fields: Any) -> None:
        # The meter and the gauge come early: at 120 columns what is past the sandbox may be cut off.
        keys = ("backend", "step", "reasoning", "context", "constrained", "sandbox", "speed", "state", "log")
        parts = [str(fields[key]) for key in keys if fields.get(key)]
        text = literal("  ·  ".join(parts))
        text.no_wrap = True
        text.overflow = "ellipsis"
        self.update(text)
