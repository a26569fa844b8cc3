"""The live screen: three panes over one session, and the keys that decide.

The session (agent/session/loop.py) runs in an async worker and calls back into this screen as its
`Decider`: a proposal arrives, the fold of the session's events draws it (widgets/panes.py), and
the approval bar (widgets/approval.py) answers with one `Choice`.

The screen is the Textual part only (its layout, its bindings, the session's worker, the Decider);
it holds four objects that do the rest: its state (live_state.py: where the session stands), its
keys (live_keys.py: which apply now and what they do), its progress (live_progress.py: what is
drawn while the model works, the status bar, the title) and its steering (live_steering.py: `a`,
`m`, switching the model).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path

from textual import on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding

from ...agent.files.syntax import lexer_for
from ...agent.files.visible import visible
from ...agent.files.workspace import Workspace
from ...agent.log.events import Event
from ...agent.reply.backend import Backend
from ...agent.session.config import SessionOutcome
from ...agent.session.decisions import Choice, Proposal
from ...agent.session.fold import SessionFold
from ...agent.session.loop import Session
from ...session_setup import new_session
from .. import model_switch
from ..attention import Attention, waiting_title
from ..render import literal
from ..step_archive import log_archive
from ..widgets.approval import ARM_DELAY, Approval
from ..widgets.conversation import Conversation
from ..widgets.footer import PALETTE, FittingFooter
from ..widgets.panes import compose_panes, title_panes
from ..widgets.status import StatusBar
from ..widgets.turn_view import TurnView
from .dialogs import TaskScreen
from .live_keys import LiveKeys
from .live_progress import WAITING_PLACEHOLDER, LiveProgress, home_relative
from .live_state import LiveStart, LiveState, Retry
from .live_steering import LiveSteering
from .panes_screen import PANE_BINDINGS, PanesScreen

__all__ = ["ARM_DELAY", "LiveScreen", "LiveStart"]


class LiveScreen(PanesScreen):
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
    # What leaves the footer first when the terminal is too narrow for every key (widgets/footer.py):
    # views and steering, which `?` and the palette still list; never the keys that decide, stop or quit.
    # The palette also finds themes, the server's models and the workspace's files (ui/palette_providers.py).
    FOOTER_GIVES_WAY = ("settings", "toggle_diff", "toggle_reasoning", "message", "cycle_approval", PALETTE, "help")
    HELP_FOOTNOTE = ("Enter and space never approve anything.  ctrl+p: every action in the command palette, and "
                     f"\"{model_switch.PALETTE_NAME}\": {model_switch.PALETTE_HELP}.")

    def __init__(self, start: LiveStart, attention: Attention) -> None:
        """`attention`: the app's title and signal (one per app, whatever screen is in front)."""
        super().__init__()
        self.state = LiveState(start)
        self.keys = LiveKeys(self, self.state, self._approval_bar)
        self.progress = LiveProgress(self, self.state, self.keys, self._approval_bar, attention)
        self.steering = LiveSteering(self, self.state, self.progress)
        self.attention = attention
        self.rendered_proposals = 0  # counts proposals fully on screen (tests and benchmarks wait on it)
        self._approval: Approval | None = None

    def _approval_bar(self) -> Approval:
        if self._approval is None:
            self._approval = self.query_one(Approval)
        return self._approval

    # -- layout ----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from compose_panes(WAITING_PLACEHOLDER)
        yield StatusBar(id="status")
        yield FittingFooter(self.FOOTER_GIVES_WAY)

    def on_mount(self) -> None:
        title_panes(self)
        log = self.state.log_path
        self.mount_panes(log_archive(log) if log is not None else None)
        self.progress.mounted()
        self.attention.begin()
        for note in self.state.start.notes:
            self.notify(visible(note), markup=False, timeout=10)
            # and kept in the conversation: a toast is gone in ten seconds, and how the backend was
            # chosen (`auto` past an unreachable --url) is worth reading back
            self.query_one(Conversation).note(literal(note))
        if self.state.start.taken_up is not None:
            self.start_session()
        elif self.state.config is None or not self.state.config.task:
            self.progress.wait_for_person("waiting: the task")
            self.app.push_screen(TaskScreen(), self._task_given)
        else:
            self.start_session()

    @work(thread=True, exit_on_error=False, group="warm")
    def _warm_highlighting(self) -> None:
        """Pay pygments' one-time costs (finding lexers, compiling their rules) before the first diff."""
        suffixes = {Path(name).suffix for name in self.state.workspace.walk_files()[:500]} | {".py", ".sh"}
        for suffix in sorted(s for s in suffixes if s):
            lexer = lexer_for("x" + suffix)
            if lexer is not None:
                list(lexer.get_tokens("x = 1\n"))

    def _task_given(self, task: str | None) -> None:
        if task:
            self.state.given_task(task)
            self.start_session()

    # -- the session -----------------------------------------------------------------------------

    @work(exclusive=True, group="session", exit_on_error=False)
    async def start_session(self) -> None:
        state, start = self.state, self.state.start
        assert state.config is not None and self.panes is not None
        taken_up = start.taken_up
        session = state.session = new_session(
            start.backend, start.workspace, state.config, self, log_path=start.log_path, app_version=start.app_version,
            info=state.info, resume=start.resume, forked_from=start.forked_from,
            header=taken_up.header if taken_up is not None else None,
            continuation=taken_up.continuation if taken_up is not None else None)
        if taken_up is not None:  # everything it logged, as a replay shows it, then the next task
            state.fold = taken_up.fold
            self.panes.preamble(state.fold.preamble)
            self.panes.show_steps(state.fold, len(state.fold.steps))
            self.panes.show_step(state.fold.current, "")
        else:
            state.fold = SessionFold.of_header(session.header)
            self.panes.preamble(state.fold.preamble)
        session.listeners.append(self.on_session_event)
        # Once the task is on screen (the person sees the app first), and before the first diff.
        self.call_after_refresh(self._warm_highlighting)
        self.progress.status(step=session.step, sandbox=(session.sandbox.label(), session.sandbox.label(bounds=False)))
        if session.sandbox.note:  # off, or a sandbox with less than it should have (no namespaces)
            self.notify(session.sandbox.note, severity="warning", timeout=10)
        if taken_up is None:
            await self._supervise(session.run())
        elif state.config.task:  # the next task was given on the command line
            await self._supervise(session.follow_up(state.config.task))
        else:
            self._offer_next_task(ask=True)

    @work(exclusive=True, group="session", exit_on_error=False)
    async def go_on(self, task: str) -> None:
        """The next task, in the same session: the model sees the conversation so far."""
        assert self.state.session is not None
        self.state.outcome = None
        self._approval_bar().hint("")
        self.keys.refresh()
        await self._supervise(self.state.session.follow_up(task))

    async def _supervise(self, task: Awaitable[SessionOutcome]) -> None:
        """Await a task of the session to its end, then offer the next one (or quit, if asked)."""
        state = self.state
        try:
            state.outcome = await task
        except Exception as exc:  # never a traceback on screen: say what happened, keep the log
            state.crashed = True
            self.progress.end_wait()
            self.query_one(Conversation).note(literal(f"the session failed: {type(exc).__name__}: {exc}"),
                                              "outcome-failed")
            self.progress.status(state="failed")
            if state.quit_when_ended:
                self.app.exit(None)
            return
        if state.quit_when_ended:
            self.app.exit(state.outcome)
            return
        self._offer_next_task()

    def _offer_next_task(self, ask: bool = False) -> None:
        """Once a task has ended: the next one is a key away (`ask`: the task input opens now)."""
        # The whole path, folded over as many lines as it needs: a path
        # cut at the pane's edge cannot be found again (the bar grows to six lines at the end).
        log_path = self.state.log_path
        log = f"   log: {home_relative(log_path)}" if log_path is not None else ""
        self._approval_bar().hint(f"{self.keys_for('next-task')}: next task   {self.keys_for('quit')}: quit{log}")
        self.keys.refresh()
        if ask:
            self.action_next_task()

    def action_next_task(self) -> None:
        if not self.keys.usable("next_task"):
            return
        self.progress.wait_for_person("waiting: the next task")

        def given(task: str | None) -> None:
            if task and self.keys.usable("next_task"):
                self.go_on(task)

        self.app.push_screen(TaskScreen(follow_up=True), given)

    def on_session_event(self, event: Event) -> None:
        """Every event of the session, as it happens (tests extend this to read the screen)."""
        self.progress.event(event)

    # Decider protocol --------------------------------------------------------------------------

    async def decide(self, proposal: Proposal) -> Choice:
        state, approval = self.state, self._approval_bar()
        state.proposal = proposal
        self.progress.flush()
        state.decision = asyncio.get_running_loop().create_future()
        approval.ask(proposal)  # arms once drawn; the footer follows (see _armed)
        self.progress.wait_for_person(waiting_title(proposal))
        try:
            return await state.decision
        finally:
            state.decision = None
            if approval.proposal is proposal:
                approval.withdraw()  # the session moved on without an answer (stop, an undo)
            self.keys.refresh()

    @on(Approval.Decided)
    def _decided(self, message: Approval.Decided) -> None:
        decision = self.state.decision
        if decision is not None and not decision.done() and message.proposal is self.state.proposal:
            decision.set_result(message.choice)

    @on(Approval.Armed)
    def _armed(self) -> None:
        self.rendered_proposals += 1
        # The footer rebuild costs ~80 ms, so it comes after the proposal and its diff are on
        # screen; keys are checked when pressed, whatever the footer shows meanwhile.
        self.call_after_refresh(self.keys.refresh)

    async def after_backend_error(self, kind: str, message: str) -> Retry:
        state = self.state
        state.retry = asyncio.get_running_loop().create_future()
        self._approval_bar().hint(f"{self.keys_for('retry')}: retry the turn   {self.keys_for('stop')}: stop")
        self.progress.wait_for_person(f"waiting: {kind} ({self.keys_for('retry')} retry, "
                                      f"{self.keys_for('stop')} stop)")
        self.keys.refresh()
        try:
            return await state.retry
        finally:
            state.retry = None
            self.keys.refresh()

    # -- what tests, benchmarks, the app and the palette read ----------------------------------------

    @property
    def session(self) -> Session | None:
        return self.state.session

    @property
    def outcome(self) -> SessionOutcome | None:
        return self.state.outcome

    @property
    def proposal(self) -> Proposal | None:
        return self.state.proposal

    @property
    def backend(self) -> Backend:
        return self.state.backend

    @property
    def workspace(self) -> Workspace:
        return self.state.workspace

    @property
    def session_live(self) -> bool:
        return self.state.live

    @property
    def awaiting_decision(self) -> bool:
        return self.state.awaiting_decision

    @property
    def armed(self) -> bool:
        """Whether `y` would count now (tests poll this instead of sleeping)."""
        return self._approval_bar().armed

    @property
    def clock(self) -> Callable[[], float]:
        """The arming delay's clock (a test can drive it)."""
        return self._approval_bar().clock

    @clock.setter
    def clock(self, value: Callable[[], float]) -> None:
        self._approval_bar().clock = value

    @property
    def approval(self) -> Approval:
        return self._approval_bar()

    def turn_views(self) -> list[TurnView]:
        return list(self.query(TurnView))

    # -- keys: Textual asks the screen; LiveKeys answers -------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.keys.usable(action)

    def in_footer(self, action: str) -> bool:
        return self.keys.in_footer(action)

    def footer_description(self, action: str, description: str) -> str:
        return self.keys.footer_description(action, description)

    def action_approve(self) -> None:
        self.keys.approve()

    def action_reject(self) -> None:
        self.keys.reject()

    def action_edit(self) -> None:
        self.keys.edit()

    def action_cancel_generation(self) -> None:
        self.keys.cancel_generation()

    def action_answer_now(self) -> None:
        self.keys.answer_now()

    def action_retry(self) -> None:
        self.keys.retry()

    def action_undo(self) -> None:
        self.keys.undo()

    def action_stop(self) -> None:
        self.keys.stop()

    def action_cycle_approval(self) -> None:
        self.steering.cycle_approval()

    def action_message(self) -> None:
        self.steering.message()

    def action_settings(self) -> None:
        self.keys.settings()

    def action_follow(self) -> None:
        self.keys.follow()

    def action_quit(self) -> None:
        self.keys.quit()

    def system_commands(self) -> Iterable[SystemCommand]:
        yield from super().system_commands()
        yield from self.steering.system_commands()

    def on_termination_signal(self, sig: int) -> None:
        self.keys.termination_signal(sig)

    def hang_up(self) -> None:
        self.keys.hang_up()
