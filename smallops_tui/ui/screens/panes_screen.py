"""What a live session and a replay share as screens of the one app: the panes (styled by
panes.tcss, beside this module), the keys both have (the reasoning and the diff), and help and
command palette entries generated from each screen's own bindings."""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import Any, ClassVar, Iterable

from rich.text import Text
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ..keys import key_names, keys_for
from ..step_archive import StepArchive
from ..widgets.panes import PanesView
from .dialogs import HelpScreen
from ..themes import theme_colours

# Keys both screens have, for the diff and the reasoning.
PANE_BINDINGS = [
    Binding("t", "toggle_reasoning", "reasoning", id="reasoning",
            tooltip="open all reasoning, or fold it all (the newest turn's decides which)"),
    Binding("d", "toggle_diff", "diff view", id="diff-view", tooltip="unified / side-by-side diff"),
    Binding("left_square_bracket", "hunk(-1)", "prev hunk", show=False, id="previous-hunk",
            tooltip="previous hunk of the diff"),
    Binding("right_square_bracket", "hunk(1)", "next hunk", show=False, id="next-hunk",
            tooltip="next hunk of the diff"),
]


# The styles of the panes, shared by the live and the replay screen. Absolute: Textual reads a
# relative CSS_PATH from the file of the screen's own class, a test's subclass included.
PANES_CSS = Path(__file__).resolve().parent / "panes.tcss"


class PanesScreen(Screen[None]):
    """The base of the live screen and the replay screen: the three panes and their keys."""

    CSS_PATH: ClassVar[list[str | PurePath]] = [PANES_CSS]
    BINDINGS: ClassVar[list[BindingType]] = []
    HELP_TITLE = "smallops — keys"
    HELP_FOOTNOTE = ""

    def __init__(self) -> None:
        super().__init__()
        self.panes: PanesView | None = None

    def colours(self) -> dict[str, str]:
        return theme_colours(self.app)

    def on_screen_resume(self) -> None:
        """The app's title is the screen's in front (`smallops`, `smallops replay`)."""
        if self.TITLE:
            self.app.title = self.TITLE

    def mount_panes(self, archive: StepArchive | None = None) -> PanesView:
        """The panes' renderer; `archive` reads back a step folded out of the conversation."""
        self.panes = PanesView(self, self.colours, archive)
        return self.panes

    def theme_changed(self) -> None:
        """The theme changed: what is drawn in the theme's colours is drawn again."""
        if self.panes is not None:
            self.panes.redraw()

    def on_termination_signal(self, sig: int) -> None:
        """SIGTERM or SIGINT while this screen is in front (SIGHUP is the app's): the app ends."""
        self.app.exit()

    # -- keys: help and the command palette, from the bindings ------------------------------------

    def key_names(self, binding: Binding) -> str:
        """The keys of a binding as a person reads them, their keymap applied: `?`, `[`, `+ =`, `→ l`."""
        return key_names(self.app, binding)

    def keys_for(self, binding_id: str, bindings: Iterable[Any] | None = None) -> str:
        """The person's keys for the binding `binding_id` (of this screen, or of `bindings`), for hints: `y`, `f5/y`."""
        return keys_for(self.app, binding_id, list(self.BINDINGS if bindings is None else bindings))

    def help_rows(self) -> list[tuple[str, str]]:
        """(keys, what they do) for every binding of this screen, from the bindings themselves."""
        rows: dict[str, list[str]] = {}
        for binding in self.BINDINGS:
            if not isinstance(binding, Binding) or binding.action.startswith("digit("):
                continue
            meaning = binding.tooltip or binding.description
            rows.setdefault(meaning, []).append(self.key_names(binding))
        return [(" ".join(keys), meaning) for meaning, keys in rows.items()]

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.HELP_TITLE, self.help_rows(), self.HELP_FOOTNOTE))

    def system_commands(self) -> Iterable[SystemCommand]:
        """The palette's entries for this screen's keys (every action, with its key)."""
        for binding in self.BINDINGS:
            if not isinstance(binding, Binding) or binding.action in ("quit",) or binding.action.startswith("digit("):
                continue
            name = (binding.description or binding.action).capitalize()
            yield SystemCommand(name, f"{binding.tooltip or binding.description} — key {self.key_names(binding)}",
                                lambda action=binding.action: self.run_action(action))

    # -- keys both screens have -------------------------------------------------------------------

    def action_toggle_reasoning(self) -> None:
        if self.panes is not None:
            self.panes.toggle_reasoning()

    def action_toggle_diff(self) -> None:
        if self.panes is not None:
            self.panes.toggle_diff_mode()

    def action_hunk(self, direction: int) -> None:
        if self.panes is not None:
            self.panes.diff.next_hunk(direction)

    @property
    def proposal_text(self) -> Text | None:
        """The proposed-action pane's text (tests read it)."""
        return self.panes.proposal_text if self.panes is not None else None
