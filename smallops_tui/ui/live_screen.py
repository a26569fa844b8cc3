"""The live screen: three panes over one session, and the keys that decide.

The session (agent/session/loop.py) runs in an async worker and calls back into this screen as its
`Decider`: a proposal arrives, the fold of the session's events draws it (ui/panes.py), and the
approval bar (ui/approval.py) answers with one `Choice`. Undo, cancel and stop are the
session's own commands; the screen only offers them when the session says they apply. Steering
(`a`, `m`, switching the model) is in ui/live_steering.py, what is drawn while the model works in
ui/live_progress.py.
"""

from __future__ import annotations

import asyncio
import signal
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Awaitable
from typing import Any, Callable, Literal

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding

from .. import __version__
from ..agent.files.visible import visible
from ..agent.files.workspace import Workspace, WorkspaceError
from ..agent.log.events import Event, SessionHeader, StreamedText
from ..agent.reply.backend import Backend
from ..agent.reply.kinds import Action
from ..agent.session.config import Continuation, NotNow, Resume, SessionConfig, SessionOutcome
from ..agent.session.decisions import Choice, Proposal
from ..agent.session.fold import SessionFold
from ..session_setup import new_session
from . import model_switch, settings_screen
from .approval import ARM_DELAY, Approval
from .attention import waiting_title
from .base import PANE_BINDINGS
from .conversation import Conversation
from .footer import PALETTE, FittingFooter
from .live_progress import WAITING_PLACEHOLDER, home_relative
from .live_steering import LiveSteering
from .panes import compose_panes, title_panes
from .render import literal
from .screens import EditScreen, QuitScreen, RejectScreen, TaskScreen
from .status import StatusBar
from .turn_view import TurnView

__all__ = ["ARM_DELAY", "LiveScreen", "LiveStart"]


@dataclass
class LiveStart:
    """What a live session starts from: the backend, the workspace, its settings, where it logs;
    for a fork, where it goes on from (agent/history/fork.py)."""

    backend: Backend
    workspace: Workspace
    config: SessionConfig | None
    backend_label: str = ""
    log_path: Path | None = None
    app_version: str = __version__
    resume: Resume | None = None
    forked_from: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)  # said once the screen is up (a fork's rebuilding)
    taken_up: TakenUp | None = None  # a logged session to go on with (run --continue)


@dataclass
class TakenUp:
    """A logged session the screen goes on with (`run --continue`): where it stands, its header, and
    the view of everything it logged, shown before the next task."""

    continuation: Continuation
    header: SessionHeader
    fold: SessionFold


