"""Modal screens: reject with a reason, edit a proposal, help, type the task."""

from __future__ import annotations

import json
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static, TextArea

from ..agent.actions import Action, WriteFile
from ..agent.parsing import parse_reply
from .render import literal

# Global (not scoped) so the selectors can name the screens themselves; the app includes it.
MODAL_CSS = """
RejectScreen, EditScreen, HelpScreen, TaskScreen { align: center middle; }
#dialog { width: 80%; max-width: 120; height: auto; max-height: 90%; border: thick $primary;
          background: $surface; padding: 1 2; }
EditScreen #dialog { height: 90%; }
EditScreen TextArea { height: 1fr; }
#dialog .hint { color: $text-muted; }
#dialog .error { color: $error; }
"""


class RejectScreen(ModalScreen[str | None]):
    """An optional reason for the rejection; it is sent to the model."""

    BINDINGS = [Binding("escape", "cancel", "back (do not reject)")]

    def __init__(self, action_name: str) -> None:
        super().__init__()
        self.action_name = action_name

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(f"Reject {self.action_name}: why? (optional, sent to the model)"))
            yield Input(placeholder="reason…", id="reason")
            yield Static(Text("enter: reject   esc: back without rejecting"), classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class EditScreen(ModalScreen[Action | None]):
    """Edit the proposal (JSON, or the file content for writes) before approving it."""

    BINDINGS = [Binding("ctrl+s", "save", "use this", priority=True), Binding("escape", "cancel", "cancel")]

    def __init__(self, action: Action, vocabulary: str) -> None:
        super().__init__()
        self.action = action
        self.vocabulary = vocabulary
        self.as_content = isinstance(action, WriteFile)
        text = action.content if isinstance(action, WriteFile) else json.dumps(action.to_json(), indent=2)
        self.editor = TextArea(text, language=None if self.as_content else "json", id="editor")
        self.error = Static("", classes="error")

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            what = f"content of {self.action.path}" if isinstance(self.action, WriteFile) else "the action as JSON"
            yield Static(Text(f"Edit {what}. It is checked, classified and diffed again before you can approve it."))
            yield self.editor
            yield self.error
            yield Static(Text("ctrl+s: use this   esc: cancel"), classes="hint")

    def on_mount(self) -> None:
        self.editor.cursor_blink = False
        self.editor.focus()

    def action_save(self) -> None:
        if isinstance(self.action, WriteFile):
            self.dismiss(WriteFile(path=self.action.path, content=self.editor.text))
            return
        result = parse_reply(self.editor.text, vocabulary=self.vocabulary)
        if result.action is None:
            self.error.update(literal(f"not usable: {result.failure}"))
            return
        self.dismiss(result.action)

    def action_cancel(self) -> None:
        self.dismiss(None)


HELP = """\
y        approve (armed once the proposal is shown and 300 ms have passed; HIGH needs y twice)
n        reject, with an optional reason sent to the model
e        edit the proposal, then approve the edited version
esc      cancel the model's reply while it streams
r        retry the turn after an error or a cancel
u        undo the last applied change (the model is told)
s        stop the session (press again to quit once it has ended)
t        show / hide all reasoning
d        unified / side-by-side diff       [ ]   previous / next hunk
end      follow the newest text again      ctrl+p  command palette
?        this help                         q       quit
Enter and space never approve anything."""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "close", "close")]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text("smallops — keys", style="bold"))
            yield Static(Text(HELP))

    def action_close(self) -> None:
        self.dismiss(None)


class TaskScreen(ModalScreen[str]):
    """Asked when no task was given on the command line."""


    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text("What should the model do in this workspace?"))
            yield Input(placeholder="e.g. fix the bug in math.py", id="task")
            yield Static(Text("enter: start"), classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.dismiss(event.value.strip())

    def on_mount(self) -> None:
        self.query_one(Input).cursor_blink = False
