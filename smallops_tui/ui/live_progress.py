"""What the live screen says while the session works on its own: the model's reply streamed into
the panes (gathered, drawn at most every FLUSH_INTERVAL), the waiting line, the reasoning meter,
the status bar, and the terminal's title (ui/attention.py) as the model's turn and each step go.

The live screen (ui/live_screen.py) builds on this; the keys that decide are there.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from textual.timer import Timer

from ..agent.log.events import (
    ApprovalModeChanged, BackendError, ContextChecked, Decision, Event, Executed, ModelLoading, ModelSwitched, Notice,
    ReasoningCut, ReasoningText, ReplyFinished, SessionEnded, StreamedText, TurnStarted,
)
from ..agent.reply.backend import Backend
from ..agent.session.config import SessionConfig, SessionOutcome
from ..agent.session.decisions import Choice, Proposal
from ..agent.session.fold import SessionFold
from ..agent.session.loop import Session
from ..agent.session.steering import status_label
from ..backends.base import BackendInfo, backend_info
from .approval import Approval
from .attention import Attention
from .base import PanesScreen
from .meters import context_gauge, reasoning_meter
from .status import LIVE_GIVES_WAY, REASONING_GIVES_WAY, StatusBar
from .waiting import ANSWERING, WAITING, Wait

if TYPE_CHECKING:
    from .app import SmallopsApp

FLUSH_INTERVAL = 1 / 20  # streamed text is appended to the screen at most this often (each time costs a frame)
WAITING_PLACEHOLDER = "waiting for the model…"


def home_relative(path: Path) -> str:
    """`path` with the home directory written `~` (shorter, and still a path a shell takes)."""
    home = Path.home()
    return "~/" + str(path.relative_to(home)) if path.is_relative_to(home) else str(path)


class LiveProgress(PanesScreen):
    """The session's state as the live screen holds it, and how its progress is drawn."""

    backend: Backend
    backend_label: str
    log_path: Path | None
    session_config: SessionConfig | None
    session: Session | None
    fold: SessionFold | None
    outcome: SessionOutcome | None
    proposal: Proposal | None
    _decision: asyncio.Future[Choice] | None
    _pending: list[tuple[bool, str]]  # streamed deltas not yet on screen: (reasoning, text)
    _flush_scheduled: bool
    _wait: Wait | None  # what the screen is waiting on the model for, while it waits
    _wait_second: int
    _wait_timer: Timer
    _status_fields: dict[str, Any]
    _meter_tokens: int  # the reasoning count the status bar shows
    _answer_begun: bool  # the turn's answer text has begun to stream
    _approval: Approval | None
    _session_crashed: bool  # the session's task itself raised (a bug): nothing is live

    @property
    def attention(self) -> Attention:
        """The app's title and signal (one per app, whatever screen is in front)."""
        return cast("SmallopsApp", self.app).attention

    @property
    def approval(self) -> Approval:
        if self._approval is None:
            self._approval = self.query_one(Approval)
        return self._approval

    @property
    def info(self) -> BackendInfo:
        info = backend_info(self.backend)
        # A switch is applied when the next request is built; the status bar names it at once.
        model = self.session.controls.model if self.session is not None else info.model
        return BackendInfo(self.backend_label or info.kind, info.url, model, info.needs_load)

    @property
    def approval_mode(self) -> str:
        """The mode in force: the session's, or the one it will start in."""
        if self.session is not None:
            return self.session.approval_mode
        return self.session_config.approval_mode if self.session_config is not None else "manual"

    @property
    def session_live(self) -> bool:
        return (self.session is not None and self.outcome is None and not self.session.ended
                and not self._session_crashed)

    def _refresh_keys(self) -> None:
        """Redraw the footer only when the set of usable keys changed (the live screen's)."""
        raise NotImplementedError

    def _streamed(self, event: StreamedText) -> None:
        """A chunk of the reply: gathered, and put on screen at most every FLUSH_INTERVAL."""
        if self._wait is not None and self._wait.label is not ANSWERING:
            self._wait.label = ANSWERING
            self._show_wait(layout=True)  # a new label may wrap differently: laid out once
            self._status(state="streaming")
            self._title("streaming")
        reasoning = isinstance(event, ReasoningText)
        self._pending.append((reasoning, event.text))
        if self._answer_now_changes(reasoning):
            self._refresh_keys()  # `w` applies while reasoning streams, and only then
        if not self._flush_scheduled:
            self._flush_scheduled = True
            self.set_timer(FLUSH_INTERVAL, self._flush_deltas)

    def _on_model(self, event: Event) -> None:
        """The waiting line, the keys and the status bar as the model's turn goes."""
        match event:
            case TurnStarted():
                self._begin_wait(WAITING)
                self.approval.hint(f"{self.keys_for('cancel')}: cancel   {self.keys_for('stop')}: stop the session")
                self._refresh_keys()
                self._meter_tokens, self._answer_begun = -1, False
                self._status(step=event.step, state="waiting for the model", reasoning=self._meter_text(0))
                self._title("waiting for the model")
            case ReasoningCut():
                self._refresh_keys()
                self._show_meter()
            case ContextChecked():
                self._on_context(event)
            case ModelLoading():
                self._begin_wait(event.text)
                self._status(state="loading the model")
                self._title("loading the model")
            case ReplyFinished():
                self._end_wait()  # the pane keeps the last line until the proposal replaces it
                self._refresh_keys()
                self._status(speed=event.tokens_per_second, state="")
            case BackendError():
                self._end_wait()
                assert self.panes is not None
                self.panes.redraw()
                self._status(state="cancelled" if event.kind == "cancelled" else f"backend error ({event.kind})")

    def _on_context(self, event: ContextChecked) -> None:
        self._status(context=context_gauge(event))
        if event.truncated:
            self.notify("the model did not see the whole conversation: the server cut off its oldest part "
                        "(see the conversation)", severity="error", timeout=10, markup=False)
        elif event.crossed:
            self.notify(f"the prompt fills {event.percent:.0f}% of the model's context window",
                        severity="warning", timeout=6, markup=False)

    def _on_step(self, event: Event) -> None:
        """The keys and the status bar as a step is decided, runs, and the session ends."""
        match event:
            case Decision() if self.fold is not None and self.fold.current is not None \
                    and self.fold.current.pane.running is not None:
                # (the fold knows what was approved: an auto-approved step never reached `decide`)
                self.approval.hint(f"{self.keys_for('cancel')}: cancel the command   "
                                  f"{self.keys_for('stop')}: stop the session")
                self._status(state="running a command")
                self._title("running a command")
                self._refresh_keys()
            case Executed():
                self.approval.hint("")
                self._status(state="")
                self._refresh_keys()
            case Notice() if self.session is not None and self.session.log is not None \
                    and (self.log_failing or "session log" in event.text):
                # The log's trouble (or its recovery) must not scroll by unseen: a toast and the status bar.
                self.notify(event.text, severity="error" if self.log_failing else "information", timeout=10,
                            markup=False)
                self._status()
            case ApprovalModeChanged() | ModelSwitched():
                self._status()
            case SessionEnded():
                self._end_wait()
                assert self.panes is not None
                self.panes.redraw()
                self._refresh_keys()
                self._status(state=f"ended: {event.reason}")
                self.wait_for_person("done" if event.reason == "done" else f"ended: {event.reason.replace('_', ' ')}")

    # -- the terminal's title and the signal (ui/attention.py) -------------------------------------

    def _title(self, doing: str) -> None:
        """The title while the session works on its own: `smallops — step 3 · streaming`."""
        step = self.session.step if self.session is not None else 0
        self.attention.title(f"step {step} · {doing}")

    def wait_for_person(self, title: str) -> None:
        """The app needs the person: the title says so and, if they look elsewhere, the bell and a
        notification call them."""
        self.attention.title(title)
        self.attention.call(title)

    def _flush_deltas(self) -> None:
        self._flush_scheduled = False
        if not self._pending or self.fold is None or self.panes is None or self.session is None:
            return
        pending, self._pending = self._pending, []
        self._show_meter()
        thinking = "".join(text for reasoning, text in pending if reasoning)
        answer = "".join(text for reasoning, text in pending if not reasoning)
        turn = self.fold.add_deltas(self.session.step, thinking, answer)
        self.panes.deltas(turn, thinking, answer)

    def _answer_now_changes(self, reasoning: bool) -> bool:
        """Whether this delta may change whether `w` applies: the turn's first reasoning, or its
        first answer text (the footer is rebuilt only then)."""
        if self.session is None:
            return False
        if reasoning:
            return self.session.reasoning_tokens == 1
        if not self._answer_begun:
            self._answer_begun = True
            return True
        return False

    def _meter_text(self, tokens: int) -> str:
        budget = self.session_config.think_budget if self.session_config else None
        return reasoning_meter(tokens, budget)

    def _show_meter(self) -> None:
        """The reasoning meter, when its count changed (once per screen flush while reasoning streams)."""
        if self.session is None or self.session.reasoning_tokens == self._meter_tokens:
            return
        self._meter_tokens = self.session.reasoning_tokens
        self._status(reasoning=self._meter_text(self._meter_tokens))

    def _begin_wait(self, label: str) -> None:
        self._wait = Wait(label)
        self._show_wait(layout=True)
        self._wait_timer.resume()

    def _end_wait(self) -> None:
        self._wait = None
        self._wait_timer.pause()

    def _show_wait(self, layout: bool = False) -> None:
        """The waiting line, ten times a second — once a second while the answer streams, which
        moves on screen by itself (each redraw is a frame) — one line in place of one line, so no
        new layout."""
        if self._wait is None or self.panes is None:
            return
        second = int(time.monotonic() - self._wait.started)
        if not layout and self._wait.label is ANSWERING and second == self._wait_second:
            return
        self._wait_second = second
        self.panes.set_proposal(self._wait.text(), layout=layout)


    # -- the status bar ----------------------------------------------------------------------

    @property
    def log_failing(self) -> bool:
        """Whether the session log is failing to reach the disk right now."""
        return self.session is not None and self.session.log is not None and self.session.log.failing

    def _status(self, **changes: Any) -> None:
        self._status_fields.update(changes)
        f = self._status_fields
        config = self.session_config
        cap = self.session.step_cap if self.session is not None else config.step_cap if config else "?"
        speed = f.get("speed")
        info = self.info
        bar = self.query_one(StatusBar)
        reasoning_now = self.session is not None and self.session.controls.can_answer_now
        bar.gives_way = REASONING_GIVES_WAY if reasoning_now else LIVE_GIVES_WAY
        bar.show(
            approval=status_label(self.approval_mode),
            backend=f"{info.kind} · {info.model}",
            constrained=f"constrained {'on' if (config is None or config.constrained) else 'off'}",
            sandbox=f.get("sandbox", ""),
            step=f"step {f.get('step', 0)}/{cap}",
            reasoning=f.get("reasoning", ""),
            context=f.get("context", self._context_placeholder()),
            speed=f"{speed:.0f} tok/s" if speed else "",
            log=("LOG NOT WRITTEN: the disk refuses it (events held in memory)" if self.log_failing else
                 f"log {home_relative(self.log_path)}" if self.log_path else "no log"),
            state=f.get("state", ""),
        )

    def _context_placeholder(self) -> str:
        """Before the first check: the window alone (nothing when it is unknown: no gauge without a
        window, see --context)."""
        config = self.session_config
        return context_gauge(None, config.context_window if config is not None else None)
