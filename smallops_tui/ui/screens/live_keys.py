"""The live screen's keys, in one object: which apply now (the footer, the palette and Textual's
check before an action all ask it), what the footer calls them, when the footer must be rebuilt,
and what each key does. The keys that decide go through the approval bar (widgets/approval.py),
which alone knows whether `y` counts yet; undo, cancel and stop are the session's own commands,
offered only when the session says they apply.
"""

from __future__ import annotations

import signal
from collections.abc import Callable

from textual.binding import Binding

from ...agent.files.visible import visible
from ...agent.files.workspace import WorkspaceError
from ...agent.reply.kinds import Action
from ...agent.session.config import NotNow
from ..widgets.approval import Approval
from ..widgets.conversation import Conversation
from . import settings
from .dialogs import EditScreen, QuitScreen, RejectScreen
from .live_state import LiveState
from .panes_screen import PanesScreen

QUIT_GRACE = 10.0  # seconds a quit waits for the session to log its end before the app goes anyway


class LiveKeys:
    """What the live screen's keys do, and whether they do anything now."""

    def __init__(self, screen: PanesScreen, state: LiveState, approval: Callable[[], Approval]) -> None:
        self.screen = screen
        self.state = state
        self.approval = approval  # (a widget: found once the screen is mounted)
        self._usable: tuple[bool | str | None, ...] | None = None  # each key's state, and y's name

    # -- which keys apply, and what the footer shows ---------------------------------------------

    def usable(self, action: str) -> bool:
        """Whether `action`'s key does anything now (Textual's check_action)."""
        state, session = self.state, self.state.session
        if action in ("approve", "reject", "edit"):
            return state.awaiting_decision and self.approval().allows(action)
        if action == "retry":
            return state.awaiting_retry
        if action == "cancel_generation":
            return session is not None and session.controls.can_cancel
        if action == "answer_now":
            return session is not None and session.controls.can_answer_now
        if action == "undo":  # (with nothing to undo, u says so: the footer leaves it out, see in_footer)
            return session is not None and session.controls.waiting_on_person
        if action in ("cycle_approval", "message"):
            return state.live
        if action == "next_task":  # a task has ended, and the session may go on
            return state.can_go_on
        return True

    def in_footer(self, action: str) -> bool:
        """Whether the footer shows a usable key now: `u` only when there is something to undo."""
        if action == "undo":
            return self.state.session is not None and self.state.session.controls.can_undo
        return True

    def footer_description(self, action: str, description: str) -> str:
        """What the footer calls a key now: `y` on a reply that could not be used sends it back,
        as the approval bar and the conversation say (nothing is approved)."""
        proposal = self.state.proposal
        if action == "approve" and proposal is not None and proposal.action is None:
            return "send back"
        return description

    def refresh(self) -> None:
        """Redraw the footer only when the set of usable keys changed: a redraw rebuilds it (~80 ms)."""
        usable: tuple[bool | str | None, ...] = tuple(self.usable(b.action) for b in self.screen.BINDINGS
                                                      if isinstance(b, Binding))
        usable += (self.in_footer("undo"), self.footer_description("approve", "approve"))
        if usable != self._usable:
            self._usable = usable
            self.screen.refresh_bindings()

    # -- the keys that decide --------------------------------------------------------------------

    def approve(self) -> None:
        if self.state.awaiting_decision:
            self.approval().approve()

    def reject(self) -> None:
        proposal = self.state.proposal
        if not self.state.awaiting_decision or proposal is None or proposal.action is None:
            return

        def rejected(reason: str | None) -> None:
            if reason is not None and self.approval().proposal is proposal:
                self.approval().reject(reason)

        self.screen.app.push_screen(RejectScreen(proposal.action.action), rejected)

    def edit(self) -> None:
        proposal = self.state.proposal
        if not self.state.awaiting_decision or proposal is None or proposal.action is None:
            return
        vocabulary = self.state.config.vocabulary if self.state.config else "seed"

        def edited(action: Action | None) -> None:
            if action is not None and self.approval().proposal is proposal:
                self.approval().edit(action)

        self.screen.app.push_screen(EditScreen(proposal.action, vocabulary), edited)

    # -- the session's own commands --------------------------------------------------------------

    def cancel_generation(self) -> None:
        if self.state.session is None:
            return
        cancelled = self.state.session.controls.cancel()
        if cancelled:
            self.screen.notify(f"{cancelled} cancelled")

    def answer_now(self) -> None:
        if self.state.session is not None and self.state.session.controls.answer_now():
            self.screen.notify("reasoning cut: the model is asked for its action now")

    def retry(self) -> None:
        if self.state.retry is not None and not self.state.retry.done():
            self.state.retry.set_result("retry")

    def undo(self) -> None:
        if self.state.session is None:
            return
        try:
            path = self.state.session.controls.undo()
        except (NotNow, WorkspaceError) as exc:
            self.screen.notify(visible(str(exc)), severity="error", markup=False)
            return
        if path is None:
            self.screen.notify("nothing to undo: no change of this session is left to put back", markup=False)
        self.refresh()  # `u` leaves the footer once the last change is undone

    def stop(self) -> None:
        if self.state.outcome is not None:
            self.screen.app.exit(self.state.outcome)
            return
        if self.state.session is not None:
            self.state.session.controls.request_stop("stopped by the person")

    # -- views and leaving -----------------------------------------------------------------------

    def settings(self) -> None:
        settings.open_settings(self.screen.app)

    def follow(self) -> None:
        self.screen.query_one(Conversation).follow()

    def quit(self) -> None:
        if not self.state.live:
            self.screen.app.exit(self.state.outcome)
            return
        if isinstance(self.screen.app.screen, QuitScreen) or self.state.quit_when_ended:
            return

        def answered(quit_now: bool | None) -> None:
            if quit_now:
                self.quit_session()

        self.screen.app.push_screen(QuitScreen(), answered)

    def quit_session(self, reason: str = "quit by the person") -> None:
        """End the session as stopped (logged), then exit once it has ended."""
        self.state.quit_when_ended = True
        if self.state.session is not None:
            self.state.session.controls.request_stop(reason)
        # Should the session not end (a step that does not listen), the app still goes; the
        # session, cancelled on the way out, still writes its end to the log.
        self.screen.set_timer(QUIT_GRACE, lambda: self.screen.app.exit(self.state.outcome))

    def termination_signal(self, sig: int) -> None:
        """SIGTERM (or SIGINT): the session ends as stopped, then the app."""
        if self.state.live:
            self.quit_session(f"the app received {signal.Signals(sig).name}")
        else:
            self.screen.app.exit(self.state.outcome)

    def hang_up(self) -> None:
        """The terminal is gone: the session is logged as ended by it (the app then ends at once)."""
        if self.state.session is not None and self.state.live:
            self.state.session.abort("the terminal closed (SIGHUP)")
