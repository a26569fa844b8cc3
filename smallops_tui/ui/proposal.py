"""The proposed-action pane's text, from a live proposal or from the logged events of a step.

Both a live session and a replay render through `proposal_text`, so a replayed step shows what
the person saw then.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from ..agent.guards import GUARD_LABELS
from ..agent.loop import Proposal
from ..agent.linediff import lines_of
from ..agent.visible import fold_blank_runs
from .render import clip_lines, literal


@dataclass
class Shown:
    step: int
    raw: str = ""
    action: dict[str, Any] | None = None
    failure: tuple[str, str] | None = None  # (kind, message)
    level: str = ""
    rules: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    refused: bool = False
    flags: list[tuple[str, str]] = field(default_factory=list)  # (label, message)
    repairs: list[tuple[str, str, bool]] = field(default_factory=list)  # (kind, detail, suspicious)
    source: str = "model"
    note: str = ""  # why the proposal is shown again

    @classmethod
    def live(cls, p: Proposal) -> Shown:
        shown = cls(p.step, p.raw, p.action.to_json() if p.action else None,
                    (p.failure.kind, p.failure.message) if p.failure else None, source=p.source, note=p.note,
                    flags=[(f.label, f.message) for f in p.flags],
                    repairs=[(r.kind, r.detail, r.suspicious) for r in p.repairs])
        if p.verdict is not None:
            shown.level, shown.rules, shown.reasons = p.verdict.level, list(p.verdict.rules), list(p.verdict.reasons)
            shown.refused = p.verdict.refused
        return shown

    @classmethod
    def logged(cls, event: Any) -> Shown:
        """From an `action_proposed` or `parse_failed` event."""
        repairs = [(r.kind, r.detail, r.suspicious) for r in event.repairs]
        if event.type == "parse_failed":
            return cls(event.step, event.raw, failure=(event.kind, event.message), repairs=repairs)
        labels = [(GUARD_LABELS.get(f.kind, f.kind) + (f" of step {f.step}" if f.step is not None else ""), f.message)
                  for f in event.flags]
        return cls(event.step, "", dict(event.action), None, event.verdict.level, list(event.verdict.rules),
                   list(event.verdict.reasons), event.verdict.refused, labels, repairs, event.source, event.note)


def risk_badge(level: str, colours: dict[str, str]) -> Text:
    return Text(f" {level} ", style=f"bold {colours['risk-text']} on {colours[f'risk-{level.lower()}']}")


def proposal_text(shown: Shown, colours: dict[str, str], keys: bool = True) -> Text:
    text = Text()
    if shown.action is None:
        kind, message = shown.failure or ("?", "")
        text.append(Text(" PARSE FAILURE ", style="bold reverse"))
        text.append(f"  step {shown.step} · {kind}\n", style="bold")
        text.append_text(literal(message + "\n"))
        _repairs(text, shown)
        text.append("\nraw reply:\n", style="dim")
        text.append_text(literal(clip_lines(fold_blank_runs(shown.raw), 30) or "(empty)"))
        if keys:
            text.append("\n\ny: send this back to the model   s: stop", style="dim")
        return text
    text.append_text(risk_badge(shown.level, colours))
    who = " (edited by you)" if shown.source == "person" else ""
    text.append(f"  step {shown.step} · {shown.action.get('action')}{who}\n", style="bold")
    if shown.note:
        text.append(" ↻ SHOWN AGAIN ", style="bold reverse")
        text.append_text(literal(f" {shown.note}\n", "bold"))
    for name, value in shown.action.items():
        if name == "action":
            continue
        if name == "content" and isinstance(value, str):
            value = f"{len(lines_of(value))} lines, {len(value):,} characters"
        text.append(f"{name}: ", style="dim")
        text.append_text(literal(clip_lines(fold_blank_runs(str(value)), 6) + "\n"))
    if shown.refused:
        text.append("REFUSED — this action cannot be approved\n", style="bold")
    for rule, reason in zip(shown.rules, shown.reasons, strict=False):
        text.append(f"  {rule}", style="bold")
        text.append_text(literal(f"  {reason}\n"))
    for label, message in shown.flags:
        text.append(f" ⚑ {label} ", style="bold reverse")
        text.append_text(literal(f" {message}\n"))
    _repairs(text, shown)
    if keys:
        line = "y: approve" + (" (twice: HIGH)" if shown.level == "HIGH" else "") + "   n: reject   e: edit   s: stop"
        if shown.refused:
            line = "n: reject (the model is told why)   e: edit   s: stop"
        text.append("\n" + line, style="dim")
    return text


def _repairs(text: Text, shown: Shown) -> None:
    for kind, detail, suspicious in shown.repairs:
        marker = "⚠ " if suspicious else "· "
        text.append_text(literal(f"{marker}repaired ({kind}): {detail}\n", "bold" if suspicious else "dim"))
