"""The steps before the newest ones, one line each, in one widget: a long session keeps on screen
(and in memory) what it shows, not everything it ever streamed.

The conversation shows the newest KEEP_WHOLE steps whole (a TurnView each); each older step is
folded into a line here (`▸ step 12 · LOW read_file notes.txt · ✓ auto-approved · read …`), and
the widgets and the text it had are let go. A click on a line opens that step under it, read back
from where the session is kept (the log of a live session, the fold of a replay: a `StepArchive`),
and a second click folds it again. One widget whatever the number of steps: Textual lays out
every widget on each change, and 400 turns as 400 widgets made a key take 1.6x as long.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.geometry import Size
from textual.selection import Selection
from textual.strip import Strip
from textual.widget import Widget

from ...agent.session.fold import Line, StepView, Turn
from ...agent.words import plural
from ..render import literal_str
from ..step_archive import StepArchive
from ..wrapping import wrap_words
from .row_painter import RowPainter
from .turn_view import KIND_CLASS, TurnView

KEEP_WHOLE = 20  # the newest steps the conversation shows whole



@dataclass(frozen=True)
class Folded:
    """One step as its line: its number, the line, and how it is styled."""

    number: int
    text: str
    component: str


def summary(step: StepView) -> Folded:
    """The step in one line: its proposal (risk, action, its main argument), what was decided and
    what came of it (the first line of each); a failure is styled as one."""
    shown = step.pane.shown
    parts = [f"▸ step {step.number}"]
    if shown is None:
        parts.append("no proposal")
    elif shown.action is None:
        parts.append(f"unusable reply ({shown.failure[0] if shown.failure else '?'})")
    else:
        argument = next((str(shown.action[key]) for key in ("path", "command", "summary") if key in shown.action), "")
        parts.append(f"{shown.level} {shown.action_name} {argument}".strip())
    said = [line for line in step.pane.lines] + ([step.pane.error] if step.pane.error is not None else [])
    parts += [line.text.split("\n", 1)[0].removeprefix("outcome: ") for line in said]
    failed = any(line.kind == "failed" for line in said)
    return Folded(step.number, literal_str(" · ".join(parts)), KIND_CLASS["failed"] if failed else "earlier--step")


def step_rows(step: StepView, width: int) -> list[tuple[str, str]]:
    """An opened step, whole: each turn's title, reasoning and answer, and every line it said."""
    rows: list[tuple[str, str]] = []

    def add(text: str, component: str, indent: str = "  ") -> None:
        for logical in literal_str(text).split("\n"):
            rows.extend((indent + piece, component) for piece in wrap_words(logical, max(10, width - len(indent))))

    for item in step.items:
        if isinstance(item, Turn):
            rows.append(("  " + item.title, "turn--title"))
            if item.reasoning:
                rows.append(("  reasoning:", "turn--toggle"))
                add(item.reasoning, "turn--reasoning", "    ")
            if item.answer:
                add(item.answer, "turn--answer")
            for line in item.lines:
                add(line.shown, KIND_CLASS[line.kind])
        elif isinstance(item, Line):
            add(item.shown, KIND_CLASS[item.kind])
    return rows


class EarlierSteps(Widget):
    """The folded steps, one line each; a click opens one (or folds it again)."""

    ALLOW_SELECT = True
    COMPONENT_CLASSES = TurnView.COMPONENT_CLASSES | {"earlier--step", "earlier--header"}

    def __init__(self, archive: StepArchive | None) -> None:
        super().__init__(classes="turn")
        self.archive = archive
        self.entries: list[Folded] = []
        self.opened: dict[int, StepView | str] = {}  # a step opened: what was read back (or why not)
        self._rows: list[tuple[str, str, int]] | None = None  # (text, component, step; 0: none)
        self._width = 0
        self.painter = RowPainter(self)

    # -- what it holds -----------------------------------------------------------------------------

    def add(self, step: StepView) -> None:
        """Fold one more step (the oldest of those shown whole) into its line."""
        entry = summary(step)
        self.entries.append(entry)
        self.display = True
        if self._rows is not None and self._rows:
            self._rows[0] = self._header()
            self._rows.append(self._row(entry))  # (one row more: the rest is as it was)
        self.refresh(layout=True)

    def pop(self) -> int:
        """Unfold the newest line (a replay going back): its step's number."""
        entry = self.entries.pop()
        self.opened.pop(entry.number, None)
        self.display = bool(self.entries)
        self._changed()
        return entry.number

    @property
    def text(self) -> str:
        """What it shows, as plain text (tests compare live and replay with it)."""
        return "\n".join(text for text, _, _ in self.rows())

    def texts(self) -> list[str]:
        """Each folded step's line."""
        return [entry.text for entry in self.entries]

    # -- its rows ----------------------------------------------------------------------------------

    def _header(self) -> tuple[str, str, int]:
        count = len(self.entries)
        return (f"── {plural(count, 'earlier step')}, one line each: click one to open it "
                f"({'the log keeps them whole' if self.archive is not None else 'no log keeps them'})",
                "earlier--header", 0)

    def _row(self, entry: Folded) -> tuple[str, str, int]:
        width = max(10, self._width)
        text = entry.text if len(entry.text) <= width else entry.text[: width - 1] + "…"
        return (text, entry.component, entry.number)

    def rows(self) -> list[tuple[str, str, int]]:
        if self._rows is None:
            rows = [self._header()]
            for entry in self.entries:
                rows.append(self._row(entry))
                opened = self.opened.get(entry.number)
                if isinstance(opened, StepView):
                    rows += [(text, component, entry.number) for text, component in step_rows(opened, self._width)]
                elif opened is not None:
                    rows.append((f"  {opened}", "turn--notice", entry.number))
            self._rows = rows
        return self._rows

    def _changed(self) -> None:
        self._rows = None
        self.refresh(layout=True)

    # -- opening a step ----------------------------------------------------------------------------

    def toggle(self, number: int) -> None:
        """Open step `number` under its line (read back), or fold it again."""
        if number in self.opened:
            del self.opened[number]
            self._changed()
            return
        if self.archive is None:
            self.opened[number] = "this session has no log: the steps folded away cannot be read back"
            self._changed()
            return
        self.opened[number] = f"reading step {number} back…"
        self._changed()
        self.run_worker(self._read(number), group=f"earlier-{number}", exit_on_error=False)

    async def _read(self, number: int) -> None:
        assert self.archive is not None
        try:
            found: StepView | str = await self.archive(number)
        except Exception as exc:  # noqa: BLE001 — a step that cannot be read back is said, never a traceback
            found = f"step {number} could not be read back: {type(exc).__name__}: {exc}"
        if number in self.opened:  # (not folded again meanwhile)
            self.opened[number] = found
            self._changed()

    # -- Textual ---------------------------------------------------------------------------------

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if width != self._width:
            self._width = width
            self._rows = None
        return len(self.rows())

    def on_resize(self) -> None:
        if self.size.width and self.size.width != self._width:
            self._width = self.size.width
            self._changed()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.painter.styles_changed()

    def on_click(self, event: events.Click) -> None:
        rows = self.rows()
        if 0 <= event.y < len(rows) and rows[event.y][2] and rows[event.y][1] != "turn--notice" \
                and (event.y == 0 or rows[event.y - 1][2] != rows[event.y][2]):  # the step's own line
            self.toggle(rows[event.y][2])

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        return selection.extract(self.text), "\n"

    def selection_updated(self, selection: Selection | None) -> None:
        self.refresh()

    def render_line(self, y: int) -> Strip:
        rows = self.rows()
        return self.painter.line(y, rows[y][:2] if y < len(rows) else None)
