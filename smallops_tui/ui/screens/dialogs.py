"""Modal screens: reject with a reason, edit a proposal, help, quit, type the task, a message to the model.
Every dialog (the fork's and the settings' too) is a `Dialog`, styled by dialogs.tcss beside this module."""

from __future__ import annotations

import json
from pathlib import Path, PurePath
from typing import ClassVar, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static, TextArea

from ...agent.reply.kinds import Action, WriteFile
from ...agent.reply.parsing import parse_reply
from ...agent.files.visible import hidden_characters, hiding_layout, visible
from ..widgets.bounded_input import BoundedInput
from ..keys import hint_key
from ..render import literal

DIALOGS_CSS = Path(__file__).resolve().parent / "dialogs.tcss"
Result = TypeVar("Result")


class Dialog(ModalScreen[Result]):
    """A modal dialog: centred, in a bordered box (`#dialog`), with a hint line."""

    CSS_PATH: ClassVar[list[str | PurePath]] = [DIALOGS_CSS]


class RejectScreen(Dialog[str | None]):
    """An optional reason for the rejection; it is sent to the model."""

    BINDINGS = [Binding("escape", "cancel", "back (do not reject)", id="back")]

    def __init__(self, action_name: str) -> None:
        super().__init__()
        self.action_name = action_name

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(f"Reject {self.action_name}: why? (optional, sent to the model)"))
            yield BoundedInput(placeholder="reason…", id="reason")
            yield Static(Text(f"enter: reject   {hint_key(self, 'back')}: back without rejecting"), classes="hint")

    def on_mount(self) -> None:
        self.query_one(Input).cursor_blink = False  # a steady cursor: pictures of the screen do not flicker

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class EditScreen(Dialog[Action | None]):
    """Edit the proposal (JSON, or the file content for writes) before approving it."""

    BINDINGS = [Binding("ctrl+s", "save", "use this", priority=True, id="use-edit"),
                Binding("escape", "cancel", "cancel", id="back")]

    def __init__(self, action: Action, vocabulary: str) -> None:
        super().__init__()
        self.action = action
        self.vocabulary = vocabulary
        self.as_content = isinstance(action, WriteFile)
        text = action.content if isinstance(action, WriteFile) else json.dumps(action.to_json(), indent=2)
        self.editor = TextArea(text, language=None if self.as_content else "json", id="editor")
        # The editor keeps one kind of line ending; what it holds untouched is not the person's change.
        self.loaded = self.editor.text
        self.error = Static("", classes="error")
        hidden = hidden_characters(text) + hiding_layout(text)
        self.warning = (f"careful: this text holds hidden characters or layout, which the editor draws as they "
                        f"are: {visible(', '.join(hidden[:6]))}. The diff shows them escaped.") if hidden else ""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            what = f"content of {self.action.path}" if isinstance(self.action, WriteFile) else "the action as JSON"
            yield Static(Text(f"Edit {what}. It is checked, classified and diffed again before you can approve it."))
            if self.warning:
                yield Static(literal(self.warning), classes="error")
            yield self.editor
            yield self.error
            yield Static(Text(f"{hint_key(self, 'use-edit')}: use this   {hint_key(self, 'back')}: cancel   "
                              "f7: select all (ctrl+a goes to the line's start)"), classes="hint")

    def on_mount(self) -> None:
        self.editor.cursor_blink = False
        self.editor.focus()

    def action_save(self) -> None:
        if self.editor.text == self.loaded:
            self.dismiss(self.action)  # untouched: exactly what was proposed, line endings and all
            return
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


class HelpScreen(Dialog[None]):
    """The keys of the screen it was opened from, generated from its bindings so it cannot drift."""

    BINDINGS = [Binding("escape,q,question_mark", "close", "close", id="close-help")]

    def __init__(self, title: str, rows: list[tuple[str, str]], footnote: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.rows = rows
        self.footnote = footnote

    def compose(self) -> ComposeResult:
        width = max((len(keys) for keys, _ in self.rows), default=0) + 3
        body = Text()
        for keys, meaning in self.rows:
            body.append(keys.ljust(width), style="bold")
            body.append(meaning + "\n")
        if self.footnote:
            body.append("\n" + self.footnote, style="dim")
        with Vertical(id="dialog"):
            yield Static(Text(self.title_text, style="bold"))
            with VerticalScroll(id="help-body"):
                yield Static(body)

    def action_close(self) -> None:
        self.dismiss(None)


class QuitScreen(Dialog[bool]):
    """Asked once when q is pressed during a session: quitting ends it, and the log says so."""

    BINDINGS = [Binding("y,q", "answer(True)", "quit", id="quit-yes"),
                Binding("n,escape", "answer(False)", "stay", id="quit-no")]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text("Quit? The session ends here and its log records it as stopped.", style="bold"))
            yield Static(Text(f"{hint_key(self, 'quit-yes')}: quit   {hint_key(self, 'quit-no')}: stay"), classes="hint")

    def action_answer(self, quit_now: bool) -> None:
        self.dismiss(quit_now)


class TaskScreen(Dialog[str | None]):
    """Asked when no task was given on the command line, and for each follow-up task (`follow_up`:
    the model goes on with the conversation so far; escape goes back to the session's end)."""

    BINDINGS = [Binding("escape", "back", "back", id="task-back", show=False)]

    def __init__(self, follow_up: bool = False) -> None:
        super().__init__()
        self.follow_up = follow_up

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            if self.follow_up:
                yield Static(Text("What should the model do next? It goes on with the conversation so far, "
                                  "in the same session and log."))
                yield BoundedInput(placeholder="e.g. now add a test for it", id="task")
                yield Static(Text(f"enter: go on   {hint_key(self, 'task-back')}: back"), classes="hint")
                return
            yield Static(Text("What should the model do in this workspace?"))
            yield BoundedInput(placeholder="e.g. fix the bug in math.py", id="task")
            yield Static(Text("enter: start"), classes="hint")

    def action_back(self) -> None:
        if self.follow_up:
            self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.dismiss(event.value.strip())

    def on_mount(self) -> None:
        self.query_one(Input).cursor_blink = False


class MessageScreen(Dialog[str | None]):
    """A message for the model's next turn (`m`): nothing is rejected, the session goes on."""

    BINDINGS = [Binding("escape", "cancel", "back (send nothing)", id="back")]

    def __init__(self, when: str) -> None:
        super().__init__()
        self.when = when  # when the model will read it, in words

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(f"Message to the model ({self.when}). Nothing is rejected or stopped."))
            yield BoundedInput(placeholder="e.g. the tests are in tests/, not test/", id="message")
            yield Static(Text(f"enter: send   {hint_key(self, 'back')}: back without sending"), classes="hint")

    def on_mount(self) -> None:
        self.query_one(Input).cursor_blink = False

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
