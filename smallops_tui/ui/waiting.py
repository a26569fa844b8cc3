"""The line shown while the app waits on the model: what it waits for, a spinner, and the
seconds so far — so a cold load or a slow first token never looks like a hang."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from rich.text import Text

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
WAITING = "waiting for the model…"
ANSWERING = "the model is answering…"


@dataclass
class Wait:
    label: str
    started: float = field(default_factory=time.monotonic)

    def text(self, now: float | None = None) -> Text:
        elapsed = (now if now is not None else time.monotonic()) - self.started
        frame = SPINNER[int(elapsed * 10) % len(SPINNER)]
        text = Text(f"{frame} ", style="bold")
        text.append(self.label, style="italic")
        text.append(f"  {elapsed:.0f} s", style="bold")
        text.append("   (esc cancels, s stops the session)", style="dim")
        return text
