"""The sessions browser: the logged sessions, newest first (task, model, outcome, steps, date),
filtered as the person types; `enter` replays one, `f` forks it, `x` exports it, all in the same
app. It opens from the command palette, and when `smallops replay` is started without a log.

The list is read from each log's header and a bounded tail (agent/history/sessions.py), in a
thread, so a folder of a thousand logs lists at once; only the log chosen is read whole. A log is
hostile input: its task and model are drawn as literal text (no markup, invisible characters
shown), and one that cannot be read is a row that says so.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from pathlib import Path, PurePath
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from ...agent.files.visible import visible
from ...agent.history.fork import ForkError, check_step, has_workspace_record
from ...agent.history.replay import Replay
from ...agent.history.sessions import SessionSummary, Unreadable, scan_sessions
from ...agent.log.reader import LogError
from ...transcript import export_markdown
from ..widgets.bounded_input import BoundedInput
from .fork_dialog import ForkScreen, ForkTarget
from ..widgets.footer import FittingFooter
from .replay import ForkChosen, ForkRequest, ReplayScreen

Row = SessionSummary | Unreadable
TASK_ROOM = 54  # columns of the task in a row (the whole task of the row under the cursor is said below the list)
SESSIONS_CSS = Path(__file__).resolve().parent / "sessions.tcss"
COLUMNS = (("DATE", 16), ("TASK", TASK_ROOM), ("MODEL", 20), ("OUTCOME", 12), ("STEPS", 5))  # 117 columns in all


def date_of(created: str) -> str:
    try:
        return datetime.fromisoformat(created).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return visible(created[:16])


def one_line(text: str, room: int) -> str:
    """`text` on one line, its hidden characters shown, cut to `room` with an ellipsis."""
    flat = visible(" ".join(text.split()))
    return flat if len(flat) <= room else flat[: room - 1] + "…"


def cells(row: Row) -> tuple[Text, ...]:
    """The row's cells as literal text (a `[bold]` in a task is text, not style)."""
    if isinstance(row, Unreadable):
        reason = row.reason.replace(str(row.path), row.path.name)  # the folder is said under the list
        return (Text(""), Text(one_line(f"unreadable: {reason}", TASK_ROOM * 2), style="italic"),
                Text(""), Text("unreadable"), Text(""))
    return (Text(date_of(row.created)), Text(one_line(row.task or "(no task)", TASK_ROOM)),
            Text(one_line(row.model or row.backend or "?", 40)), Text(one_line(row.outcome, 40)),
            Text(str(row.steps), justify="right"))


def searchable(row: Row) -> str:
    """What the filter matches a row against, in lower case."""
    if isinstance(row, Unreadable):
        return f"unreadable {row.path.name} {row.reason}".lower()
    return " ".join((date_of(row.created), row.task, row.model, row.backend, row.outcome, row.workspace,
                     row.path.name, row.fork)).lower()


