"""The live app: three panes over one session, and the keys that decide.

The session (agent/session/loop.py) runs in an async worker and calls back into this app as its
`Decider`: a proposal arrives, the fold of the session's events draws it (ui/panes.py), and the
approval bar (ui/approval.py) answers with one `Choice`. Undo, cancel and stop are the
session's own commands; the app only offers them when the session says they apply. So is
steering: `a` (the approval mode), `m` (a message for the model's next turn) and, in the
command palette, switching the model (ui/model_switch.py).
"""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Callable, Iterable, Literal

from textual import on, work
from textual.app import ComposeResult
from textual.app import SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from .. import __version__
from ..agent.reply.actions import Action
from ..agent.reply.backend import Backend
from ..agent.session.decisions import Choice, Proposal
from ..agent.session.fold import SessionFold
from ..agent.session.config import NotNow, Resume, SessionConfig, SessionOutcome
from ..agent.log.events import (
    ApprovalModeChanged, BackendError, ContextChecked, Decision, Event, Executed, ModelLoading, ModelSwitched, Notice,
    ReasoningCut, ReasoningText, ReplyFinished, SessionEnded, StreamedText, TurnStarted,
)
from ..agent.session.loop import Session
from .meters import context_gauge, reasoning_meter
from ..agent.session.steering import mode_label, next_mode, status_label
from ..agent.files.visible import visible
from ..agent.files.workspace import Workspace, WorkspaceError
from ..backends.base import BackendInfo, backend_info
from ..backends.base import ModelInfo
from ..session_setup import new_session
from . import model_switch, palette_providers, settings_screen
from .approval import ARM_DELAY, Approval
from .attention import Signals, waiting_title
from .base import PANE_BINDINGS, PanesApp
from .conversation import Conversation
from .turn_view import TurnView
from .panes import compose_panes, title_panes
from .render import literal
from .screens import EditScreen, MessageScreen, QuitScreen, RejectScreen, TaskScreen
from .footer import PALETTE, FittingFooter
from .status import LIVE_GIVES_WAY, REASONING_GIVES_WAY, StatusBar
from .waiting import ANSWERING, WAITING, Wait

__all__ = ["ARM_DELAY", "SmallopsApp"]

def home_relative(path: Path) -> str:
    """`path` with the home directory written `~` (shorter, and still a path a shell takes)."""
    home = Path.home()
    return "~/" + str(path.relative_to(home)) if path.is_relative_to(home) else str(path)


FLUSH_INTERVAL = 1 / 20  # streamed text is appended to the screen at most this often (each time costs a frame)
WAITING_PLACEHOLDER = "waiting for the model…"