class LiveScreen(LiveSteering):
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
        Binding("c", "next_task", "next task", id="next-task", tooltip="once a task has ended: the next task, in the "
                "same session (the model sees the conversation so far; undo and the log go on)"),
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
    FOOTER_GIVES_WAY = ("settings", "toggle_diff", "toggle_reasoning", "message", "cycle_approval", PALETTE, "help")
    HELP_FOOTNOTE = ("Enter and space never approve anything.  ctrl+p: every action in the command palette, and "
                     f"\"{model_switch.PALETTE_NAME}\": {model_switch.PALETTE_HELP}.")

    def __init__(self, start: LiveStart) -> None:
        super().__init__()
        self.start = start
        self.backend = start.backend
        self.resume = start.resume  # a fork: the session goes on from a logged one's step
        self.forked_from = start.forked_from
        self.workspace = start.workspace
        self.session_config = start.config
        self.backend_label = start.backend_label
        self.log_path = start.log_path
        self.app_version = start.app_version
        self.session = None
        self.fold = None
        self.outcome = None
        self.proposal = None
        self._decision = None
        self._error_choice: asyncio.Future[str] | None = None
        self._pending = []
        self._flush_scheduled = False
        self._wait = None
        self._wait_second = -1
        self._quit_when_ended = False
        self._session_crashed = False
        self.rendered_proposals = 0  # counts proposals fully on screen (tests and benchmarks wait on it)
        self._status_fields = {}
        self._meter_tokens = -1
        self._answer_begun = False
        self._usable_keys: tuple[bool | str | None, ...] | None = None  # each key's state, and y's name
        self._approval = None

    # -- layout ----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from compose_panes(WAITING_PLACEHOLDER)
        yield StatusBar(id="status")
        yield FittingFooter(self.FOOTER_GIVES_WAY)

    def on_mount(self) -> None:
        title_panes(self)
        self.mount_panes()
        self._status()
        self._wait_timer = self.set_interval(0.1, self._show_wait, pause=True)
        self._warm_highlighting()
        self.attention.begin()
        for note in self.start.notes:
            self.notify(visible(note), markup=False, timeout=10)
        if self.start.taken_up is not None:
            self.start_session()
        elif self.session_config is None or not self.session_config.task:
            self.wait_for_person("waiting: the task")
            self.app.push_screen(TaskScreen(), self._task_given)
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

    # -- the session -----------------------------------------------------------------------------

    @work(exclusive=True, group="session", exit_on_error=False)
    async def start_session(self) -> None:
        assert self.session_config is not None and self.panes is not None
        taken_up = self.start.taken_up
        header = taken_up.header if taken_up is not None else None
        self.session = new_session(self.backend, self.workspace, self.session_config, self, log_path=self.log_path,
                                   app_version=self.app_version, info=self.info, resume=self.resume,
                                   forked_from=self.forked_from, header=header,
                                   continuation=taken_up.continuation if taken_up is not None else None)
        if taken_up is not None:  # everything it logged, as a replay shows it, then the next task
            self.fold = taken_up.fold
            self.panes.preamble(self.fold.preamble)
            self.panes.show_steps(self.fold, len(self.fold.steps))
            self.panes.show_step(self.fold.current, "")
        else:
            self.fold = SessionFold.of_header(self.session.header)
            self.panes.preamble(self.fold.preamble)
        self.session.listeners.append(self.on_session_event)
        self._status(step=self.session.step, sandbox=(self.session.sandbox.label(),
                                                      self.session.sandbox.label(bounds=False)))
        if self.session.sandbox.note:  # off, or a sandbox with less than it should have (no namespaces)
            self.notify(self.session.sandbox.note, severity="warning", timeout=10)
        if taken_up is None:
            await self._supervise(self.session.run())
        elif self.session_config.task:  # the next task was given on the command line
            await self._supervise(self.session.follow_up(self.session_config.task))
        else:
            self._offer_next_task(ask=True)

    @work(exclusive=True, group="session", exit_on_error=False)
    async def go_on(self, task: str) -> None:
        """The next task, in the same session: the model sees the conversation so far."""
        assert self.session is not None
        self.outcome = None
        self.approval.hint("")
        self._refresh_keys()
        await self._supervise(self.session.follow_up(task))

    async def _supervise(self, task: Awaitable[SessionOutcome]) -> None:
        """Await a task of the session to its end, then offer the next one (or quit, if asked)."""
        try:
            self.outcome = await task
        except Exception as exc:  # never a traceback on screen: say what happened, keep the log
            self._session_crashed = True
            self._end_wait()
            self.query_one(Conversation).note(literal(f"the session failed: {type(exc).__name__}: {exc}"),
                                              "outcome-failed")
            self._status(state="failed")
            if self._quit_when_ended:
                self.app.exit(None)
            return
        if self._quit_when_ended:
            self.app.exit(self.outcome)
            return
        self._offer_next_task()

    def _offer_next_task(self, ask: bool = False) -> None:
        """Once a task has ended: the next one is a key away (`ask`: the task input opens now)."""
        # The whole path, folded over as many lines as it needs: a path
        # cut at the pane's edge cannot be found again (the bar grows to six lines at the end).
        log = f"   log: {home_relative(self.log_path)}" if self.log_path is not None else ""
        self.approval.hint(f"{self.keys_for('next-task')}: next task   {self.keys_for('quit')}: quit{log}")
        self._refresh_keys()
        if ask:
            self.action_next_task()

    def action_next_task(self) -> None:
        if not self.check_action("next_task", ()):
            return
        self.wait_for_person("waiting: the next task")

        def given(task: str | None) -> None:
            if task and self.check_action("next_task", ()):
                self.go_on(task)

        self.app.push_screen(TaskScreen(follow_up=True), given)

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

    # -- keys ------------------------------------------------------------------------------------

    def _refresh_keys(self) -> None:
        """Redraw the footer only when the set of usable keys changed: a redraw rebuilds it."""
        usable: tuple[bool | str | None, ...] = tuple(self.check_action(b.action, ()) for b in self.BINDINGS
                                                      if isinstance(b, Binding))
        usable += (self.in_footer("undo"), self.footer_description("approve", "approve"))
        if usable != self._usable_keys:
            self._usable_keys = usable
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("approve", "reject", "edit"):
            return self.awaiting_decision and self.approval.allows(action)
        if action == "retry":
            return self._error_choice is not None and not self._error_choice.done()
        if action == "cancel_generation":
            return self.session is not None and self.session.controls.can_cancel
        if action == "answer_now":
            return self.session is not None and self.session.controls.can_answer_now
        if action == "undo":  # (with nothing to undo, u says so: the footer leaves it out, see in_footer)
            return self.session is not None and self.session.controls.waiting_on_person
        if action in ("cycle_approval", "message"):
            return self.session_live
        if action == "next_task":  # a task has ended, and the session may go on
            return (self.session is not None and self.session.ended and not self.session.aborted
                    and not self._quit_when_ended and not self._session_crashed)
        return True

    def in_footer(self, action: str) -> bool:
        """Whether the footer shows a usable key now: `u` only when there is something to undo."""
        if action == "undo":
            return self.session is not None and self.session.controls.can_undo
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

        self.app.push_screen(RejectScreen(proposal.action.action), rejected)

    def action_edit(self) -> None:
        proposal = self.proposal
        if not self.awaiting_decision or proposal is None or proposal.action is None:
            return
        vocabulary = self.session_config.vocabulary if self.session_config else "seed"

        def edited(action: Action | None) -> None:
            if action is not None and self.approval.proposal is proposal:
                self.approval.edit(action)

        self.app.push_screen(EditScreen(proposal.action, vocabulary), edited)

    def action_cancel_generation(self) -> None:
        if self.session is None:
            return
        cancelled = self.session.controls.cancel()
        if cancelled:
            self.notify(f"{cancelled} cancelled")

    def action_answer_now(self) -> None:
        if self.session is not None and self.session.controls.answer_now():
            self.notify("reasoning cut: the model is asked for its action now")

    def action_retry(self) -> None:
        if self._error_choice is not None and not self._error_choice.done():
            self._error_choice.set_result("retry")

    def action_undo(self) -> None:
        if self.session is None:
            return
        try:
            path = self.session.controls.undo()
        except (NotNow, WorkspaceError) as exc:
            self.notify(visible(str(exc)), severity="error", markup=False)
            return
        if path is None:
            self.notify("nothing to undo: no change of this session is left to put back",
                        markup=False)
        self._refresh_keys()  # `u` leaves the footer once the last change is undone

    def action_stop(self) -> None:
        if self.outcome is not None:
            self.app.exit(self.outcome)
            return
        if self.session is not None:
            self.session.controls.request_stop("stopped by the person")

    def action_settings(self) -> None:
        settings_screen.open_settings(self.app)

    def action_follow(self) -> None:
        self.query_one(Conversation).follow()

    async def action_quit(self) -> None:
        if not self.session_live:
            self.app.exit(self.outcome)
            return
        if isinstance(self.screen, QuitScreen) or self._quit_when_ended:
            return

        def answered(quit_now: bool | None) -> None:
            if quit_now:
                self.quit_session()

        self.app.push_screen(QuitScreen(), answered)

    def on_termination_signal(self, sig: int) -> None:
        if self.session_live:
            self.quit_session(f"the app received {signal.Signals(sig).name}")
        else:
            self.app.exit(self.outcome)

    def hang_up(self) -> None:
        """The terminal is gone: the session is logged as ended by it (the app then ends at once)."""
        if self.session is not None and self.session_live:
            self.session.abort("the terminal closed (SIGHUP)")

    def quit_session(self, reason: str = "quit by the person") -> None:
        """End the session as stopped (logged), then exit once it has ended."""
        self._quit_when_ended = True
        if self.session is not None:
            self.session.controls.request_stop(reason)
        # Should the session not end (a step that does not listen), the app still goes; the
        # session, cancelled on the way out, still writes its end to the log.
        self.set_timer(10, lambda: self.app.exit(self.outcome))
