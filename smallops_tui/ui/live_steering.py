"""Steering a live session without deciding anything: `a` (the approval mode), `m` (a message for
the model's next turn) and, in the command palette, switching the model (ui/model_switch.py)."""

from __future__ import annotations

from collections.abc import Iterable

from textual import work
from textual.app import SystemCommand

from ..agent.files.visible import visible
from ..agent.session.config import NotNow
from ..agent.session.steering import mode_label, next_mode
from ..backends.base import ModelInfo
from . import model_switch
from .live_progress import LiveProgress
from .screens import MessageScreen


class LiveSteering(LiveProgress):
    """The live screen's steering keys and the palette's model switch."""

    # -- steering --------------------------------------------------------------------------------

    def action_cycle_approval(self) -> None:
        mode = next_mode(self.approval_mode)
        if self.session is None:
            if self.session_config is not None:
                self.session_config.approval_mode = mode
        else:
            try:
                self.session.controls.set_approval_mode(mode)
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
                session.controls.add_message(text)
            except (NotNow, ValueError) as exc:
                self.notify(str(exc), severity="warning", markup=False)
                return
            self.notify("message kept for the model's next turn", markup=False)

        self.app.push_screen(MessageScreen(when), send)


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
        current = session.controls.model
        self.app.search_commands(model_switch.commands(models, current, self.switch_model_to),
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

    def system_commands(self) -> Iterable[SystemCommand]:
        yield from super().system_commands()
        yield SystemCommand(model_switch.PALETTE_NAME, model_switch.PALETTE_HELP, self.choose_model)