class SessionsScreen(Screen[None]):
    """The list of logged sessions; the filter has the keys while it has focus, the list after."""

    TITLE = "smallops — sessions"
    CSS_PATH: ClassVar[list[str | PurePath]] = [SESSIONS_CSS]
    BINDINGS = [
        # priority: the list and the filter take enter for themselves otherwise (and hide it from the footer).
        Binding("enter", "replay", "replay", priority=True, id="browse-replay", tooltip="replay the session"),
        Binding("f", "fork", "fork", id="browse-fork",
                tooltip="fork the session after its last step, in a fresh copy of its workspace"),
        Binding("x", "export", "export", id="browse-export", tooltip="export it as Markdown, beside the log"),
        Binding("slash", "filter", "filter", id="browse-filter", tooltip="type to filter the list"),
        Binding("down", "to_list", "list", show=False, id="browse-list", tooltip="from the filter to the list"),
        Binding("escape", "back", "back", id="browse-back", tooltip="leave the list"),
    ]

    def __init__(self, directory: Path, fork_defaults: ForkTarget | None = None) -> None:
        super().__init__()
        self.directory = directory
        self.fork_defaults = fork_defaults
        self.rows: list[Row] = []
        self.shown: list[Row] = []
        self.loaded = False  # the logs have been read (tests wait on it)
        self.exported: Path | None = None  # the last transcript written (tests read it)

    def compose(self) -> ComposeResult:
        yield BoundedInput(placeholder="type to filter: task, model, outcome, date…", id="filter", max_length=200)
        table: DataTable[Text] = DataTable(id="sessions", cursor_type="row", zebra_stripes=True)
        for label, width in COLUMNS:
            table.add_column(label, width=width)
        yield table
        yield Static(Text(""), id="browse-detail")
        yield Static(Text(f"reading the logs in {self.directory}…"), id="browse-status")
        yield FittingFooter(("filter",))

    def on_mount(self) -> None:
        self.query_one(Input).cursor_blink = False  # a steady cursor: pictures of the screen do not flicker
        self.query_one(Input).focus()
        self.load()

    @work(exclusive=True, group="sessions", exit_on_error=False)
    async def load(self) -> None:
        self.rows = await asyncio.to_thread(scan_sessions, self.directory)
        self.loaded = True
        self.refilter(self.query_one(Input).value)

    @on(Input.Changed, "#filter")
    def _typed(self, event: Input.Changed) -> None:
        if self.loaded:
            self.refilter(event.value)

    def refilter(self, text: str) -> None:
        words = text.lower().split()
        self.shown = [row for row in self.rows if all(word in searchable(row) for word in words)]
        table = self.query_one(DataTable)
        table.clear()
        table.add_rows(cells(row) for row in self.shown)
        readable = sum(isinstance(row, SessionSummary) for row in self.rows)
        if not self.rows:
            said = f"no session logs in {self.directory} yet"
        else:  # (f and x are letters of the filter while it has the keys: the list has them)
            said = (f"{len(self.shown)} of {len(self.rows)} shown · {len(self.rows) - readable} unreadable · "
                    f"↓ list: f fork, x export · {self.directory}")
        self.query_one("#browse-status", Static).update(Text(said))

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The whole of the row under the cursor, under the list: its task, or why it is unreadable."""
        if not 0 <= event.cursor_row < len(self.shown):
            return
        row = self.shown[event.cursor_row]
        if isinstance(row, Unreadable):
            said = f"{row.path.name}: unreadable: {row.reason.replace(str(row.path), row.path.name)}"
        else:
            said = f"{row.path.name}: {row.task}" + (f"  ({row.fork})" if row.fork else "")
        self.query_one("#browse-detail", Static).update(Text(one_line(said, 2000)))

    # -- the chosen row -------------------------------------------------------------------------

    def chosen(self) -> SessionSummary | None:
        """The session under the list's cursor (None, said why, when there is none or it is unreadable)."""
        table = self.query_one(DataTable)
        if not self.shown:
            self.notify("no session is shown: change the filter", severity="warning")
            return None
        row = self.shown[min(max(table.cursor_row, 0), len(self.shown) - 1)]
        if isinstance(row, Unreadable):
            self.notify(visible(row.reason), severity="warning", markup=False, timeout=8)
            return None
        return row

    async def _load(self, row: SessionSummary) -> Replay | None:
        return await load_replay(self.app, row.path)

    @work(exclusive=True, group="open", exit_on_error=False)
    async def action_replay(self) -> None:
        row = self.chosen()
        if row is not None:
            await open_replay(self.app, row.path, self.fork_defaults)

    @work(exclusive=True, group="open", exit_on_error=False)
    async def action_fork(self) -> None:
        row = self.chosen()
        if row is not None:
            await ask_fork(self.app, row.path, self.fork_defaults)

    @work(exclusive=True, group="open", exit_on_error=False)
    async def action_export(self) -> None:
        row = self.chosen()
        replay = await self._load(row) if row is not None else None
        if replay is None:
            return
        out = replay.path.with_suffix(".md")
        try:
            await asyncio.to_thread(out.write_text, export_markdown(replay), "utf-8")
        except OSError as exc:
            self.notify(f"the transcript could not be written to {out}: {exc.strerror}", severity="error",
                        markup=False)
            return
        self.exported = out
        self.notify(f"exported: {out}", markup=False, timeout=10)

    def action_filter(self) -> None:
        self.query_one(Input).focus()

    def action_to_list(self) -> None:
        self.query_one(DataTable).focus()

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        else:
            self.app.exit()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "to_list":  # only from the filter (in the list, down moves the cursor)
            return isinstance(self.focused, Input)
        return True


# -- opening and forking a logged session: the browser's keys, and the palette's sessions ----------

async def load_replay(app: App[object], path: Path) -> Replay | None:
    """The whole log at `path` (read in a thread), or None with a notice saying why it cannot be."""
    try:
        return await asyncio.to_thread(Replay.load, path)
    except LogError as exc:
        app.notify(visible(str(exc)), severity="error", markup=False, timeout=10)
        return None


def fork_target(base: ForkTarget | None, replay: Replay) -> ForkTarget:
    """What the fork's dialog offers: the caller's (flags, settings), the log's model if none."""
    base = base or ForkTarget("auto", "", "")
    return ForkTarget(base.backend, base.url, base.model or replay.header.model)


async def open_replay(app: App[object], path: Path, base: ForkTarget | None) -> None:
    """The session logged at `path`, replayed in front."""
    replay = await load_replay(app, path)
    if replay is not None:
        app.push_screen(ReplayScreen(replay, fork_target(base, replay)))


async def ask_fork(app: App[object], path: Path, base: ForkTarget | None) -> None:
    """The fork dialog for the session at `path`, after its last step that can go on; the choice
    goes to the app (ForkChosen), which starts the live session in the same process."""
    replay = await load_replay(app, path)
    if replay is None:
        return
    step = next((k for k in range(len(replay.steps), -1, -1) if _forkable(replay, k)), None)
    if step is None or not has_workspace_record(replay):
        app.notify("this log cannot be forked: it has no record of its workspace, or no step to go on after "
                   "(open it to see why)", severity="warning", timeout=8)
        return

    def fork(target: ForkTarget | None) -> None:
        if target is not None and step is not None:
            app.post_message(ForkChosen(ForkRequest(replay.path, step, target.backend, target.url, target.model),
                                        replay))

    app.push_screen(ForkScreen(step, fork_target(base, replay)), fork)


def _forkable(replay: Replay, step: int) -> bool:
    try:
        check_step(replay, step)
    except ForkError:
        return False
    return True

