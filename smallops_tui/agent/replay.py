"""A logged session as steps: what replay, `smallops sessions` and `smallops export` read.

A step is one model turn with its proposal, decision and outcome — every event carrying that
step number, retries included. The view at step k is a fold of the events up to k; nothing
here is re-streamed or re-executed.
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from .events import LogError, SessionHeader, read_log
from .visible import visible

Outcome = Literal["approved", "rejected", "edited", "parse_failure", "error", "stopped", "done", "pending"]


@dataclass
class ReplayStep:
    number: int
    events: list[Any] = field(default_factory=list)
    _by_type: dict[str, list[Any]] | None = field(default=None, repr=False)

    def of(self, kind: str) -> list[Any]:
        # Indexed once: a step can hold thousands of deltas and the timeline asks every step.
        if self._by_type is None:
            self._by_type = {}
            for event in self.events:
                self._by_type.setdefault(event.type, []).append(event)
        return self._by_type.get(kind, [])

    def last(self, kind: str) -> Any | None:
        found = self.of(kind)
        return found[-1] if found else None

    @property
    def start(self) -> float:
        return self.events[0].t if self.events else 0.0

    @property
    def end(self) -> float:
        return self.events[-1].t if self.events else 0.0

    @property
    def proposal(self) -> Any | None:
        """The proposal finally decided on (the person's edit, if there was one)."""
        return self.last("action_proposed")

    @property
    def level(self) -> str | None:
        proposal = self.proposal
        return proposal.verdict.level if proposal is not None else None

    @property
    def action(self) -> str | None:
        proposal = self.proposal
        return str(proposal.action.get("action")) if proposal is not None else None

    @property
    def outcome(self) -> Outcome:
        decisions = self.of("decision")
        if self.of("parse_failed"):
            return "stopped" if decisions and decisions[-1].decision == "stop" else "parse_failure"
        if not decisions:
            return "error" if self.of("backend_error") else "pending"
        last = decisions[-1].decision
        if last == "stop":
            return "stopped"
        if last == "reject":
            return "rejected"
        if last == "approve" and self.action == "done":
            return "done"
        if any(d.decision == "edit" for d in decisions):
            return "edited"
        return "approved"


@dataclass
class Replay:
    path: Path
    header: SessionHeader
    preamble: list[Any]  # events before the first step
    steps: list[ReplayStep]
    torn: bool = False
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Replay:
        """Raises LogError with a sentence for anything that cannot be replayed."""
        contents = read_log(path, lazy_deltas=True)
        preamble: list[Any] = []
        by_number: dict[int, ReplayStep] = {}
        for event in contents.events:
            if event.step <= 0:
                preamble.append(event)
                continue
            by_number.setdefault(event.step, ReplayStep(event.step)).events.append(event)
        steps = [by_number[n] for n in sorted(by_number)]
        return cls(Path(path), contents.header, preamble, steps, contents.torn, contents.warnings)

    @property
    def ended(self) -> Any | None:
        for step in reversed(self.steps):
            ended = step.last("session_ended")
            if ended is not None:
                return ended
        return None

    @property
    def outcome(self) -> str:
        ended = self.ended
        if ended is not None:
            return str(ended.reason)
        return "cut off" if self.torn else "unfinished"


# -- listing ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SessionSummary:
    path: Path
    created: str
    workspace: str
    task: str
    backend: str
    model: str
    steps: int
    outcome: str
    size: int


def list_sessions(directory: Path) -> tuple[list[SessionSummary], list[str]]:
    """Every readable log in `directory`, newest first, and a sentence for each unreadable one."""
    summaries, problems = [], []
    if not directory.is_dir():
        return [], []
    for path in sorted(directory.glob("*.jsonl"), reverse=True):
        try:
            replay = Replay.load(path)
        except LogError as exc:
            problems.append(str(exc))
            continue
        h = replay.header
        summaries.append(SessionSummary(path, h.created, h.workspace, h.task, h.backend, h.model, len(replay.steps),
                                        replay.outcome, path.stat().st_size))
    return summaries, problems


def format_sessions(summaries: list[SessionSummary]) -> str:
    if not summaries:
        return "no sessions yet"
    rows = [("#", "DATE", "WORKSPACE", "BACKEND / MODEL", "STEPS", "OUTCOME", "SIZE", "TASK")]
    for n, s in enumerate(summaries, start=1):
        try:
            date = datetime.fromisoformat(s.created).astimezone().strftime("%Y-%m-%d %H:%M")
        except ValueError:
            date = s.created[:16]
        workspace = s.workspace.replace(str(Path.home()), "~", 1)
        workspace = workspace if len(workspace) <= 40 else "…" + workspace[-39:]
        rows.append((str(n), date, workspace, f"{s.backend} / {s.model}"[:36], str(s.steps), s.outcome, _size(s.size),
                     s.task.replace("\n", " ")[:50]))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows)


