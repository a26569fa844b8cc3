"""A logged session as a readable transcript, Markdown or HTML (what `smallops export` writes).

The third renderer of the fold (after the live screen and the replay): each step tells its
story (`StepView.story`) in the order it happened — reasoning, reply, each proposal with its risk, flags and
diff, every decision, outcome, cancel, undo and error — then how the session ended, in the same
words the screen uses (the fold's lines). Logged text is hostile: hidden and control characters
are drawn as visible escapes, and HTML escapes everything.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .agent.files.visible import visible
from .agent.history.fork import describe_fork
from .agent.history.replay import Replay
from .agent.log.events import SessionEnded
from .agent.session.fold import DiffSpec, Line, Shown, StepView, StoryItem, Turn, ended_lines
from .agent.session.steering import mode_label

FENCE = "````"


@dataclass(frozen=True)
class Teller:
    """How one format tells each kind of story item."""

    turn: Callable[[Turn], list[str]]
    proposal: Callable[[Shown, DiffSpec], list[str]]
    line: Callable[[Line], list[str]]
    end: Callable[[SessionEnded, list[StoryItem]], list[str]]

    def tell(self, item: StoryItem, step: StepView) -> list[str]:
        value = item[1]
        if isinstance(value, Turn):
            return self.turn(value)
        if isinstance(value, Line):
            return self.line(value)
        if isinstance(value, SessionEnded):
            return self.end(value, step.story)
        return self.proposal(*value)


def _told(replay: Replay, teller: Teller) -> Iterator[tuple[int, int | None, list[str]]]:
    """Each step's number, the task it begins (its number, for a session of several tasks) and its
    story told by `teller`."""
    tasks = replay.tasks
    begins = {step: number for number, (step, _) in enumerate(tasks, start=1)} if len(tasks) > 1 else {}
    for step in replay.fold().steps:
        yield step.number, begins.get(step.number), [part for item in step.story for part in teller.tell(item, step)]


def _facts(replay: Replay) -> list[str]:
    h = replay.header
    return [f"workspace: {h.workspace}", f"backend: {h.backend} · model: {h.model} · vocabulary: {h.vocabulary}"
            f" · approval: {mode_label(h.approval_mode)}",
            f"started: {h.created} · steps: {len(replay.steps)} · outcome: {replay.outcome}"
            + (f" · tasks: {len(replay.tasks)}" if len(replay.tasks) > 1 else "")] \
        + ([describe_fork(h)] if h.forked_from else [])


TORN = "The log was cut off (the app stopped mid-write); it is shown up to the last whole event."


# -- Markdown ---------------------------------------------------------------------------------------

def _v(text: str) -> str:
    return visible(text)


def _block(text: str, language: str = "text") -> list[str]:
    return [FENCE + language, _v(text.rstrip("\n")), FENCE, ""]


def _md_turn(turn: Turn) -> list[str]:
    out = [f"### Attempt {turn.attempt}", ""] if turn.attempt > 1 else []
    if turn.reasoning:
        out += ["<details><summary>reasoning</summary>", "", *_block(turn.reasoning), "</details>", ""]
    out += ["Reply:", "", *_block(turn.answer, "json")] if turn.answer else ["(no reply)", ""]
    return out


def _md_proposal(shown: Shown, diff: DiffSpec) -> list[str]:
    if shown.action is None:
        kind, message = shown.failure or ("?", "")
        out = [f"**Parse failure ({_v(kind)})**: {_v(message)}", ""]
    else:
        who = " (edited by the person)" if shown.source == "person" else ""
        reasons = "; ".join(f"{rule}: {reason}" for rule, reason in zip(shown.rules, shown.reasons, strict=False))
        out = [f"**{_v(shown.level)}** `{_v(shown.action_name)}`{who} — {_v(reasons)}", ""]
        if shown.note:
            out += [f"↻ {_v(shown.note)}", ""]
        if shown.refused:
            out += ["REFUSED — this action cannot be approved", ""]
    items = [f"- ⚑ {_v(label)}: {_v(message)}" for label, message in shown.flags]
    items += [f"- {'⚠ ' if suspicious else ''}repaired ({_v(kind)}): {_v(detail)}" for kind, detail, suspicious in shown.repairs]
    out += [*items, ""] if items else []
    if diff.kind in ("edit", "text") and diff.text:
        out += _block(diff.text, "diff")
    elif diff.kind == "command":
        out += _block(f"$ {diff.text}", "sh")
    elif diff.kind == "target":
        out += [_v(diff.text), ""]
    return out


def _md_line(line: Line) -> list[str]:
    text = f"*{_v(line.text)}*" if line.kind == "notice" else _v(line.text)
    return [text, "", *_block(line.detail)] if line.detail else [text, ""]


def _net_diff(event: SessionEnded, story: list[StoryItem]) -> str:
    """The session's net change, unless the `done` proposal just showed exactly that."""
    shown = [item[1][1].text for item in story if item[0] == "proposal" and item[1][1].kind == "text"]
    return "" if shown and shown[-1] == event.diff else event.diff


def _md_end(event: SessionEnded, story: list[StoryItem]) -> list[str]:
    out = []
    for runs in ended_lines(event):
        out += ["".join(f"**{_v(part.strip())}**" if "bold" in style else _v(part) for part, style in runs), ""]
    net = _net_diff(event, story)
    return out + _block(net, "diff") if net else out