class SmallopsApp(PanesApp):
    TITLE = "smallops"
    BINDINGS = [
        Binding("y", "approve", "approve", id="approve", tooltip="approve (armed once the proposal is shown and "
                f"{ARM_DELAY * 1000:.0f} ms have passed; HIGH needs y twice)"),
        Binding("n", "reject", "reject", id="reject", tooltip="reject, with an optional reason sent to the model"),
        Binding("e", "edit", "edit", id="edit", tooltip="edit the proposal, then approve the edited version"),
        Binding("escape", "cancel_generation", "cancel", id="cancel", tooltip="cancel the model's reply or the running command"),
        Binding("w", "answer_now", "answer now", id="answer-now", tooltip="cut the reasoning now and ask for the action, as the "
                "thinking budget does"),
        Binding("r", "retry", "retry", id="retry", tooltip="retry the turn after an error or a cancel"),
        Binding("u", "undo", "undo", id="undo", tooltip="undo the last applied change (the model is told)"),
        Binding("s", "stop", "stop", id="stop", tooltip="stop the session (it is logged as stopped); press again to quit"),
        Binding("a", "cycle_approval", "approval", id="approval-mode", tooltip="approval mode: manual ↔ auto-approve LOW (MEDIUM, HIGH, "
                "flagged, edited, `done` and unparsed replies always wait for you); logged"),
        Binding("m", "message", "message", id="message", tooltip="a message for the model's next turn, without rejecting anything "
                "(logged, and sent with the next request)"),
        *PANE_BINDINGS,
        Binding("end", "follow", "follow", show=False, id="follow", tooltip="follow the newest text again"),
        Binding("comma", "settings", "settings", id="settings", tooltip="settings: theme, approval mode, sandbox, "
                "server and model, thinking budget, context window, signals (saved to config.toml)"),
        Binding("question_mark", "help", "help", id="help", tooltip="this help"),
        Binding("q", "quit", "quit", id="quit", tooltip="quit (asks first while a session runs; the log records the end)"),
    ]
    # What leaves the footer first when the terminal is too narrow for every key (ui/footer.py):
    # views and steering, which `?` and the palette still list; never the keys that decide, stop or quit.
    # The palette also finds themes, the server's models and the workspace's files (ui/palette_providers.py).
    COMMANDS = PanesApp.COMMANDS | set(palette_providers.PROVIDERS)
    FOOTER_GIVES_WAY = ("settings", "toggle_diff", "toggle_reasoning", "message", "cycle_approval", PALETTE, "help")
    HELP_FOOTNOTE = ("Enter and space never approve anything.  ctrl+p: every action in the command palette, and "
                     f"\"{model_switch.PALETTE_NAME}\": {model_switch.PALETTE_HELP}.")

    def __init__(self, backend: Backend, workspace: Workspace, config: SessionConfig | None, *,
                 backend_label: str = "", log_path: Path | None = None, theme: str = "smallops-dark",
                 on_theme_change: Callable[[str], None] | None = None, app_version: str = __version__,
                 resume: Resume | None = None, forked_from: dict[str, Any] | None = None,
                 signals: Signals | None = None, keymap: Mapping[str, str] | None = None) -> None:
        self.backend = backend
        self.resume = resume  # a fork: the session goes on from a logged one's step (agent/history/fork.py)
        self.forked_from = forked_from
        self.workspace = workspace
        self.session_config = config
        self.backend_label = backend_label
        self.log_path = log_path
        self.app_version = app_version
        self._on_theme_change = on_theme_change
        self.session: Session | None = None
        self.fold: SessionFold | None = None
        self.outcome: SessionOutcome | None = None
        self.proposal: Proposal | None = None
        self._decision: asyncio.Future[Choice] | None = None
        self._error_choice: asyncio.Future[str] | None = None
        self._pending: list[tuple[bool, str]] = []  # streamed deltas not yet on screen: (reasoning, text)
        self._flush_scheduled = False
        self._wait: Wait | None = None  # what the app is waiting on the model for, while it waits
        self._wait_second = -1
        self._quit_when_ended = False
        self._session_crashed = False  # the session's task itself raised (a bug): nothing is live
        self.rendered_proposals = 0  # counts proposals fully on screen (tests and benchmarks wait on it)
        self._status_fields: dict[str, Any] = {}
        self._meter_tokens = -1  # the reasoning count the status bar shows
        self._answer_begun = False  # the turn's answer text has begun to stream
        self._usable_keys: tuple[bool | str | None, ...] | None = None  # each key's state, and y's name
        self._approval: Approval | None = None
        # Last: setting the theme runs watch_theme, which needs the state above.
        super().__init__(theme, signals, keymap)

    # -- layout ----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from compose_panes(WAITING_PLACEHOLDER)
        yield StatusBar(id="status")
        yield FittingFooter(self.FOOTER_GIVES_WAY)

    @property
    def approval(self) -> Approval:
        if self._approval is None:
            self._approval = self.query_one(Approval)
        return self._approval

    @property
    def info(self) -> BackendInfo:
        info = backend_info(self.backend)
        # A switch is applied when the next request is built; the status bar names it at once.
        model = self.session.model if self.session is not None else info.model
        return BackendInfo(self.backend_label or info.kind, info.url, model, info.needs_load)

    def on_mount(self) -> None:
        title_panes(self)
        self.mount_panes()
        self.keep_long_lived_objects_out_of_gc()
        self.handle_termination_signals()
        self.report_theme_errors()
        self._status()
        self._wait_timer = self.set_interval(0.1, self._show_wait, pause=True)
        self._theme_ready = True  # from here on a theme change is the person's choice, and persists
        self._warm_highlighting()
        self.attention.begin()
        if self.session_config is None or not self.session_config.task:
            self.wait_for_person("waiting: the task")
            self.push_screen(TaskScreen(), self._task_given)
        else:
            self.start_session()

    @work(thread=True, exit_on_error=False, group="warm")
    def _warm_highlighting(self) -> None:
        """Pay pygments' one-time costs (finding lexers, compiling their rules) before the first diff."""
        from ..agent.files.syntax import lexer_for

        suffixes = {Path(name).suffix for name in self.workspace.walk_files()[:500]} | {".py", ".sh"}
        for suffix in sorted(s for s in suffixes if s):
            lexer = lexer_for("x" + suffix)
            if lexer is not None:
                list(lexer.get_tokens("x = 1\n"))

    def _task_given(self, task: str | None) -> None:
        if not task:
            return
        if self.session_config is None:
            self.session_config = SessionConfig(task=task)
        else:
            self.session_config.task = task
        self.start_session()

    def watch_theme(self, old: str, new: str) -> None:
        if getattr(self, "_theme_ready", False):
            if self.panes is not None:
                self.panes.redraw()
            if self._on_theme_change is not None and old != new:
                try:
                    self._on_theme_change(new)
                except (OSError, ValueError) as exc:  # the choice applies; only saving it failed
                    self.notify(f"the theme could not be saved to the config file: {exc}", severity="warning",
                                markup=False)

    # -- the session -----------------------------------------------------------------------------

    @work(exclusive=True, group="session", exit_on_error=False)
    async def start_session(self) -> None:
        assert self.session_config is not None and self.panes is not None
        self.session = new_session(self.backend, self.workspace, self.session_config, self, log_path=self.log_path,
                                   app_version=self.app_version, info=self.info, resume=self.resume,
                                   forked_from=self.forked_from)
        self.fold = SessionFold.of_header(self.session.header)
        self.panes.preamble(self.fold.preamble)
        self.session.listeners.append(self.on_session_event)
        self._status(sandbox=(self.session.sandbox.label(), self.session.sandbox.label(bounds=False)))
        if self.session.sandbox.note:  # off, or a sandbox with less than it should have (no namespaces)
            self.notify(self.session.sandbox.note, severity="warning", timeout=10)
        try:
            self.outcome = await self.session.run()
        except Exception as exc:  # never a traceback on screen: say what happened, keep the log
            self._session_crashed = True
            self._end_wait()
            self.query_one(Conversation).note(literal(f"the session failed: {type(exc).__name__}: {exc}"),
                                              "outcome-failed")
            self._status(state="failed")
            if self._quit_when_ended:
                self.exit(None)
            return
        if self._quit_when_ended:
            self.exit(self.outcome)
            return
        # The whole path, folded over as many lines as it needs: a path
        # cut at the pane's edge cannot be found again (the bar grows to six lines at the end).
        log = f"   log: {home_relative(self.log_path)}" if self.log_path is not None else ""
        self.approval.hint(f"{self.keys_for('quit')}: quit{log}")

    # Decider protocol --------------------------------------------------------------------------

    async def decide(self, proposal: Proposal) -> Choice:
        self.proposal = proposal
        self._flush_deltas()
        self._decision = asyncio.get_running_loop().create_future()
        self.approval.ask(proposal)  # arms once drawn; the footer follows (see on_approval_armed)
        self.wait_for_person(waiting_title(proposal))
        try:
            return await self._decision
        finally:
            self._decision = None
            if self.approval.proposal is proposal:
                self.approval.withdraw()  # the session moved on without an answer (stop, an undo)
            self._refresh_keys()

    @on(Approval.Decided)
    def _decided(self, message: Approval.Decided) -> None:
        if self._decision is not None and not self._decision.done() and message.proposal is self.proposal:
            self._decision.set_result(message.choice)

    @on(Approval.Armed)
    def _armed(self) -> None:
        self.rendered_proposals += 1
        # The footer rebuild costs ~80 ms, so it comes after the proposal and its diff are on
        # screen; keys are checked when pressed, whatever the footer shows meanwhile.
        self.call_after_refresh(self._refresh_keys)

    async def after_backend_error(self, kind: str, message: str) -> Literal["retry", "stop"]:
        self._error_choice = asyncio.get_running_loop().create_future()
        self.approval.hint(f"{self.keys_for('retry')}: retry the turn   {self.keys_for('stop')}: stop")
        self.wait_for_person(f"waiting: {kind} ({self.keys_for('retry')} retry, {self.keys_for('stop')} stop)")
        self._refresh_keys()
        try:
            return await self._error_choice  # type: ignore[return-value]
        finally:
            self._error_choice = None
            self._refresh_keys()

    # events from the session -------------------------------------------------------------------

    def on_session_event(self, event: Event) -> None:
        if isinstance(event, StreamedText):
            self._streamed(event)
            return
        self._flush_deltas()
        assert self.fold is not None and self.panes is not None
        change = self.fold.apply(event)
        self.panes.apply(change, self.fold, WAITING_PLACEHOLDER if self._wait is None else "")
        self._on_model(event)
        self._on_step(event)

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

    # -- state tests and benchmarks read --------------------------------------------------------

    @property
    def armed(self) -> bool:
        """Whether `y` would count now (tests poll this instead of sleeping)."""
        return self.approval.armed

    @property
    def clock(self) -> Callable[[], float]:
        """The arming delay's clock (a test can drive it)."""
        return self.approval.clock

    @clock.setter
    def clock(self, value: Callable[[], float]) -> None:
        self.approval.clock = value

    @property
    def awaiting_decision(self) -> bool:
        return self._decision is not None and not self._decision.done()

    def turn_views(self) -> list[TurnView]:
        return list(self.query(TurnView))

    @property
    def log_failing(self) -> bool:
        """Whether the session log is failing to reach the disk right now."""
        return self.session is not None and self.session.log is not None and self.session.log.failing

    def _status(self, **changes: Any) -> None:
        self._status_fields.update(changes)
        f = self._status_fields
        config = self.session_config
        cap = config.step_cap if config else "?"
        speed = f.get("speed")
        info = self.info
        bar = self.query_one(StatusBar)
        reasoning_now = self.session is not None and self.session.can_answer_now
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

    # -- keys ------------------------------------------------------------------------------------

    def _refresh_keys(self) -> None:
        """Redraw the footer only when the set of usable keys changed: a redraw rebuilds it."""
        usable: tuple[bool | str | None, ...] = tuple(self.check_action(b.action, ()) for b in self.BINDINGS
                                                      if isinstance(b, Binding))
        usable += (self.in_footer("undo"), self.footer_description("approve", "approve"))
        if usable != self._usable_keys:
            self._usable_keys = usable
            self.refresh_bindings()

    @property
    def approval_mode(self) -> str:
        """The mode in force: the session's, or the one it will start in."""
        if self.session is not None:
            return self.session.approval_mode
        return self.session_config.approval_mode if self.session_config is not None else "manual"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("approve", "reject", "edit"):
            return self.awaiting_decision and self.approval.allows(action)
        if action == "retry":
            return self._error_choice is not None and not self._error_choice.done()
        if action == "cancel_generation":
            return self.session is not None and self.session.can_cancel
        if action == "answer_now":
            return self.session is not None and self.session.can_answer_now
        if action == "undo":  # (with nothing to undo, u says so: the footer leaves it out, see in_footer)
            return self.session is not None and self.session.waiting_on_person
        if action in ("cycle_approval", "message"):
            return self.session_live
        return True

    def in_footer(self, action: str) -> bool:
        """Whether the footer shows a usable key now: `u` only when there is something to undo."""
        if action == "undo":
            return self.session is not None and self.session.can_undo
        return True

    def footer_description(self, action: str, description: str) -> str:
        """What the footer calls a key now: `y` on a reply that could not be used sends it back,
        as the approval bar and the conversation say (nothing is approved)."""
        if action == "approve" and self.proposal is not None and self.proposal.action is None:
            return "send back"
        return description

    def action_approve(self) -> None:
        if self.awaiting_decision:
            self.approval.approve()

    def action_reject(self) -> None:
        proposal = self.proposal
        if not self.awaiting_decision or proposal is None or proposal.action is None:
            return

        def rejected(reason: str | None) -> None:
            if reason is not None and self.approval.proposal is proposal:
                self.approval.reject(reason)

        self.push_screen(RejectScreen(proposal.action.action), rejected)

    def action_edit(self) -> None:
        proposal = self.proposal
        if not self.awaiting_decision or proposal is None or proposal.action is None:
            return
        vocabulary = self.session_config.vocabulary if self.session_config else "seed"

        def edited(action: Action | None) -> None:
            if action is not None and self.approval.proposal is proposal:
                self.approval.edit(action)

        self.push_screen(EditScreen(proposal.action, vocabulary), edited)

    def action_cancel_generation(self) -> None:
        if self.session is None:
            return
        cancelled = self.session.cancel()
        if cancelled:
            self.notify(f"{cancelled} cancelled")

    def action_answer_now(self) -> None:
        if self.session is not None and self.session.answer_now():
            self.notify("reasoning cut: the model is asked for its action now")

    def action_retry(self) -> None:
        if self._error_choice is not None and not self._error_choice.done():
            self._error_choice.set_result("retry")

    def action_undo(self) -> None:
        if self.session is None:
            return
        try:
            path = self.session.undo()
        except (NotNow, WorkspaceError) as exc:
            self.notify(visible(str(exc)), severity="error", markup=False)
            return
        if path is None:
            self.notify("nothing to undo: no change of this session is left to put back",
                        markup=False)
        self._refresh_keys()  # `u` leaves the footer once the last change is undone

    def action_stop(self) -> None:
        if self.outcome is not None:
            self.exit(self.outcome)
            return
        if self.session is not None:
            self.session.request_stop("stopped by the person")

    # -- steering --------------------------------------------------------------------------------

    def action_cycle_approval(self) -> None:
        mode = next_mode(self.approval_mode)
        if self.session is None:
            if self.session_config is not None:
                self.session_config.approval_mode = mode
        else:
            try:
                self.session.set_approval_mode(mode)
            except NotNow as exc:
                self.notify(str(exc), severity="warning", markup=False)
                return
        self._status()
        if mode == "auto-low":
            self.notify("approval mode: auto-approve LOW. LOW actions run without a key; MEDIUM, HIGH, refused, "
                        "flagged, edited, re-shown, `done` and unparsed replies still wait for you. "
                        f"{self.keys_for('approval-mode')}: back to manual",
                        markup=False)
        else:
            self.notify(f"approval mode: {mode_label(mode)}: every action waits for you", markup=False)

    def action_message(self) -> None:
        session = self.session
        if session is None or not self.session_live:
            return
        when = ("with the feedback of this step" if session.state in ("assessing", "deciding", "executing")
                else "with the next request" if session.state == "waiting_retry"
                else "with its next turn (the reply under way is not interrupted)")

        def send(text: str | None) -> None:
            if text is None or self.session is not session:
                return
            try:
                session.add_message(text)
            except (NotNow, ValueError) as exc:
                self.notify(str(exc), severity="warning", markup=False)
                return
            self.notify("message kept for the model's next turn", markup=False)

        self.push_screen(MessageScreen(when), send)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand(model_switch.PALETTE_NAME, model_switch.PALETTE_HELP, self.choose_model)

    @work(exclusive=True, group="models", exit_on_error=False)
    async def choose_model(self) -> None:
        """The palette's "Switch model": the server's models in a second palette."""
        session = self.session
        if session is None or not self.session_live:
            self.notify("no session is running: there is no next turn to switch the model for", severity="warning")
            return
        models, why_not = await model_switch.available_models(self.backend)
        if why_not is not None:
            self.notify(visible(why_not), severity="warning", markup=False, timeout=10)
            return
        current = session.model
        self.search_commands(model_switch.commands(models, current, self.switch_model_to),
                             placeholder="Switch to which model?")

    def switch_model_to(self, model: ModelInfo) -> None:
        session = self.session
        if session is None or not self.session_live:
            self.notify("the session has ended; the model was not switched", severity="warning")
            return
        try:
            said = model_switch.switch(session, model)
        except (NotNow, ValueError) as exc:
            self.notify(visible(str(exc)), severity="warning", markup=False)
            return
        self.notify(said, markup=False)
        self._status()
        self._mark_cold_load(model.name)

    @work(group="cold-load", exit_on_error=False)
    async def _mark_cold_load(self, model: str) -> None:
        await model_switch.mark_cold_load(self.backend, model)

    def action_settings(self) -> None:
        settings_screen.open_settings(self)

    def action_follow(self) -> None:
        self.query_one(Conversation).follow()

    @property
    def session_live(self) -> bool:
        return (self.session is not None and self.outcome is None and not self.session.ended
                and not self._session_crashed)

    async def action_quit(self) -> None:
        if not self.session_live:
            self.exit(self.outcome)
            return
        if isinstance(self.screen, QuitScreen) or self._quit_when_ended:
            return

        def answered(quit_now: bool | None) -> None:
            if quit_now:
                self.quit_session()

        self.push_screen(QuitScreen(), answered)

    def on_termination_signal(self, sig: int) -> None:
        if sig == signal.SIGHUP:
            self.hang_up()
        elif self.session_live:
            self.quit_session(f"the app received {signal.Signals(sig).name}")
        else:
            self.exit(self.outcome)

    def hang_up(self) -> None:
        if self.session is not None and self.session_live:
            self.session.abort("the terminal closed (SIGHUP)")
        super().hang_up()

    def quit_session(self, reason: str = "quit by the person") -> None:
        """End the session as stopped (logged), then exit once it has ended."""
        self._quit_when_ended = True
        if self.session is not None:
            self.session.request_stop(reason)
        # Should the session not end (a step that does not listen), the app still goes; the
        # session, cancelled on the way out, still writes its end to the log.
        self.set_timer(10, lambda: self.exit(self.outcome))