def _size(n: int) -> str:
    return f"{n / 1024:.0f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f} MB"


# -- export -------------------------------------------------------------------------------------

def _step_parts(step: ReplayStep) -> dict[str, Any]:
    thinking = "".join(e.text for e in step.of("thinking_delta"))
    reply = step.last("reply_finished")
    answer = reply.raw if reply is not None else "".join(e.text for e in step.of("content_delta"))
    if reply is not None and reply.thinking:
        thinking = reply.thinking
    return {"thinking": thinking, "answer": answer}


def _v(text: str) -> str:
    """Logged text as an export shows it: hidden and control characters as visible escapes (a
    browser or Markdown viewer would otherwise apply a bidi override the reader never sees)."""
    return visible(text)


def export_markdown(replay: Replay) -> str:
    h = replay.header
    out = [f"# smallops session: {_v(h.task)}", "",
           f"- workspace: `{_v(h.workspace)}`", f"- backend: {_v(h.backend)} · model: {_v(h.model)} · vocabulary: {_v(h.vocabulary)}",
           f"- started: {h.created} · steps: {len(replay.steps)} · outcome: {replay.outcome}", ""]
    if replay.torn:
        out += ["> The log was cut off (the app stopped mid-write); it is shown up to the last whole event.", ""]
    fence = "````"
    for step in replay.steps:
        parts = _step_parts(step)
        out += [f"## Step {step.number}", ""]
        if parts["thinking"]:
            out += ["<details><summary>reasoning</summary>", "", fence + "text", _v(parts["thinking"]), fence, "",
                    "</details>", ""]
        out += ["Reply:", "", fence + "json", _v(parts["answer"]), fence, ""]
        for failed in step.of("parse_failed"):
            out += [f"**Parse failure ({_v(failed.kind)})**: {_v(failed.message)}", ""]
        for proposed in step.of("action_proposed"):
            who = " (edited by the person)" if proposed.source == "person" else ""
            out += [f"**{_v(proposed.verdict.level)}** `{_v(str(proposed.action.get('action')))}`{who} — "
                    + _v("; ".join(f"{r}: {why}" for r, why in zip(proposed.verdict.rules, proposed.verdict.reasons))), ""]
            for flag in proposed.flags:
                out += [f"- ⚑ {_v(flag.kind)}: {_v(flag.message)}"]
            if proposed.flags:
                out.append("")
            if proposed.diff:
                out += [fence + "diff", _v(proposed.diff.rstrip("\n")), fence, ""]
        for decision in step.of("decision"):
            reason = f": {decision.reason}" if decision.reason else ""
            out += [f"Decision: **{decision.decision}** by {decision.by}{_v(reason)}", ""]
        for executed in step.of("executed"):
            out += [f"Outcome: {_v(executed.summary)}", ""]
            if executed.output:
                out += [fence + "text", _v(executed.output.rstrip("\n")), fence, ""]
        for error in step.of("backend_error"):
            out += [f"Backend error ({_v(error.kind)}): {_v(error.message)}", ""]
        for ended in step.of("session_ended"):
            out += [f"**Session ended ({_v(ended.reason)})**: {_v(ended.summary)}", "",
                    _v(f"Files created: {', '.join(ended.created) or 'none'}; modified: {', '.join(ended.modified) or 'none'}; "
                       f"deleted: {', '.join(ended.deleted) or 'none'}"), ""]
            out += [f"- ⚑ {_v(flag.kind)}: {_v(flag.message)}" for flag in ended.flags]
    return "\n".join(out).rstrip() + "\n"


