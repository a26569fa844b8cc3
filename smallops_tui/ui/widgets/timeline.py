"""The replay's timeline: one mark per step of the log (✓ approved, ✗ rejected, …), coloured by
its risk, the step shown in reverse, as many as the width holds around it."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ...agent.history.replay import Replay

OUTCOME_MARKS = {"approved": "✓", "rejected": "✗", "edited": "✎", "parse_failure": "?", "error": "!",
                 "stopped": "■", "done": "◆", "pending": "·"}


class Timeline(Static):
    def show(self, replay: Replay, current: int, colours: dict[str, str], width: int) -> None:
        steps = replay.steps
        text = Text("steps ", style="dim")
        room = max(10, width - 20)
        first = max(0, min(current - room // 2, len(steps) - room))
        if first > 0:
            text.append("… ", style="dim")
        for step in steps[first : first + room]:
            outcome = step.outcome
            colour = {"LOW": colours["risk-low"], "MEDIUM": colours["risk-medium"], "HIGH": colours["risk-high"]}.get(
                step.level or "", "magenta" if outcome in ("parse_failure", "error") else "")
            style = f"bold {colour}" + (" reverse" if step.number == current else "")
            text.append(OUTCOME_MARKS.get(outcome, "·"), style=style)
        if first + room < len(steps):
            text.append(" …", style="dim")
        text.append(f"   {current}/{len(steps)}", style="bold")
        self.update(text)
