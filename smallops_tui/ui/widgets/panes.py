"""The three panes, and the one renderer of a `SessionFold` into them.

`PanesView` draws the fold either incrementally, as events arrive (a live session, replay
playback), or a whole step at a time (replay stepping). The widgets are the same either way —
a `TurnView` per turn, a line per note, the pane text from `proposal.pane_text`, the diff from
the logged unified diff — so a replayed step is the screen the person saw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from ...agent.session.fold import Change, DiffSpec, Line, Pane, SessionFold, StepView, Turn
from ...agent.files.visible import fold_blank_runs, shown_path
from ..proposal import pane_text
from ..render import DiffColours, diff_model, diff_text_lines, highlight_lines, is_new_file, literal
from ..step_archive import StepArchive
from ..wrap import unmistakable
from .approval import Approval
from .conversation import Conversation, LineView, line_widget
from .diff_view import DiffView
from .earlier_steps import KEEP_WHOLE, EarlierSteps
from .turn_view import TurnView

SPLIT_MIN_WIDTH = 110  # the diff pane must be this wide for side-by-side by default


def compose_panes(placeholder: str) -> ComposeResult:
    """The conversation, the proposed action (with the approval bar under it) and the diff."""
    with Horizontal(id="main"):
        with Vertical(id="conversation-pane"):
            yield Conversation(id="conversation")
        with Vertical(id="right"):
            with VerticalScroll(id="proposal-pane"):
                yield Static(Text(placeholder), id="proposal")
            yield Approval(id="approval")
            yield DiffView(id="diff-pane")


def title_panes(screen: Screen[Any]) -> None:
    screen.query_one("#conversation-pane").border_title = "conversation"
    screen.query_one("#proposal-pane").border_title = "proposed action"
    screen.query_one("#diff-pane").border_title = "diff"


def diff_colours(colours: dict[str, str]) -> DiffColours:
    return DiffColours(colours["diff-added"], colours["diff-removed"], colours["diff-added-strong"],
                       colours["diff-removed-strong"], colours["diff-gutter"], colours["code-style"])


class PanesView:
    """Draws a SessionFold into the panes of `screen`; `colours` gives the theme's app colours.

    The conversation shows the newest KEEP_WHOLE steps whole; each older one is folded into one
    line of an EarlierSteps widget, which reads it back from `archive` when the person opens it."""

    def __init__(self, screen: Screen[Any], colours: Callable[[], dict[str, str]],
                 archive: StepArchive | None = None) -> None:
        self.app = screen.app
        self.archive = archive
        self.colours = colours
        self.conversation = screen.query_one(Conversation)
        self.proposal = screen.query_one("#proposal", Static)
        self.diff = screen.query_one(DiffView)
        self.proposal_text = Text()
        self.turn_views: dict[int, TurnView] = {}  # id(turn) -> its widget
        self.preamble_widgets: list[Widget] = []  # what was said before the first step
        self.step_widgets: list[list[Widget]] = []  # per step shown whole, what was mounted for it
        self.shown_steps: list[StepView] = []  # the steps shown whole, oldest first
        self.earlier: EarlierSteps | None = None  # the steps before them, one line each
        self.folded = 0  # how many steps are folded into it
        self.reasoning_mode: bool | None = None  # None: open while streaming, folded once answered
        self.diff_mode_chosen = False
        self._shown: tuple[Pane | None, DiffSpec | None] = (None, None)

    # -- the conversation --------------------------------------------------------------------------

    def preamble(self, lines: list[Line]) -> None:
        widgets = [line_widget(line) for line in lines]
        self.preamble_widgets += widgets
        self.conversation.add(*widgets)

    def _mount(self, widgets: list[Widget]) -> None:
        if self.step_widgets:
            self.step_widgets[-1].extend(widgets)
        self.conversation.add(*widgets)

    def _turn_view(self, turn: Turn) -> TurnView:
        view = TurnView(turn, self.reasoning_mode)
        self.turn_views[id(turn)] = view
        return view

    def _earlier(self) -> EarlierSteps:
        """The widget of the folded steps, mounted above the steps shown whole when first needed."""
        if self.earlier is None:
            self.earlier = EarlierSteps(self.archive)
            first = next((widget for widgets in self.step_widgets for widget in widgets), None)
            if first is not None:
                self.conversation.mount(self.earlier, before=first)
            elif self.preamble_widgets:
                self.conversation.mount(self.earlier, after=self.preamble_widgets[-1])
            else:
                self.conversation.mount(self.earlier, before=0)
        return self.earlier

    def _fold_oldest(self) -> None:
        """The oldest step shown whole becomes one line: its widgets (and its text) are let go."""
        earlier = self._earlier()
        step = self.shown_steps.pop(0)
        for widget in self.step_widgets.pop(0):
            if isinstance(widget, TurnView):
                self.turn_views.pop(id(widget.turn), None)
            widget.remove()
        earlier.add(step)
        self.folded += 1

    def _unfold_newest(self, step: StepView) -> None:
        """The newest folded line (`step`'s) shown whole again, above the steps shown whole."""
        assert self.earlier is not None
        self.earlier.pop()
        self.folded -= 1
        widgets = self._step_widgets(step)
        first = next((widget for widgets in self.step_widgets for widget in widgets), None)
        if first is not None:
            self.conversation.mount_all(widgets, before=first)
        else:
            self.conversation.add(*widgets)
        self.step_widgets.insert(0, widgets)
        self.shown_steps.insert(0, step)

    def _step_widgets(self, step: StepView) -> list[Widget]:
        return [self._turn_view(item) if isinstance(item, Turn) else line_widget(item) for item in step.items]

    def apply(self, change: Change, fold: SessionFold, placeholder: str = "") -> None:
        """What one event changed (the fold has already taken it)."""
        if change.new_step and fold.current is not None:
            self.step_widgets.append([])
            self.shown_steps.append(fold.current)
            while len(self.step_widgets) > KEEP_WHOLE:
                self._fold_oldest()
        if change.turn is not None:
            self._mount([self._turn_view(change.turn)])
        if change.line is not None:
            view = self.turn_views.get(id(change.in_turn)) if change.in_turn is not None else None
            if view is not None:
                view.add_line(change.line)
            elif not fold.steps:
                self.preamble([change.line])
            else:
                self._mount([line_widget(change.line)])
        if change.moved is not None:
            view = self.turn_views.get(id(change.moved))
            if view is not None:
                view.moved()
        step = fold.current
        if step is not None and change.pane:
            self.show_pane(step.pane, placeholder)
        if step is not None and change.diff:
            self.show_diff(step.diff)

    def deltas(self, turn: Turn, thinking: str, answer: str) -> None:
        view = self.turn_views.get(id(turn))
        if view is not None:
            view.add(thinking, answer)
            self.conversation.follow_later()

    @property
    def steps_shown(self) -> int:
        return self.folded + len(self.step_widgets)

    def show_steps(self, fold: SessionFold, count: int) -> None:
        """The conversation as it stood after `count` steps: the last KEEP_WHOLE whole, those
        before them one line each. Widgets are removed or added a step at a time (going back
        removes the last step's; nothing else is redrawn); a step never shown whole on the way
        is only ever a line."""
        whole_from = max(0, count - KEEP_WHOLE)
        with self.app.batch_update():
            while self.steps_shown > count and self.step_widgets:
                self.drop_last_step()
            while self.folded > count:
                assert self.earlier is not None
                self.earlier.pop()
                self.folded -= 1
            while self.folded < whole_from:
                if self.step_widgets:
                    self._fold_oldest()
                else:
                    self._earlier().add(fold.steps[self.folded])
                    self.folded += 1
            while self.folded > whole_from:
                self._unfold_newest(fold.steps[self.folded - 1])
            while self.steps_shown < count:
                step = fold.steps[self.steps_shown]
                self.step_widgets.append([])
                self.shown_steps.append(step)
                self._mount(self._step_widgets(step))

    def drop_last_step(self) -> None:
        """Remove the widgets of the last step shown (replay: going back, or a step played halfway)."""
        self.shown_steps.pop()
        for widget in self.step_widgets.pop():
            if isinstance(widget, TurnView):
                self.turn_views.pop(id(widget.turn), None)
            widget.remove()

    def conversation_texts(self) -> list[str]:
        """What the conversation shows, item by item, as plain text (tests compare views with it):
        a folded step is its line."""
        earlier = self.earlier.texts() if self.earlier is not None else []
        widgets = [widget for step in self.step_widgets for widget in step]
        return ([widget.text for widget in self.preamble_widgets if isinstance(widget, LineView)] + earlier
                + [widget.text for widget in widgets if isinstance(widget, (TurnView, LineView))])

    def set_reasoning_mode(self, mode: bool | None) -> None:
        self.reasoning_mode = mode
        for view in self.turn_views.values():
            view.set_mode(mode)

    def toggle_reasoning(self) -> None:
        """`t`: open all reasoning if the newest turn's is folded, else fold all."""
        views = list(self.turn_views.values())
        newest = next((v for v in reversed(views) if v.has_reasoning), None)
        if newest is None:
            self.set_reasoning_mode(not self.reasoning_mode if self.reasoning_mode is not None else True)
            return
        self.set_reasoning_mode(not newest.reasoning_open)

    # -- the proposal and the diff -------------------------------------------------------------------

    def set_proposal(self, text: Text, layout: bool = True) -> None:
        """`layout=False` when the text has as many lines as before (the waiting line's ticks): the
        screen is then only drawn again, not laid out again."""
        self.proposal_text = text
        self.proposal.update(text, layout=layout)

    def show_pane(self, pane: Pane, placeholder: str = "") -> None:
        self._shown = (pane, self._shown[1])
        text = pane_text(pane, self.colours())
        self.set_proposal(text if text.plain or not placeholder else Text(placeholder, style="italic"))
        if pane.ended is not None:  # the end is written last: a long reply above it must not hide it
            scroll = self.proposal.parent
            if isinstance(scroll, VerticalScroll):
                scroll.call_after_refresh(scroll.scroll_end, animate=False)

    def show_step(self, step: StepView | None, placeholder: str) -> None:
        if step is None:
            self.set_proposal(Text(placeholder, style="italic"))
            self.show_diff(DiffSpec())
            return
        self.show_pane(step.pane, placeholder)
        self.show_diff(step.diff)

    def show_diff(self, spec: DiffSpec) -> None:
        self._shown = (self._shown[0], spec)
        colours = self.colours()
        view = self.diff
        view.border_title = "diff"  # (a file from the palette may have been shown here: ui/file_peek.py)
        if spec.kind == "edit":
            model = diff_model(spec.path, spec.text, diff_colours(colours))
            if not self.diff_mode_chosen:
                view.mode = "split" if view.size.width >= SPLIT_MIN_WIDTH else "unified"
            title = f"{shown_path(spec.path)}  +{model.added} -{model.removed}" + ("  (new file)" if is_new_file(spec.text) else "")
            header = [literal(title, "bold")] + ([literal(model.note, "italic dim")] if model.note else [])
            view.show_model(model, header, {"added": colours["diff-added"], "removed": colours["diff-removed"],
                                            "gutter": colours["diff-gutter"]})
        elif spec.kind == "text":
            view.show_text(diff_text_lines(spec.text))
        elif spec.kind == "command":
            # Folded, never clipped: the person approves the whole command, so all of it is in view.
            command = unmistakable(fold_blank_runs(spec.text))
            view.show_text([literal(f"$ (in {spec.workspace})", "dim")]
                           + highlight_lines("command.sh", command, colours["code-style"]), wrap=True)
        elif spec.kind == "target":
            view.show_text([literal(spec.text)])
        elif spec.kind == "raw":
            view.show_text([literal(line) for line in fold_blank_runs(spec.text).split("\n")[:500]])
        else:
            view.show_text([])

    def redraw(self, placeholder: str = "") -> None:
        """The pane and the diff again, in the theme's new colours."""
        pane, spec = self._shown
        if pane is not None:
            self.show_pane(pane, placeholder)
        if spec is not None:
            self.show_diff(spec)

    def toggle_diff_mode(self) -> None:
        self.diff_mode_chosen = True
        self.diff.mode = "split" if self.diff.mode == "unified" else "unified"
