"""The proposed-action pane's text, from the fold's `Pane`: the same for a live session and a
replay, since both fold the same events."""

from __future__ import annotations

from rich.text import Text

from ..agent.session.fold import Line, Pane, Shown, ended_lines
from ..agent.files.linediff import lines_of
from ..agent.files.visible import fold_blank_runs
from ..agent.session.fold import clip_lines
from ..agent.words import plural
from .render import literal

LINE_STYLES = {"outcome": "", "failed": "bold", "notice": "italic dim", "dim": ""}


def risk_badge(level: str, colours: dict[str, str]) -> Text:
    return Text(f" {level} ", style=f"bold {colours['risk-text']} on {colours[f'risk-{level.lower()}']}")


def shown_text(shown: Shown, colours: dict[str, str]) -> Text:
    text = Text()
    if shown.action is None:
        kind, message = shown.failure or ("?", "")
        text.append(Text(" PARSE FAILURE ", style="bold reverse"))
        text.append(f"  step {shown.step} · {kind}\n", style="bold")
        text.append_text(literal(message + "\n"))
        _repairs(text, shown)
        text.append("\nraw reply:\n", style="dim")
        text.append_text(literal(clip_lines(fold_blank_runs(shown.raw), 30) or "(empty)"))
        return text
    text.append_text(risk_badge(shown.level, colours))
    who = " (edited by you)" if shown.source == "person" else ""
    text.append(f"  step {shown.step} · {shown.action_name}{who}\n", style="bold")
    if shown.note:
        text.append(" ↻ SHOWN AGAIN ", style="bold reverse")
        text.append_text(literal(f" {shown.note}\n", "bold"))
    for name, value in shown.action.items():
        if name == "action":
            continue
        if name == "content" and isinstance(value, str):
            value = f"{plural(len(lines_of(value)), 'line')}, {plural(len(value), 'character')}"
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
    return text


def _repairs(text: Text, shown: Shown) -> None:
    for kind, detail, suspicious in shown.repairs:
        marker = "⚠ " if suspicious else "· "
        text.append_text(literal(f"{marker}repaired ({kind}): {detail}\n", "bold" if suspicious else "dim"))


def _line(text: Text, line: Line) -> None:
    if text.plain and not text.plain.endswith("\n"):
        text.append("\n")
    text.append_text(literal(line.shown, LINE_STYLES[line.kind]))


def pane_text(pane: Pane, colours: dict[str, str]) -> Text:
    """The proposal (or unusable reply), what was decided, what happened, how the session ended."""
    text = shown_text(pane.shown, colours) if pane.shown is not None else Text()
    for line in pane.lines:
        _line(text, line)
    if pane.running is not None:
        _line(text, Line(f"running `{pane.running}` …", "notice"))
    if pane.error is not None:
        _line(text, pane.error)
    if pane.ended is not None:
        text.append("\n\n" if text.plain else "")
        for n, runs in enumerate(ended_lines(pane.ended)):
            if n:
                text.append("\n")
            for part, style in runs:
                text.append_text(literal(part, style))
    return text
