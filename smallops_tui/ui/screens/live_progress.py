"""What the live screen says while the session works on its own: the model's reply streamed into
the panes (gathered, drawn at most every FLUSH_INTERVAL), the waiting line, the reasoning meter,
the status bar, and the terminal's title (ui/attention.py) as the model's turn and each step go.

One object, held by the live screen (ui/screens/live.py), reading the session's state from
LiveState and asking LiveKeys to rebuild the footer when what the keys do may have changed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.timer import Timer

from ...agent.log.events import (
    ApprovalModeChanged, BackendError, ContextChecked, Decision, Event, Executed, ModelLoading, ModelSwitched, Notice,
    ReasoningCut, ReasoningText, ReplyFinished, SessionEnded, StreamedText, TurnStarted,
)
from ...agent.log.writer import LOG_NOTICE
from ...agent.session.steering import status_label
from ..attention import Attention
from ..render import literal_str
from ..meters import context_field, context_gauge, reasoning_meter
from ..waiting import ANSWERING, WAITING, Wait
from ..widgets.approval import Approval
from ..widgets.status import LIVE_GIVES_WAY, REASONING_GIVES_WAY, StatusBar
from .live_keys import LiveKeys
from .live_state import LiveState
from .panes_screen import PanesScreen

FLUSH_INTERVAL = 1 / 20  # streamed text is appended to the screen at most this often (each time costs a frame)
WAIT_TICK = 0.1  # seconds between redraws of the waiting line
WAITING_PLACEHOLDER = "waiting for the model…"


def home_relative(path: Path) -> str:
    """`path` with the home directory written `~` (shorter, and still a path a shell takes)."""
    home = Path.home()
    return "~/" + str(path.relative_to(home)) if path.is_relative_to(home) else str(path)


class LiveProgress:
    """How the session's progress is drawn: the panes as events arrive, the waiting line, the
    status bar, the title."""

    def __init__(self, screen: PanesScreen, state: LiveState, keys: LiveKeys, approval: Callable[[], Approval],
                 attention: Attention) -> None:
        self.screen = screen
        self.state = state
        self.keys = keys
        self.approval = approval
        self.attention = attention
        self._pending: list[tuple[bool, str]] = []  # streamed deltas not yet on screen: (reasoning, text)
        self._flush_scheduled = False
        self._wait: Wait | None = None  # what the screen is waiting on the model for, while it waits
        self._wait_second = -1
        self._wait_timer: Timer | None = None
        self._status_fields: dict[str, Any] = {}
        self._meter_tokens = -1  # the reasoning count the status bar shows
        self._answer_begun = False  # the turn's answer text has begun to stream
        self._truncated = False  # the last context check found the prompt cut

    def mounted(self) -> None:
        """The screen is up: the status bar's first line, and the waiting line's clock (paused)."""
        self.status()
        self._wait_timer = self.screen.set_interval(WAIT_TICK, self.show_wait, pause=True)

    @property
    def waiting(self) -> bool:
        """Whether the screen waits on the model (the waiting line is up)."""
        return self._wait is not None

    # -- the session's events ---------------------------------------------------------------------

    def event(self, event: Event) -> None:
        """One event of the session: folded, drawn, and the keys, the status bar and the title follow."""
        if isinstance(event, StreamedText):
            self._streamed(event)
            return
        self.flush()
        panes, fold = self.screen.panes, self.state.fold
        assert fold is not None and panes is not None
        change = fold.apply(event)
        panes.apply(change, fold, WAITING_PLACEHOLDER if self._wait is None else "")
        if change.new_step and panes.folded:
            fold.forget(before=panes.shown_steps[0].number)  # folded away: the log keeps it, memory need not
        self._on_model(event)
        self._on_step(event)

    def _streamed(self, event: StreamedText) -> None:
        """A chunk of the reply: gathered, and put on screen at most every FLUSH_INTERVAL."""
        if self._wait is not None and self._wait.label is not ANSWERING:
            self._wait.label = ANSWERING
            self.show_wait(layout=True)  # a new label may wrap differently: laid out once
            self.status(state="streaming")
            self.title("streaming")
        reasoning = isinstance(event, ReasoningText)
        self._pending.append((reasoning, event.text))
        if self._answer_now_changes(reasoning):
            self.keys.refresh()  # `w` applies while reasoning streams, and only then
        if not self._flush_scheduled:
            self._flush_scheduled = True
            self.screen.set_timer(FLUSH_INTERVAL, self.flush)

    def _on_model(self, event: Event) -> None:
        """The waiting line, the keys and the status bar as the model's turn goes."""
        match event:
            case TurnStarted():
                self._begin_wait(WAITING)
                self.approval().hint(f"{self.screen.keys_for('cancel')}: cancel   "
                                     f"{self.screen.keys_for('stop')}: stop the session")
                self.keys.refresh()
                self._meter_tokens, self._answer_begun = -1, False
                self.status(step=event.step, state="waiting for the model", reasoning=self._meter_text(0))
                self.title("waiting for the model")
            case ReasoningCut():
                self.keys.refresh()
                self._show_meter()
            case ContextChecked():
                self._on_context(event)
            case ModelLoading():
                self._begin_wait(event.text)
                self.status(state="loading the model")
                self.title("loading the model")
            case ReplyFinished():
                self.end_wait()  # the pane keeps the last line until the proposal replaces it
                self.keys.refresh()
                self.status(speed=event.tokens_per_second, state="")
            case BackendError():
                self.end_wait()
                assert self.screen.panes is not None
                self.screen.panes.redraw()
                self.status(state="cancelled" if event.kind == "cancelled" else f"backend error ({event.kind})")

    def _on_context(self, event: ContextChecked) -> None:
        """The gauge at every check; a toast only when the prompt starts being cut (or first
        passes 80%): an alarm is a state the status bar holds, not a toast a step."""
        self.status(context=context_field(event))
        began, self._truncated = event.truncated and not self._truncated, event.truncated
        if began:
            self.screen.notify("the model did not see the whole conversation: the server cut off its oldest part "
                               "(see the conversation)", severity="error", timeout=10, markup=False)
        elif event.crossed:
            self.screen.notify(f"the prompt fills {event.percent:.0f}% of the model's context window",
                               severity="warning", timeout=6, markup=False)

    def _on_step(self, event: Event) -> None:
        """The keys and the status bar as a step is decided, runs, and the session ends."""
        state, fold = self.state, self.state.fold
        match event:
            case Decision() if fold is not None and fold.current is not None and fold.current.pane.running is not None:
                # (the fold knows what was approved: an auto-approved step never reached `decide`)
                self.approval().hint(f"{self.screen.keys_for('cancel')}: cancel the command   "
                                     f"{self.screen.keys_for('stop')}: stop the session")
                self.status(state="running a command")
                self.title("running a command")
                self.keys.refresh()
            case Executed():
                self.approval().hint("")
                self.status(state="")
                self.keys.refresh()
            case Notice() if state.session is not None and state.session.log is not None \
                    and (state.log_failing or event.text.startswith(LOG_NOTICE)):
                # The log's trouble (or its recovery) must not scroll by unseen: a toast and the status bar.
                # Shown literally: a notice may quote the model (a name, a path) while the log is failing.
                self.screen.notify(literal_str(event.text), severity="error" if state.log_failing else "information",
                                   timeout=10, markup=False)
                self.status()
            case ApprovalModeChanged() | ModelSwitched():
                self.status()
            case SessionEnded():
                self.end_wait()
                assert self.screen.panes is not None
                self.screen.panes.redraw()
                self.keys.refresh()
                self.status(state=f"ended: {event.reason}")
                self.wait_for_person("done" if event.reason == "done" else f"ended: {event.reason.replace('_', ' ')}")

    # -- the terminal's title and the signal (ui/attention.py) -------------------------------------

    def title(self, doing: str) -> None:
        """The title while the session works on its own: `smallops — step 3 · streaming`."""
        step = self.state.session.step if self.state.session is not None else 0
        self.attention.title(f"step {step} · {doing}")

    def wait_for_person(self, title: str) -> None:
        """The app needs the person: the title says so and, if they look elsewhere, the bell and a
        notification call them."""
        self.attention.title(title)
        self.attention.call(title)

    # -- the streamed text --------------------------------------------------------------------------

    def flush(self) -> None:
        """The deltas gathered since the last flush, on screen in one go."""
        self._flush_scheduled = False
        state, panes = self.state, self.screen.panes
        if not self._pending or state.fold is None or panes is None or state.session is None:
            return
        pending, self._pending = self._pending, []
        self._show_meter()
        thinking = "".join(text for reasoning, text in pending if reasoning)
        answer = "".join(text for reasoning, text in pending if not reasoning)
        turn = state.fold.add_deltas(state.session.step, thinking, answer)
        panes.deltas(turn, thinking, answer)

    def _answer_now_changes(self, reasoning: bool) -> bool:
        """Whether this delta may change whether `w` applies: the turn's first reasoning, or its
        first answer text (the footer is rebuilt only then)."""
        session = self.state.session
        if session is None:
            return False
        if reasoning:
            return session.reasoning_tokens == 1
        if not self._answer_begun:
            self._answer_begun = True
            return True
        return False

    def _meter_text(self, tokens: int) -> str | tuple[str, str]:
        """The meter, and its short form for a narrow terminal (`reasoning 312`)."""
        config = self.state.config
        text = reasoning_meter(tokens, config.think_budget if config else None)
        return (text, text.removesuffix(" tok")) if text else ""

    def _show_meter(self) -> None:
        """The reasoning meter, when its count changed (once per screen flush while reasoning streams)."""
        session = self.state.session
        if session is None or session.reasoning_tokens == self._meter_tokens:
            return
        self._meter_tokens = session.reasoning_tokens
        self.status(reasoning=self._meter_text(self._meter_tokens))

    # -- the waiting line -------------------------------------------------------------------------

    def _begin_wait(self, label: str) -> None:
        self._wait = Wait(label)
        self.show_wait(layout=True)
        if self._wait_timer is not None:
            self._wait_timer.resume()

    def end_wait(self) -> None:
        self._wait = None
        if self._wait_timer is not None:
            self._wait_timer.pause()

    def show_wait(self, layout: bool = False) -> None:
        """The waiting line, ten times a second — once a second while the answer streams, which
        moves on screen by itself (each redraw is a frame) — one line in place of one line, so no
        new layout."""
        panes = self.screen.panes
        if self._wait is None or panes is None:
            return
        second = int(time.monotonic() - self._wait.started)
        if not layout and self._wait.label is ANSWERING and second == self._wait_second:
            return
        self._wait_second = second
        panes.set_proposal(self._wait.text(), layout=layout)

    # -- the status bar ----------------------------------------------------------------------

    def status(self, **changes: Any) -> None:
        """The status bar again, with `changes` to the fields the progress keeps (step, state, …)."""
        self._status_fields.update(changes)
        f = self._status_fields
        state, config = self.state, self.state.config
        cap = state.step_cap
        speed = f.get("speed")
        info = state.info
        bar = self.screen.query_one(StatusBar)
        reasoning_now = state.session is not None and state.session.controls.can_answer_now
        bar.gives_way = REASONING_GIVES_WAY if reasoning_now else LIVE_GIVES_WAY
        bar.show(
            approval=status_label(state.approval_mode),
            backend=(f"{info.kind} · {info.model}", info.model or info.kind),
            constrained=f"constrained {'on' if (config is None or config.constrained) else 'off'}",
            sandbox=f.get("sandbox", ""),
            step=f"step {f.get('step', 0)}/{cap}",
            reasoning=f.get("reasoning", ""),
            context=f.get("context", self._context_placeholder()),
            speed=f"{speed:.0f} tok/s" if speed else "",
            log=("LOG NOT WRITTEN: the disk refuses it (events held in memory)" if state.log_failing else
                 f"log {home_relative(state.log_path)}" if state.log_path else "no log"),
            state=f.get("state", ""),
        )

    def _context_placeholder(self) -> str:
        """Before the first check: the window alone (nothing when it is unknown: no gauge without a
        window, see --context)."""
        config = self.state.config
        return context_gauge(None, config.context_window if config is not None else None)