def export_html(replay: Replay) -> str:
    """A self-contained page; every piece of logged text is escaped, hidden characters made visible."""

    def esc(text: str) -> str:
        return html.escape(_v(text))

    h = replay.header
    body = [f"<h1>smallops session: {esc(h.task)}</h1>",
            f"<p>workspace <code>{esc(h.workspace)}</code> · {esc(h.backend)} · {esc(h.model)} · "
            f"{len(replay.steps)} steps · outcome {esc(replay.outcome)}</p>"]
    if replay.torn:
        body.append("<p class=warn>The log was cut off; it is shown up to the last whole event.</p>")
    for step in replay.steps:
        parts = _step_parts(step)
        body.append(f"<section><h2>Step {step.number}</h2>")
        if parts["thinking"]:
            body.append(f"<details><summary>reasoning</summary><pre>{esc(parts['thinking'])}</pre></details>")
        body.append(f"<pre class=reply>{esc(parts['answer'])}</pre>")
        for failed in step.of("parse_failed"):
            body.append(f"<p class=fail>Parse failure ({esc(failed.kind)}): {esc(failed.message)}</p>")
        for proposed in step.of("action_proposed"):
            level = esc(proposed.verdict.level)
            body.append(f"<p><span class='risk {level.lower()}'>{level}</span> <code>{esc(str(proposed.action.get('action')))}</code> "
                        + esc("; ".join(proposed.verdict.reasons)) + "</p>")
            body.extend(f"<p class=flag>⚑ {esc(f.kind)}: {esc(f.message)}</p>" for f in proposed.flags)
            if proposed.diff:
                lines = []
                for line in proposed.diff.split("\n"):
                    cls = "add" if line.startswith("+") else "del" if line.startswith("-") else ""
                    lines.append(f"<span class='{cls}'>{esc(line)}</span>")
                body.append("<pre class=diff>" + "\n".join(lines) + "</pre>")
        for decision in step.of("decision"):
            body.append(f"<p>Decision: <b>{esc(decision.decision)}</b> by {esc(decision.by)}"
                        + (f": {esc(decision.reason)}" if decision.reason else "") + "</p>")
        for executed in step.of("executed"):
            body.append(f"<p>Outcome: {esc(executed.summary)}</p>")
            if executed.output:
                body.append(f"<pre>{esc(executed.output)}</pre>")
        for ended in step.of("session_ended"):
            body.append(f"<p><b>Session ended ({esc(ended.reason)})</b>: {esc(ended.summary)}</p>")
            body.extend(f"<p class=flag>⚑ {esc(f.kind)}: {esc(f.message)}</p>" for f in ended.flags)
        body.append("</section>")
    style = ("body{font-family:sans-serif;max-width:60em;margin:auto} pre{background:#f6f8fa;padding:.5em;overflow:auto}"
             " .add{background:#dafbe1} .del{background:#ffebe9} .risk{padding:0 .4em;color:#fff}"
             " .low{background:#1a7f37} .medium{background:#9a6700} .high{background:#cf222e} .flag,.fail,.warn{color:#cf222e}")
    return (f"<!doctype html><html><head><meta charset=utf-8><title>{esc(h.task)}</title>"
            f"<style>{style}</style></head><body>" + "\n".join(body) + "</body></html>\n")
