"""Replay: step through a logged session in the same panes, driven by the log instead of a model.

The view at step k is a fold of the events up to k: each step is one mounted container, so going
forward mounts one and going back removes one — nothing is re-streamed. `space` plays the next
steps at the recorded pace (tokens re-streamed with their original timing, reasoning included).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Static

from ..agent.replay import Replay, ReplayStep
from .app import CSS, PanesApp, compose_panes, diff_lines, title_panes
from .proposal import Shown, proposal_text
from .render import DiffColours, diff_model_from_unified, highlight_lines, literal
from .screens import MODAL_CSS
from .widgets import Conversation, DiffView, StatusBar
from .writer import ConversationWriter, event_line

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
MAX_PAUSE = 2.0  # a long silence in the recording is shortened to this (before speed-up)
OUTCOME_MARKS = {"approved": "✓", "rejected": "✗", "edited": "✎", "parse_failure": "?", "error": "!",
                 "stopped": "■", "done": "◆", "pending": "·"}

REPLAY_CSS = CSS + MODAL_CSS + """
#timeline { height: 1; padding: 0 1; background: $surface; }
.step { height: auto; }
"""


class FoldedStep(Static):
    """A whole replayed step as one widget: what the live turn widgets showed once the step was
    over (reasoning folded, the answer's last lines, the outcomes), built from the same lines.
    Mounting ten live-streaming widgets per step made stepping through long logs slow."""

    DEFAULT_CSS = "FoldedStep { height: auto; margin-bottom: 1; }"
    ANSWER_LINES = 30  # the live answer region's height
    REASONING_LINES = 12

    def __init__(self, step: ReplayStep, reasoning_shown: bool) -> None:
        super().__init__()
        self.step = step
        self.reasoning_shown = reasoning_shown
        self.turns: list[tuple[str, str]] = []  # (reasoning, answer) of each attempt
        self._parts: list[tuple[str, Any]] = []
        thinking: list[str] = []
        answer: list[str] = []
        for event in step.events:
            if event.type == "thinking_delta":
                thinking.append(event.text)
            elif event.type == "content_delta":
                answer.append(event.text)
            elif event.type == "reasoning_moved":
                thinking, answer = thinking + [event.text], []
            elif event.type == "turn_started":
                self._close_turn(thinking, answer)
                thinking, answer = [], []
                self._parts.append(("turn", event))
            else:
                line = event_line(event, live=False)
                if line is not None:
                    self._close_turn(thinking, answer)
                    thinking, answer = [], []
                    self._parts.append(("line", line))
        self._close_turn(thinking, answer)
        self._show()

    def _close_turn(self, thinking: list[str], answer: list[str]) -> None:
        if thinking or answer:
            self.turns.append(("".join(thinking), "".join(answer)))
            self._parts.append(("stream", self.turns[-1]))

    def set_reasoning_shown(self, shown: bool) -> None:
        self.reasoning_shown = shown
        self._show()

    def _show(self) -> None:
        text = Text()
        for kind, part in self._parts:
            if kind == "turn":
                label = f"── step {part.step}" + (f" (attempt {part.attempt})" if part.attempt > 1 else "")
                text.append(label + "\n", style="bold dim")
            elif kind == "stream":
                reasoning, answer = part
                if reasoning:
                    if self.reasoning_shown and not answer:
                        text.append("▼ reasoning\n", style="dim")
                    text.append("▶ reasoning\n" if not (self.reasoning_shown and not answer) else "", style="dim")
                    if self.reasoning_shown and not answer:
                        text.append_text(literal(_tail(reasoning, self.REASONING_LINES) + "\n", "italic dim"))
                if answer:
                    text.append_text(literal(_tail(answer, self.ANSWER_LINES) + "\n"))
            else:
                line, classes, _ = part
                style = "bold red" if classes == "outcome-failed" else "italic dim" if classes == "notice" else ""
                line = line.copy()
                if style:
                    line.stylize(style)
                text.append_text(line)
                text.append("\n")
        self.update(text)


def _tail(text: str, lines: int) -> str:
    parts = text.rstrip("\n").split("\n")
    if len(parts) <= lines:
        return "\n".join(parts)
    return f"… {len(parts) - lines} earlier lines\n" + "\n".join(parts[-lines:])


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


class ReplayApp(PanesApp):
    TITLE = "smallops replay"
    HELP_TITLE = "smallops replay — keys"
    HELP_FOOTNOTE = "Nothing is executed in a replay: the panes show what the person saw at each step."
    CSS = REPLAY_CSS
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    BINDINGS = [
        # priority: the scrolling panes bind these keys too, and stepping must win.
        Binding("right,l", "step(1)", "next", priority=True, tooltip="next step"),
        Binding("left,h", "step(-1)", "previous", priority=True, tooltip="previous step"),
        Binding("home", "go_first", "first", show=False, priority=True, tooltip="the first step"),
        Binding("end", "go_last", "last", show=False, priority=True, tooltip="the last step"),
        Binding("space", "play", "play/pause", priority=True,
                tooltip="play the next steps at the recorded pace / pause"),
        Binding("plus,equals_sign", "speed(1)", "faster", tooltip="play faster (up to 16×)"),
        Binding("minus", "speed(-1)", "slower", tooltip="play slower (down to 0.25×)"),
        Binding("g", "jump", "go to typed step", show=False, tooltip="go to the step typed before it (e.g. 12 g)"),
        Binding("t", "toggle_reasoning", "reasoning", tooltip="show / hide all reasoning"),
        Binding("d", "toggle_diff", "diff view", tooltip="unified / side-by-side diff"),
        Binding("left_square_bracket", "hunk(-1)", "prev hunk", show=False, tooltip="previous hunk of the diff"),
        Binding("right_square_bracket", "hunk(1)", "next hunk", show=False, tooltip="next hunk of the diff"),
        Binding("question_mark", "help", "help", tooltip="this help"),
        Binding("q", "quit", "quit", tooltip="quit the replay"),
    ] + [Binding(str(n), f"digit({n})", show=False) for n in range(10)]

    def __init__(self, replay: Replay, theme: str = "smallops-dark") -> None:
        self.replay = replay
        self.current = 0
        self.views: list[Any] = []
        self.writers: list[ConversationWriter | None] = []
        self.speed_index = SPEEDS.index(1.0)
        self.playing = False
        self._typed = ""
        self._reasoning_shown = True
        self.proposal_text = Text()
        super().__init__(theme)

    def compose(self) -> ComposeResult:
        yield from compose_panes("")
        yield Timeline(id="timeline")
        yield StatusBar(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.handle_termination_signals()
        title_panes(self)
        self.report_theme_errors()
        header = self.replay.header
        conversation = self.query_one(Conversation)
        conversation.note(literal(f"Task: {header.task}", "bold"))
        conversation.note(literal(f"workspace: {header.workspace}", "dim"))
        for warning in self.replay.warnings:
            conversation.note(literal(warning), "outcome-failed")
            self.notify(warning, severity="warning")
        self.goto(1 if self.replay.steps else 0)

    # -- the fold ------------------------------------------------------------------------------

    def goto(self, k: int) -> None:
        k = max(0, min(k, len(self.replay.steps)))
        with self.batch_update():
            while len(self.views) > k:
                self.views.pop().remove()
                self.writers.pop()
            while len(self.views) < k:
                self._add_step(self.replay.steps[len(self.views)], animate=False)
        self.current = k
        self._show_panes()

    def _add_step(self, step: ReplayStep, animate: bool) -> ConversationWriter | None:
        """Stepping mounts one FoldedStep; playing mounts live turn widgets to stream into."""
        if not animate:
            folded = FoldedStep(step, self._reasoning_shown)
            self.query_one(Conversation).add(folded)
            self.views.append(folded)
            self.writers.append(None)
            return None
        container = Vertical(classes="step")
        self.query_one(Conversation).add(container)
        writer = ConversationWriter(container, live=False)
        self.views.append(container)
        self.writers.append(writer)
        return writer

    def turn_texts(self) -> list[tuple[str, str]]:
        """(reasoning, answer) of every turn on screen, folded or played."""
        found: list[tuple[str, str]] = []
        for view, writer in zip(self.views, self.writers, strict=True):
            if writer is None:
                found.extend(view.turns)
            else:
                found.extend((t.reasoning.text, t.answer.text) for t in writer.turns)
        return found

    # -- the panes for step k -------------------------------------------------------------------


    def _show_panes(self) -> None:
        colours = self._colours()
        self.query_one(Timeline).show(self.replay, self.current, colours, self.size.width)
        self._status()
        view = self.query_one(DiffView)
        if self.current == 0:
            self._set_proposal(Text("before the first step", style="italic"))
            view.show_text([])
            return
        step = self.replay.steps[self.current - 1]
        shown_event = step.last("action_proposed") or step.last("parse_failed")
        text = proposal_text(Shown.logged(shown_event), colours, keys=False) if shown_event else Text()
        for decision in step.of("decision"):
            text.append_text(literal(f"\ndecision: {decision.decision} by {decision.by}"
                                     + (f" — {decision.reason}" if decision.reason else ""), "bold"))
        for executed in step.of("executed"):
            text.append_text(literal(f"\noutcome: {executed.summary}", "" if executed.ok else "bold"))
        for error in step.of("backend_error"):
            text.append_text(literal(f"\nbackend error ({error.kind}): {error.message}"))
        ended = step.last("session_ended")
        if ended is not None:
            text.append_text(literal(f"\n\nSESSION ENDED · {ended.reason}: {ended.summary}", "bold"))
            text.append_text(literal(f"\nfiles changed or created: {', '.join(ended.created + ended.modified) or 'none'}"))
            for flag in ended.flags:
                text.append_text(literal(f"\n ⚑ {flag.kind}: {flag.message}"))
        self._set_proposal(text if text.plain else Text("no proposal in this step", style="italic"))
        proposed = step.last("action_proposed")
        if proposed is not None and proposed.diff:
            dc = DiffColours(colours["diff-added"], colours["diff-removed"], colours["diff-added-strong"],
                             colours["diff-removed-strong"], colours["diff-gutter"], colours["code-style"])
            path = str(proposed.action.get("path", ""))
            model = diff_model_from_unified(path, proposed.diff, dc)
            view.show_model(model, [literal(f"{path}  +{model.added} -{model.removed}", "bold")],
                            {"added": colours["diff-added"], "removed": colours["diff-removed"],
                             "gutter": colours["diff-gutter"]})
        elif proposed is not None and proposed.action.get("action") == "run_command":
            view.show_text([literal(f"$ (in {self.replay.header.workspace})", "dim")]
                           + highlight_lines("command.sh", str(proposed.action.get("command", "")), colours["code-style"]))
        elif ended is not None and ended.diff:
            view.show_text(diff_lines(ended.diff))
        elif shown_event is not None and shown_event.type == "parse_failed":
            view.show_text([literal(line) for line in shown_event.raw.splitlines()[:500]])
        else:
            view.show_text([])

    def _set_proposal(self, text: Text) -> None:
        self.proposal_text = text
        self.query_one("#proposal", Static).update(text)

    def _status(self) -> None:
        h = self.replay.header
        self.query_one(StatusBar).show(
            backend=f"replay · {h.backend} · {h.model}",
            step=f"step {self.current}/{len(self.replay.steps)}",
            speed=f"{SPEEDS[self.speed_index]:g}×",
            state=("playing" if self.playing else "paused") + f" · outcome: {self.replay.outcome}",
            log=self.replay.path.name,
        )

    # -- keys ----------------------------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        self.playing = False
        self.goto(self.current + delta)

    def action_go_first(self) -> None:
        self.playing = False
        self.goto(0)

    def action_go_last(self) -> None:
        self.playing = False
        self.goto(len(self.replay.steps))

    def action_digit(self, n: int) -> None:
        self._typed = (self._typed + str(n))[-6:]
        self.notify(f"step {self._typed}: press g to go there", timeout=2)

    def action_jump(self) -> None:
        if self._typed:
            self.playing = False
            self.goto(int(self._typed))
            self._typed = ""

    def action_speed(self, delta: int) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + delta))
        self._status()

    def action_play(self) -> None:
        self.playing = not self.playing
        self._status()
        if self.playing:
            self._play()

    @work(exclusive=True, group="play", exit_on_error=False)
    async def _play(self) -> None:
        while self.playing and self.current < len(self.replay.steps):
            step = self.replay.steps[self.current]
            writer = self._add_step(step, animate=True)
            assert writer is not None
            previous = step.events[0].t if step.events else 0.0
            thinking: list[str] = []
            answer: list[str] = []
            for event in step.events:
                if not self.playing:
                    break
                wait = min(max(0.0, event.t - previous), MAX_PAUSE) / SPEEDS[self.speed_index]
                previous = event.t
                if wait > 0.01:
                    writer.deltas("".join(thinking), "".join(answer), self._reasoning_shown)
                    thinking, answer = [], []
                    await asyncio.sleep(wait)
                if event.type == "thinking_delta":
                    thinking.append(event.text)
                elif event.type == "content_delta":
                    answer.append(event.text)
                else:
                    writer.deltas("".join(thinking), "".join(answer), self._reasoning_shown)
                    thinking, answer = [], []
                    writer.handle(event)
            if not self.playing:
                # Paused mid-step: show the whole step, as stepping would.
                self.views.pop().remove()
                self.writers.pop()
                self.goto(self.current + 1)
                break
            writer.deltas("".join(thinking), "".join(answer), self._reasoning_shown)
            self.current += 1
            self._show_panes()
        self.playing = False
        self._status()

    def action_toggle_reasoning(self) -> None:
        self._reasoning_shown = not self._reasoning_shown
        for view, writer in zip(self.views, self.writers, strict=True):
            if writer is None:
                view.set_reasoning_shown(self._reasoning_shown)
                continue
            for turn in writer.turns:
                if turn.collapsible.display:
                    turn.collapsible.collapsed = not self._reasoning_shown

    def action_toggle_diff(self) -> None:
        view = self.query_one(DiffView)
        view.mode = "split" if view.mode == "unified" else "unified"

    def action_hunk(self, direction: int) -> None:
        self.query_one(DiffView).next_hunk(direction)



def last_session(directory: Path) -> Path | None:
    logs = sorted(directory.glob("*.jsonl"))
    return logs[-1] if logs else None
