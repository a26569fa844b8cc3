"""Steering a live session without deciding anything: `a` (the approval mode), `m` (a message for
the model's next turn) and, in the command palette, switching the model (ui/model_switch.py).
One object, held by the live screen."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import SystemCommand

from ...agent.files.visible import visible
from ...agent.session.config import NotNow
from ...agent.session.steering import mode_label, next_mode
from ...backends.base import ModelInfo
from .. import model_switch
from .dialogs import MessageScreen
from .live_progress import LiveProgress
from .live_state import LiveState
from .panes_screen import PanesScreen


class LiveSteering:
    """The live screen's steering keys and the palette's model switch."""

    def __init__(self, screen: PanesScreen, state: LiveState, progress: LiveProgress) -> None:
        self.screen = screen
        self.state = state
        self.progress = progress

    def cycle_approval(self) -> None:
        """`a`: manual ↔ auto-approve LOW, before the session starts too (it then starts so)."""
        state, screen = self.state, self.screen
        mode = next_mode(state.approval_mode)
        if state.session is None:
            if state.config is not None:
                state.config.approval_mode = mode
        else:
            try:
                state.session.controls.set_approval_mode(mode)
            except NotNow as exc:
                screen.notify(str(exc), severity="warning", markup=False)
                return
        self.progress.status()
        if mode == "auto-low":
            screen.notify("approval mode: auto-approve LOW. LOW actions run without a key; MEDIUM, HIGH, refused, "
                          "flagged, edited, re-shown, `done` and unparsed replies still wait for you. "
                          f"{screen.keys_for('approval-mode')}: back to manual", markup=False)
        else:
            screen.notify(f"approval mode: {mode_label(mode)}: every action waits for you", markup=False)

    def message(self) -> None:
        """`m`: a message the model reads with its next turn (nothing is rejected or stopped)."""
        session = self.state.session
        if session is None or not self.state.live:
            return
        when = ("with the feedback of this step" if session.state in ("assessing", "deciding", "executing")
                else "with the next request" if session.state == "waiting_retry"
                else "with its next turn (the reply under way is not interrupted)")

        def send(text: str | None) -> None:
            if text is None or self.state.session is not session:
                return
            try:
                session.controls.add_message(text)
            except (NotNow, ValueError) as exc:
                self.screen.notify(str(exc), severity="warning", markup=False)
                return
            self.screen.notify("message kept for the model's next turn", markup=False)

        self.screen.app.push_screen(MessageScreen(when), send)

    # -- switching the model ------------------------------------------------------------------------

    def choose_model(self) -> None:
        """The palette's "Switch model": the server's models in a second palette."""
        self.screen.run_worker(self._choose_model(), exclusive=True, group="models", exit_on_error=False)

    async def _choose_model(self) -> None:
        session = self.state.session
        if session is None or not self.state.live:
            self.screen.notify("no session is running: there is no next turn to switch the model for",
                               severity="warning")
            return
        models, why_not = await model_switch.available_models(self.state.backend)
        if why_not is not None:
            self.screen.notify(visible(why_not), severity="warning", markup=False, timeout=10)
            return
        self.screen.app.search_commands(model_switch.commands(models, session.controls.model, self.switch_model_to),
                                        placeholder="Switch to which model?")

    def switch_model_to(self, model: ModelInfo) -> None:
        session = self.state.session
        if session is None or not self.state.live:
            self.screen.notify("the session has ended; the model was not switched", severity="warning")
            return
        try:
            said = model_switch.switch(session, model)
        except (NotNow, ValueError) as exc:
            self.screen.notify(visible(str(exc)), severity="warning", markup=False)
            return
        self.screen.notify(said, markup=False)
        self.progress.status()
        self.screen.run_worker(model_switch.mark_cold_load(self.state.backend, model.name), group="cold-load",
                               exit_on_error=False)

    def system_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand(model_switch.PALETTE_NAME, model_switch.PALETTE_HELP, self.choose_model)
