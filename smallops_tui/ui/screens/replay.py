"""Replay: step through a logged session in the same panes, driven by the log instead of a model;
a screen of the one app, so `f` forks into a live session in the same process.

The view at step k is the fold of the events up to k (agent/session/fold.py), drawn by the same
renderer as a live session (ui/widgets/panes.py): going forward mounts one step's widgets, going back
removes them — nothing is re-streamed. `space` plays the next steps at the recorded pace
(tokens re-streamed with their original timing, reasoning included) through the renderer's
incremental path, the one a live session uses.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message

from ...agent.log.events import AnswerText, ReasoningText
from ...agent.session.fold import Line, SessionFold
from ...agent.history.fork import ForkError, check_step, describe_fork, has_workspace_record
from ..meters import context_field, reasoning_meter
from ...agent.history.replay import Replay
from ...agent.session.steering import status_label
from ...agent.files.visible import visible
from .panes_screen import PANE_BINDINGS, PANES_CSS, PanesScreen
from ..widgets.footer import PALETTE, FittingFooter
from ..step_archive import fold_archive
from .fork_dialog import ForkScreen, ForkTarget
from ..widgets.turn_view import TurnView
from ..widgets.panes import compose_panes, title_panes
from ..widgets.status import REPLAY_GIVES_WAY, StatusBar
from ..widgets.timeline import Timeline

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
MAX_PAUSE = 2.0  # a long silence in the recording is shortened to this (before speed-up)
REPLAY_CSS = Path(__file__).resolve().parent / "replay.tcss"


class ReplayScreen(PanesScreen):
    TITLE = "smallops replay"
    CSS_PATH: ClassVar[list[str | PurePath]] = [PANES_CSS, REPLAY_CSS]
    HELP_TITLE = "smallops replay — keys"
    HELP_FOOTNOTE = "Nothing is executed in a replay: the panes show what the person saw at each step."
    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the scrolling panes bind these keys too, and stepping must win.
        Binding("right,l", "step(1)", "next", priority=True, id="next-step", tooltip="next step"),
        Binding("left,h", "step(-1)", "previous", priority=True, id="previous-step", tooltip="previous step"),
        Binding("home", "go_first", "first", show=False, priority=True, id="first-step", tooltip="the first step"),
        Binding("end", "go_last", "last", show=False, priority=True, id="last-step", tooltip="the last step"),
        Binding("space", "play", "play/pause", priority=True, id="play",
                tooltip="play the next steps at the recorded pace / pause"),
        Binding("plus,equals_sign", "speed(1)", "faster", id="faster", tooltip="play faster (up to 16×)"),
        Binding("minus", "speed(-1)", "slower", id="slower", tooltip="play slower (down to 0.25×)"),
        Binding("g", "jump", "go to typed step", show=False, id="go-to-step", tooltip="go to the step typed before it (e.g. 12 g)"),
        Binding("f", "fork", "fork", id="fork", tooltip="fork: go on live after the step shown, with the model you choose, in a "
                "fresh copy of the workspace rebuilt from the log"),
        *PANE_BINDINGS,
        Binding("question_mark", "help", "help", id="help", tooltip="this help"),
        Binding("q", "quit", "quit", id="quit", tooltip="quit the replay"),
        *(Binding(str(n), f"digit({n})", show=False, id=f"digit-{n}") for n in range(10)),
    ]
    # What leaves the footer first when the terminal is too narrow (ui/widgets/footer.py); `?` lists them all.
    FOOTER_GIVES_WAY = ("toggle_diff", "toggle_reasoning", "speed(-1)", "speed(1)", "fork", PALETTE, "help")

    def __init__(self, replay: Replay, fork_defaults: ForkTarget | None = None) -> None:
        super().__init__()
        self.replay = replay
        h = replay.header
        # What `f` offers to go on with: the caller's (flags and settings); a log never chooses the
        # server a fork talks to, only the model's name.
        defaults = fork_defaults or ForkTarget("auto", "", "")
        self.fork_defaults = ForkTarget(defaults.backend, defaults.url, defaults.model or h.model)
        self.current = 0
        self.fold = SessionFold.of_header(replay.header)
        for event in replay.preamble:
            self.fold.apply(event)
        self.folded = 0  # steps of the log folded so far (folding decodes their deltas: on demand)
        self.speed_index = SPEEDS.index(1.0)
        self.playing = False
        self._typed = ""

    def compose(self) -> ComposeResult:
        yield from compose_panes("")
        yield Timeline(id="timeline")
        yield StatusBar(id="status", gives_way=REPLAY_GIVES_WAY)
        yield FittingFooter(self.FOOTER_GIVES_WAY)

    def on_mount(self) -> None:
        title_panes(self)
        panes = self.mount_panes(fold_archive(self.fold))
        warnings = [Line(warning, "failed") for warning in self.replay.warnings]
        panes.preamble(self.fold.preamble + warnings)
        for warning in self.replay.warnings:
            self.notify(visible(warning), severity="warning", markup=False)  # a log is hostile input too
        self.goto(1 if self.replay.steps else 0)

    # -- the fold ------------------------------------------------------------------------------

    def _fold_to(self, count: int) -> None:
        while self.folded < count:
            for event in self.replay.steps[self.folded].events:
                self.fold.apply(event)
            self.folded += 1

    def goto(self, k: int) -> None:
        k = max(0, min(k, len(self.replay.steps)))
        self._fold_to(k)
        assert self.panes is not None
        self.panes.show_steps(self.fold, k)
        self.current = k
        self._show_panes()

    def turn_texts(self) -> list[tuple[str, str]]:
        """(reasoning, answer) of every turn on screen."""
        return [(view.reasoning.text, view.answer.text) for widgets in self.views for view in widgets
                if isinstance(view, TurnView)]

    @property
    def views(self) -> list[list[Any]]:
        """The widgets shown for each step so far."""
        return self.panes.step_widgets if self.panes is not None else []

    def _show_panes(self) -> None:
        assert self.panes is not None
        self.query_one(Timeline).show(self.replay, self.current, self.colours(), self.size.width)
        self._status()
        if self.current == 0:
            self.panes.show_step(None, "before the first step")
            return
        self.panes.show_step(self.fold.steps[self.current - 1], "no proposal in this step")

    def _status(self) -> None:
        h = self.replay.header
        mode, model = self.replay.settings_at(self.current)
        steps = self.replay.steps[: self.current]
        budget = h.options.get("think_budget")
        checked = next((step.context for step in reversed(steps) if step.context is not None), None)
        window = h.options.get("context_window")
        self.query_one(StatusBar).show(
            backend=(f"replay · {h.backend} · {model}" + (f" · {describe_fork(h)}" if h.forked_from else ""),
                     f"replay · {h.backend} · {model}"),  # (the fork is said in the conversation too)
            step=f"step {self.current}/{len(self.replay.steps)}",
            approval=status_label(mode),
            reasoning=reasoning_meter(steps[-1].reasoning_tokens if steps else 0,
                                      budget if isinstance(budget, int) else None),
            context=context_field(checked, window if isinstance(window, int) else None),
            speed=f"{SPEEDS[self.speed_index]:g}×",
            state=("playing" if self.playing else "paused") + f" · outcome: {self.replay.outcome}",
            log=self.replay.path.name,
        )

    def theme_changed(self) -> None:
        if self.panes is not None:
            self._show_panes()

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

    def action_fork(self) -> None:
        """Leave the replay to go on live after the step shown, if the log allows it (else say why)."""
        try:
            check_step(self.replay, self.current)
            if not has_workspace_record(self.replay):
                raise ForkError("this log has no record of its workspace (an older smallops wrote it): its files "
                                "cannot be rebuilt, so it cannot be forked")
        except ForkError as exc:
            self.notify(visible(str(exc)), severity="warning", markup=False, timeout=8)
            return
        self.playing = False
        step = self.current

        def chosen(target: ForkTarget | None) -> None:
            if target is not None:
                self.post_message(ForkChosen(ForkRequest(self.replay.path, step, target.backend, target.url,
                                                         target.model), self.replay))

        self.app.push_screen(ForkScreen(step, self.fork_defaults), chosen)

    def action_quit(self) -> None:
        """Back to the sessions browser when the replay was opened from it; else the app ends."""
        if len(self.app.screen_stack) > 1 and self.app.screen is self:
            self.app.pop_screen()
        else:
            self.app.exit()

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
        """The next steps, event by event at the recorded pace, through the live renderer; a
        step played to its end stays as played (the same widgets stepping would mount)."""
        assert self.panes is not None
        panes = self.panes
        while self.playing and self.current < len(self.replay.steps):
            index = self.current
            step = self.replay.steps[index]
            self._fold_to(index + 1)
            scratch = SessionFold(workspace=self.replay.header.workspace)
            previous = step.events[0].t if step.events else 0.0
            thinking: list[str] = []
            answer: list[str] = []

            def flush(scratch: SessionFold = scratch, number: int = step.number, thinking: list[str] = thinking,
                      answer: list[str] = answer) -> None:
                if (thinking or answer) and scratch.turn is not None:
                    turn = scratch.add_deltas(number, "".join(thinking), "".join(answer))
                    panes.deltas(turn, "".join(thinking), "".join(answer))
                thinking.clear()
                answer.clear()

            for event in step.events:
                if not self.playing:
                    break
                wait = min(max(0.0, event.t - previous), MAX_PAUSE) / SPEEDS[self.speed_index]
                previous = event.t
                if wait > 0.01:
                    flush()
                    await asyncio.sleep(wait)
                match event:
                    case ReasoningText():
                        thinking.append(event.text)
                    case AnswerText():
                        answer.append(event.text)
                    case _:
                        flush()
                        panes.apply(scratch.apply(event), scratch)
            flush()
            if not self.playing:
                # Paused mid-step: show the whole step, as stepping would.
                if len(panes.step_widgets) > index:
                    panes.drop_last_step()
                self.goto(index + 1)
                break
            self.current = index + 1
            self._show_panes()
        self.playing = False
        self._status()


@dataclass(frozen=True)
class ForkRequest:
    """What the person chose to fork: the log, the step, and the server and model that go on."""

    log: Path
    step: int
    backend: str = ""
    url: str = ""
    model: str = ""



class ForkChosen(Message):
    """The person chose to fork (`f`, then the fork's dialog): the app starts the live session."""

    def __init__(self, request: ForkRequest, replay: Replay) -> None:
        super().__init__()
        self.request = request
        self.replay = replay