def export_markdown(replay: Replay) -> str:
    h = replay.header
    out = [f"# smallops session: {_v(h.task)}", "", *(f"- {_v(fact)}" for fact in _facts(replay)), ""]
    if replay.torn:
        out += [f"> {TORN}", ""]
    for number, task, parts in _told(replay, Teller(_md_turn, _md_proposal, _md_line, _md_end)):
        if task is not None:
            out += [f"## Task {task}" + (f": {_v(h.task)}" if task == 1 else ""), ""]
        out += [f"## Step {number}", "", *parts]
    return "\n".join(out).rstrip() + "\n"


# -- HTML -----------------------------------------------------------------------------------------

def _e(text: str) -> str:
    return html.escape(visible(text))


def _pre(text: str, cls: str = "") -> str:
    return f"<pre{f' class={cls}' if cls else ''}>{_e(text.rstrip(chr(10)))}</pre>"


def _html_diff(text: str) -> str:
    rows = []
    for line in text.rstrip("\n").split("\n"):
        cls = "add" if line.startswith("+") else "del" if line.startswith("-") else ""
        rows.append(f"<span class='{cls}'>{_e(line)}</span>")
    return "<pre class=diff>" + "\n".join(rows) + "</pre>"


def _html_turn(turn: Turn) -> list[str]:
    out = [f"<h3>Attempt {turn.attempt}</h3>"] if turn.attempt > 1 else []
    if turn.reasoning:
        out.append(f"<details><summary>reasoning</summary>{_pre(turn.reasoning)}</details>")
    out.append(_pre(turn.answer, "reply") if turn.answer else "<p>(no reply)</p>")
    return out


def _html_proposal(shown: Shown, diff: DiffSpec) -> list[str]:
    if shown.action is None:
        kind, message = shown.failure or ("?", "")
        out = [f"<p class=fail>Parse failure ({_e(kind)}): {_e(message)}</p>"]
    else:
        level = _e(shown.level)
        who = " (edited by the person)" if shown.source == "person" else ""
        out = [f"<p><span class='risk {level.lower()}'>{level}</span> <code>{_e(shown.action_name)}</code>{who} "
               + _e("; ".join(f"{rule}: {reason}" for rule, reason in zip(shown.rules, shown.reasons, strict=False)))
               + "</p>"]
        if shown.note:
            out.append(f"<p class=note>↻ {_e(shown.note)}</p>")
        if shown.refused:
            out.append("<p class=fail>REFUSED — this action cannot be approved</p>")
    out += [f"<p class=flag>⚑ {_e(label)}: {_e(message)}</p>" for label, message in shown.flags]
    out += [f"<p class={'flag' if suspicious else 'note'}>repaired ({_e(kind)}): {_e(detail)}</p>"
            for kind, detail, suspicious in shown.repairs]
    if diff.kind in ("edit", "text") and diff.text:
        out.append(_html_diff(diff.text))
    elif diff.kind == "command":
        out.append(_pre(f"$ {diff.text}"))
    elif diff.kind == "target":
        out.append(f"<p>{_e(diff.text)}</p>")
    return out


def _html_line(line: Line) -> list[str]:
    cls = {"failed": "fail", "notice": "note", "dim": "note"}.get(line.kind, "")
    out = [f"<p{f' class={cls}' if cls else ''}>{_e(line.text)}</p>"]
    return out + [_pre(line.detail)] if line.detail else out


def _html_end(event: SessionEnded, story: list[StoryItem]) -> list[str]:
    out = ["<p>" + "".join(f"<b>{_e(part.strip())}</b>" if "bold" in style else _e(part) for part, style in runs)
           + "</p>" for runs in ended_lines(event)]
    net = _net_diff(event, story)
    return out + [_html_diff(net)] if net else out


STYLE = ("body{font-family:sans-serif;max-width:60em;margin:auto} pre{background:#f6f8fa;padding:.5em;overflow:auto}"
         " .add{background:#dafbe1} .del{background:#ffebe9} .risk{padding:0 .4em;color:#fff}"
         " .low{background:#1a7f37} .medium{background:#9a6700} .high{background:#cf222e}"
         " .flag,.fail,.warn{color:#cf222e} .note{color:#57606a}")


def export_html(replay: Replay) -> str:
    """A self-contained page; every piece of logged text is escaped, hidden characters made visible."""
    h = replay.header
    body = [f"<h1>smallops session: {_e(h.task)}</h1>", "<p>" + " · ".join(_e(fact) for fact in _facts(replay)) + "</p>"]
    if replay.torn:
        body.append(f"<p class=warn>{_e(TORN)}</p>")
    for number, task, parts in _told(replay, Teller(_html_turn, _html_proposal, _html_line, _html_end)):
        if task is not None:
            body.append(f"<h2 class=task>Task {task}" + (f": {_e(h.task)}" if task == 1 else "") + "</h2>")
        body += [f"<section><h2>Step {number}</h2>", *parts, "</section>"]
    return (f"<!doctype html><html><head><meta charset=utf-8><title>{_e(h.task)}</title>"
            f"<style>{STYLE}</style></head><body>" + "\n".join(body) + "</body></html>\n")
