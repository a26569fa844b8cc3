"""`f` in replay: which backend, server and model go on from the step shown (prefilled)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from ...agent.files.visible import visible
from ...backend_names import choices as backend_choices
from ..widgets.bounded_input import BoundedInput
from ..keys import hint_key
from .dialogs import Dialog

BACKENDS = tuple(backend_choices())


@dataclass(frozen=True)
class ForkTarget:
    backend: str
    url: str
    model: str


class ForkScreen(Dialog[ForkTarget | None]):
    """The fork's backend, URL and model; enter in any field forks, escape goes back."""

    BINDINGS = [Binding("escape", "cancel", "back (do not fork)", id="back")]

    def __init__(self, step: int, defaults: ForkTarget) -> None:
        super().__init__()
        self.step = step
        self.defaults = defaults

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(f"Fork after step {self.step}: the workspace is rebuilt from the log in a fresh "
                              "directory and this model goes on with the same conversation."))
            yield Static(Text(f"backend ({', '.join(BACKENDS)})"), classes="hint")
            yield BoundedInput(visible(self.defaults.backend), id="backend", max_length=500)
            yield Static(Text("server URL (empty: the backend's default)"), classes="hint")
            yield BoundedInput(visible(self.defaults.url), id="url", max_length=500)
            yield Static(Text("model (empty: the first the server lists)"), classes="hint")
            yield BoundedInput(visible(self.defaults.model), id="model", max_length=500)
            yield Static(Text(""), id="problem", classes="error")
            yield Static(Text(f"enter: fork   tab: next field   {hint_key(self, 'back')}: back"), classes="hint")

    def on_mount(self) -> None:
        for field in self.query(Input):
            field.cursor_blink = False  # a steady cursor: pictures of the screen do not flicker
        self.query_one("#model", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        backend = self.query_one("#backend", Input).value.strip() or "auto"
        if backend not in BACKENDS:
            self.query_one("#problem", Static).update(Text(f"the backend is one of {', '.join(BACKENDS)}, "
                                                           f"not {visible(backend)!r}"))
            return
        self.dismiss(ForkTarget(backend, self.query_one("#url", Input).value.strip(),
                                self.query_one("#model", Input).value.strip()))

    def action_cancel(self) -> None:
        self.dismiss(None)
