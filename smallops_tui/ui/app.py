"""The supervision app: three panes over one session, and the keys that decide.

The session (agent/loop.py) runs in an async worker and calls back into this app as its
`Decider`: a proposal arrives, is rendered, and a Future waits for a key. `y` is ignored until
the proposal is on screen and ARM_DELAY has passed; a HIGH-risk action needs `y` twice; Enter
and space are bound to nothing that decides.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Iterable, Literal

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from .. import __version__
from ..agent.actions import Action, Done, ListDir, ReadFile, RunCommand
from ..agent.events import EventLog
from ..agent.loop import Choice, Proposal, Session, SessionConfig, SessionOutcome, make_header
from ..agent.workspace import Workspace, WorkspaceError
from ..agent.guards import GUARD_LABELS
from ..agent.visible import fold_blank_runs, visible
from .render import DiffColours, DiffModel, build_diff, diff_text_lines, literal
from .screens import MODAL_CSS, EditScreen, HelpScreen, QuitScreen, RejectScreen, TaskScreen
from .themes import REQUIRED_VARIABLES, load_themes
from .proposal import Shown, proposal_text
from .waiting import ANSWERING, WAITING, Wait
from .widgets import Conversation, DiffView, StatusBar, TurnView
from .writer import ConversationWriter

ARM_DELAY = 0.3  # seconds a proposal must be on screen before `y` counts
FLUSH_INTERVAL = 1 / 30  # streamed text is appended to the screen at most this often
SPLIT_MIN_WIDTH = 110  # the diff pane must be this wide for side-by-side by default

THEME_DEFAULTS = {
    "risk-low": "#5fd787", "risk-medium": "#ffd75f", "risk-high": "#ff5f5f", "risk-text": "#000000",
    "diff-added": "#1f3d2a", "diff-removed": "#4a2226", "diff-added-strong": "#2e6b43",
    "diff-removed-strong": "#8a3038", "diff-gutter": "#6c6c6c", "reasoning": "#8a8a8a", "code-style": "monokai",
}

CSS = """
#main { height: 1fr; }
#conversation-pane { width: 45%; border: round $panel; }
#right { width: 1fr; }
#proposal-pane { height: auto; max-height: 45%; border: round $panel; padding: 0 1; }
#diff-pane { height: 1fr; border: round $panel; }
.pane-title { color: $text-muted; }
.outcome { color: $text; }
.outcome-failed { color: $error; }
.notice { color: $text-muted; text-style: italic; }
Screen.-narrow #main { layout: vertical; }
Screen.-narrow #conversation-pane { width: 1fr; height: 1fr; }
Screen.-narrow #right { height: 1fr; }
Screen.-narrow #proposal-pane { max-height: 50%; }
"""


def compose_panes(placeholder: str) -> ComposeResult:
    """The three panes, shared by a live session and a replay."""
    with Horizontal(id="main"):
        with Vertical(id="conversation-pane"):
            yield Conversation(id="conversation")
        with Vertical(id="right"):
            with VerticalScroll(id="proposal-pane"):
                yield Static(Text(placeholder), id="proposal")
            yield DiffView(id="diff-pane")


def title_panes(app: App[Any]) -> None:
    app.query_one("#conversation-pane").border_title = "conversation"
    app.query_one("#proposal-pane").border_title = "proposed action"
    app.query_one("#diff-pane").border_title = "diff"


def diff_lines(text: str, limit: int = 2000) -> list[Text]:
    """A logged or computed unified diff as lines, + and - coloured (first line in bold)."""
    return diff_text_lines(text, limit)


def theme_colours(app: App[Any]) -> dict[str, str]:
    """The app colours (risk, diff, reasoning, code style) of the theme in force."""
    variables = app.get_css_variables()
    return {key: variables.get(key, THEME_DEFAULTS[key]) for key in REQUIRED_VARIABLES + ("code-style",)}


class PanesApp(App[Any]):
    """What a live session and a replay share: themes (shipped and the person's) and app colours."""

    def __init__(self, theme: str) -> None:
        super().__init__()
        loaded = load_themes()
        for item in loaded.themes:
            self.register_theme(item)
        self.theme_errors = loaded.errors
        fallback = "smallops-dark" if "smallops-dark" in self.available_themes else "textual-dark"
        if fallback != "smallops-dark":  # an install without its themes must still start
            self.theme_errors.append("the shipped themes are missing from this install; using textual-dark")
        self.theme = theme if theme in self.available_themes else fallback

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(THEME_DEFAULTS)

    def _colours(self) -> dict[str, str]:
        return theme_colours(self)

    def handle_termination_signals(self) -> None:
        """SIGTERM and SIGHUP end the app as q does, so the terminal is restored and the log
        written (the default action would kill the process mid-frame)."""
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGHUP):
            try:
                loop.add_signal_handler(sig, self.on_termination_signal, sig)
            except (NotImplementedError, RuntimeError, ValueError):
                pass  # not on the main thread: the embedding program handles signals

    def on_termination_signal(self, sig: int) -> None:
        if sig == signal.SIGHUP:
            self.hang_up()
        self.exit()

    def hang_up(self) -> None:
        """The terminal is gone: nothing can be drawn or restored, and Textual's writer may block
        on it for ever. Whatever must be kept is kept, then the process ends at once."""
        from ..agent.commands import kill_live_commands

        kill_live_commands()
        os._exit(128 + signal.SIGHUP)

    def report_theme_errors(self) -> None:
        for error in self.theme_errors:
            self.notify(f"theme skipped: {visible(error)}", severity="warning", markup=False)

    HELP_TITLE = "smallops — keys"
    HELP_FOOTNOTE = ""

    def help_rows(self) -> list[tuple[str, str]]:
        """(keys, what they do) for every binding of this app, from the bindings themselves."""
        rows: dict[str, list[str]] = {}
        for binding in self.BINDINGS:
            if not isinstance(binding, Binding) or binding.action.startswith("digit("):
                continue
            meaning = binding.tooltip or binding.description
            # One binding may hold several keys ("plus,equals_sign"): each is shown as Textual draws it.
            rows.setdefault(meaning, []).extend(self.get_key_display(replace(binding, key=key.strip()))
                                                for key in binding.key.split(","))
        return [(" ".join(keys), meaning) for meaning, keys in rows.items()]

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.HELP_TITLE, self.help_rows(), self.HELP_FOOTNOTE))


class SmallopsApp(PanesApp):
    TITLE = "smallops"
    CSS = CSS + MODAL_CSS
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    BINDINGS = [
        Binding("y", "approve", "approve", tooltip="approve (armed once the proposal is shown and "
                f"{ARM_DELAY * 1000:.0f} ms have passed; HIGH needs y twice)"),
        Binding("n", "reject", "reject", tooltip="reject, with an optional reason sent to the model"),
        Binding("e", "edit", "edit", tooltip="edit the proposal, then approve the edited version"),
        Binding("escape", "cancel_generation", "cancel", tooltip="cancel the model's reply while it streams"),
        Binding("r", "retry", "retry", tooltip="retry the turn after an error or a cancel"),
        Binding("u", "undo", "undo", tooltip="undo the last applied change (the model is told)"),
        Binding("s", "stop", "stop", tooltip="stop the session (it is logged as stopped); press again to quit"),
        Binding("t", "toggle_reasoning", "reasoning", tooltip="show / hide all reasoning"),
        Binding("d", "toggle_diff", "diff view", tooltip="unified / side-by-side diff"),
        Binding("left_square_bracket", "hunk(-1)", "prev hunk", show=False, tooltip="previous hunk of the diff"),
        Binding("right_square_bracket", "hunk(1)", "next hunk", show=False, tooltip="next hunk of the diff"),
        Binding("end", "follow", "follow", show=False, tooltip="follow the newest text again"),
        Binding("question_mark", "help", "help", tooltip="this help"),
        Binding("q", "quit", "quit", tooltip="quit (asks first while a session runs; the log records the end)"),
    ]
    HELP_FOOTNOTE = "Enter and space never approve anything.  ctrl+p: every action in the command palette."

    def __init__(self, backend: Any, workspace: Workspace, config: SessionConfig | None, *,
                 backend_label: str = "", log_path: Path | None = None, theme: str = "smallops-dark",
                 on_theme_change: Any = None, app_version: str = __version__) -> None:
        self.backend = backend
        self.workspace = workspace
        self.session_config = config
        self.backend_label = backend_label or getattr(backend, "kind", "")
        self.log_path = log_path
        self.app_version = app_version
        self._on_theme_change = on_theme_change
        self.session: Session | None = None
        self.outcome: SessionOutcome | None = None
        self.proposal: Proposal | None = None
        self._decision: asyncio.Future[Choice] | None = None
        self._error_choice: asyncio.Future[str] | None = None
        self._armed_at: float | None = None
        self._confirming_high = False
        self._streaming = False
        self._stop_requested = False
        self._writer: ConversationWriter | None = None
        self._pending: list[tuple[str, str]] = []
        self._wait: Wait | None = None  # what the app is waiting on the model for, while it waits
        self._quit_when_ended = False
        self._session_crashed = False  # the session's task itself raised (a bug): nothing is live
        self._flush_scheduled = False
        self._reasoning_shown = True
        self._diff_mode_chosen = False
        self._diff_model: DiffModel | None = None
        self.rendered_proposals = 0  # counts proposals fully on screen (tests and benchmarks wait on it)
        self.clock: Callable[[], float] = time.monotonic  # the arming delay's clock (a test can drive it)
        self.proposal_text = Text()
        # Last: setting the theme runs watch_theme, which needs the state above.
        super().__init__(theme)

    # -- layout ----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from compose_panes("waiting for the model…")
        yield StatusBar(id="status")
        yield Footer()

    def on_mount(self) -> None:
        title_panes(self)
        self.handle_termination_signals()
        self.report_theme_errors()
        self._status()
        self._wait_timer = self.set_interval(0.1, self._show_wait, pause=True)
        self._theme_ready = True  # from here on a theme change is the person's choice, and persists
        self._warm_highlighting()
        if self.session_config is None or not self.session_config.task:
            self.push_screen(TaskScreen(), self._task_given)
        else:
            self.start_session()

    @work(thread=True, exit_on_error=False, group="warm")
    def _warm_highlighting(self) -> None:
        """Pay pygments' one-time costs (finding lexers, compiling their rules) before the first diff."""
        from ..agent.syntax import lexer_for

        suffixes = {Path(name).suffix for name in self.workspace.walk_files()[:500]} | {".py", ".sh"}
        for suffix in sorted(s for s in suffixes if s):
            lexer = lexer_for("x" + suffix)
            if lexer is not None:
                list(lexer.get_tokens("x = 1\n"))

    def _task_given(self, task: str | None) -> None:
        if not task:
            return
        if self.session_config is None:
            self.session_config = SessionConfig(task=task)
        else:
            self.session_config.task = task
        self.start_session()

    def watch_theme(self, old: str, new: str) -> None:
        if getattr(self, "_theme_ready", False):
            if self._diff_model is not None and self.proposal is not None:
                self._show_proposal_diff(self.proposal)
            if self._on_theme_change is not None and old != new:
                try:
                    self._on_theme_change(new)
                except (OSError, ValueError) as exc:  # the choice applies; only saving it failed
                    self.notify(f"the theme could not be saved to the config file: {exc}", severity="warning",
                                markup=False)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for binding in self.BINDINGS:
            if isinstance(binding, Binding) and binding.action not in ("quit",):
                yield SystemCommand(binding.description.capitalize(),
                                    f"{binding.tooltip or binding.description} (key: {self.get_key_display(binding)})",
                                    lambda action=binding.action: self.run_action(action))

    # -- the session -----------------------------------------------------------------------------

    @work(exclusive=True, group="session", exit_on_error=False)
    async def start_session(self) -> None:
        assert self.session_config is not None
        log = None
        if self.log_path is not None:
            header = make_header(self.session_config, self.workspace, self.backend_label,
                                 getattr(self.backend, "base_url", ""), getattr(self.backend, "model", ""),
                                 self.app_version)
            log = EventLog(self.log_path, header)
        self.session = Session(self.backend, self.workspace, self.session_config, self, log)
        self.session.listeners.append(self.on_session_event)
        conversation = self.query_one(Conversation)
        conversation.note(literal(f"Task: {self.session_config.task}", "bold"))
        conversation.note(literal(f"workspace: {self.workspace.root}", "dim"))
        self._status(sandbox=self.session.sandbox.label())
        if not self.session.sandbox.confined:
            conversation.note(literal(f"⚠ {self.session.sandbox.note}", "bold"))
            self.notify(self.session.sandbox.note, severity="warning", timeout=10)
        try:
            self.outcome = await self.session.run()
        except Exception as exc:  # never a traceback on screen: say what happened, keep the log
            self._session_crashed = True
            self._end_wait()
            self.query_one(Conversation).note(literal(f"the session failed: {type(exc).__name__}: {exc}"), "outcome-failed")
            self._status(state="failed")
            if self._quit_when_ended:
                self.exit(None)
            return
        if self._quit_when_ended:
            self.exit(self.outcome)
            return
        self._show_end(self.outcome)

    # Decider protocol --------------------------------------------------------------------------

    async def decide(self, proposal: Proposal) -> Choice:
        self.proposal = proposal
        self._decision = asyncio.get_running_loop().create_future()
        self._armed_at = None
        self._confirming_high = False
        self._flush()
        self._render_proposal(proposal)  # the footer follows once the proposal is drawn (see arm)
        try:
            return await self._decision
        finally:
            self._decision = None
            self._refresh_keys()

    async def after_backend_error(self, kind: str, message: str) -> Literal["retry", "stop"]:
        if self._stop_requested:
            return "stop"
        self._error_choice = asyncio.get_running_loop().create_future()
        self._refresh_keys()
        try:
            return await self._error_choice  # type: ignore[return-value]
        finally:
            self._error_choice = None
            self._refresh_keys()

    # events from the session -------------------------------------------------------------------

    def on_session_event(self, event: Any) -> None:
        kind = event.type
        if kind in ("thinking_delta", "content_delta"):
            if self._wait is not None and self._wait.label is not ANSWERING:
                self._wait.label = ANSWERING
                self._status(state="streaming")
            self._pending.append((kind, event.text))
            if not self._flush_scheduled:
                self._flush_scheduled = True
                self.set_timer(FLUSH_INTERVAL, self._flush)
            return
        self._flush()
        self.writer.handle(event)
        if kind == "turn_started":
            self._streaming = True
            self._begin_wait(WAITING)
            self._refresh_keys()
            self.query_one(DiffView).show_text([])
            self._status(step=event.step, state="waiting for the model")
        elif kind == "model_loading":
            self._begin_wait(event.text)
            self._status(state="loading the model")
        elif kind == "reply_finished":
            self._streaming = False  # the footer is redrawn once, when the proposal arrives
            self._end_wait()
            self._status(speed=event.tokens_per_second, state="")
            if self._turn is not None:
                self._turn.answer.scroll_end(animate=False)
        elif kind == "backend_error":
            self._streaming = False
            self._end_wait()
            what = "cancelled" if event.kind == "cancelled" else f"backend error ({event.kind})"
            self._set_proposal(literal(f"{what}: {event.message}\n\nr: retry the turn   s: stop"))
            self._status(state=what)
        elif kind == "decision" and event.decision == "approve" and self.proposal is not None \
                and isinstance(self.proposal.action, RunCommand):
            self._set_proposal(literal(f"running `{self.proposal.action.command}` …\n\nesc: cancel the command   "
                                       "s: stop the session"))
            self._status(state="running a command")
            self._refresh_keys()
        elif kind == "executed" and event.action == "run_command":
            self._set_proposal(literal(event.summary))
            self._status(state="")
            self._refresh_keys()
        elif kind == "notice" and self.session is not None and self.session.log is not None \
                and (self.log_failing or "session log" in event.text):
            # The log's trouble (or its recovery) must not scroll by unseen: a toast and the status bar.
            self.notify(event.text, severity="error" if self.log_failing else "information", timeout=10,
                        markup=False)
            self._status()
        elif kind == "undone" and event.diff:
            self.query_one(DiffView).show_text(diff_lines(event.diff))
        elif kind == "session_ended":
            self._streaming = False
            self._end_wait()
            self._refresh_keys()
            self._status(state=f"ended: {event.reason}")

    def _begin_wait(self, label: str) -> None:
        self._wait = Wait(label)
        self._show_wait()
        self._wait_timer.resume()

    def _end_wait(self) -> None:
        self._wait = None
        self._wait_timer.pause()

    def _show_wait(self) -> None:
        if self._wait is not None:
            self._set_proposal(self._wait.text())

    @property
    def writer(self) -> ConversationWriter:
        if self._writer is None:
            self._writer = ConversationWriter(self.query_one(Conversation))
        return self._writer

    @property
    def _turn(self) -> TurnView | None:
        return self.writer.turn

    @property
    def _turns(self) -> list[TurnView]:
        return self.writer.turns

    def _flush(self) -> None:
        self._flush_scheduled = False
        if not self._pending:
            return
        pending, self._pending = self._pending, []
        thinking = "".join(text for kind, text in pending if kind == "thinking_delta")
        answer = "".join(text for kind, text in pending if kind == "content_delta")
        self.writer.deltas(thinking, answer, self._reasoning_shown)
        self.query_one(Conversation).follow_later()

    # rendering a proposal ----------------------------------------------------------------------

    def _set_proposal(self, text: Text) -> None:
        self.proposal_text = text
        self.query_one("#proposal", Static).update(text)

    @property
    def armed(self) -> bool:
        """Whether `y` would count now (tests poll this instead of sleeping)."""
        return self._armed_at is not None and self.clock() >= self._armed_at

    @property
    def awaiting_decision(self) -> bool:
        return self._decision is not None and not self._decision.done()


    def _render_proposal(self, proposal: Proposal) -> None:
        self._set_proposal(proposal_text(Shown.live(proposal), self._colours()))
        if proposal.action is None:
            self.query_one(DiffView).show_text([literal(line) for line in fold_blank_runs(proposal.raw).split("\n")[:500]])
            self._arm_later()
            return
        self._show_proposal_diff(proposal)

    def _show_proposal_diff(self, proposal: Proposal) -> None:
        view = self.query_one(DiffView)
        action = proposal.action
        colours = self._colours()
        if proposal.preview is not None:
            self._show_edit_diff(proposal)
            return
        if isinstance(action, RunCommand):
            from .render import highlight_lines

            lines = [literal(f"$ (in {self.workspace.root})", "dim")]
            lines += highlight_lines("command.sh", fold_blank_runs(action.command), colours["code-style"])
            view.show_text(lines)
        elif isinstance(action, (ReadFile, ListDir)):
            view.show_text([literal(f"{action.action} → {action.path}")])  # a missing path is a guard flag
        elif isinstance(action, Done):
            view.show_text(diff_lines(proposal.net_diff))
        else:
            view.show_text([])
        self._arm_later()

    def _show_edit_diff(self, proposal: Proposal) -> None:
        """The edit's diff. The line diff itself was computed off the UI thread by the session;
        the rows built here are lazy (text is made when a row is first drawn), so this is cheap."""
        preview = proposal.preview
        assert preview is not None
        c = self._colours()
        colours = DiffColours(c["diff-added"], c["diff-removed"], c["diff-added-strong"], c["diff-removed-strong"],
                              c["diff-gutter"], c["code-style"])
        model = build_diff(preview.path, preview.before, preview.after, colours, 3, preview.diff.opcodes)
        self._diff_model = model
        view = self.query_one(DiffView)
        if not self._diff_mode_chosen:
            view.mode = "split" if view.size.width >= SPLIT_MIN_WIDTH else "unified"
        title = f"{preview.path}  +{model.added} -{model.removed}" + ("  (new file)" if preview.is_new_file else "")
        header = [literal(title, "bold")] + ([literal(model.note, "italic dim")] if model.note else [])
        view.show_model(model, header, {"added": c["diff-added"], "removed": c["diff-removed"], "gutter": c["diff-gutter"]})
        self._arm_later()

    def _arm_later(self) -> None:
        # Armed only after the proposal has been drawn, then ARM_DELAY more.
        def arm() -> None:
            self._armed_at = self.clock() + ARM_DELAY
            self.rendered_proposals += 1
            # The footer rebuild costs ~80 ms, so it comes after the proposal and its diff are on
            # screen; keys are checked when pressed, whatever the footer shows meanwhile.
            self.call_after_refresh(self._refresh_keys)

        self.call_after_refresh(arm)

    def _show_end(self, outcome: SessionOutcome) -> None:
        text = Text()
        text.append(f" SESSION ENDED · {outcome.status} ", style="bold reverse")
        text.append(f"  after {outcome.steps} step{'s' if outcome.steps != 1 else ''}\n")
        text.append("summary: ", style="dim")
        text.append(literal(outcome.summary + "\n"))
        changed = ", ".join(outcome.created + outcome.modified) or "none"
        text.append(literal(f"files changed or created: {changed}\n"))
        if outcome.deleted:
            text.append(literal(f"files deleted: {', '.join(outcome.deleted)}\n"))
        for flag in outcome.flags:
            text.append(f" ⚑ {GUARD_LABELS.get(flag.kind, flag.kind)} ", style="bold reverse")
            text.append(literal(f" {flag.message}\n"))
        if outcome.status == "done" and not outcome.flags:
            text.append("the claim matches the disk: files changed and no guard fired\n", style="dim")
        if self.log_path is not None:
            text.append(literal(f"log: {self.log_path}\n", "dim"))
        text.append("\nq: quit", style="dim")
        self._set_proposal(text)
        self.query_one(DiffView).show_text(diff_lines(outcome.net_diff))

    @property
    def log_failing(self) -> bool:
        """Whether the session log is failing to reach the disk right now."""
        return self.session is not None and self.session.log is not None and self.session.log.failing

    def _status(self, **changes: Any) -> None:
        if not hasattr(self, "_status_fields"):
            self._status_fields: dict[str, Any] = {}
        self._status_fields.update(changes)
        f = self._status_fields
        config = self.session_config
        cap = config.step_cap if config else "?"
        speed = f.get("speed")
        self.query_one(StatusBar).show(
            backend=f"{self.backend_label} · {getattr(self.backend, 'model', '')}",
            constrained=f"constrained {'on' if (config is None or config.constrained) else 'off'}",
            sandbox=f.get("sandbox", ""),
            step=f"step {f.get('step', 0)}/{cap}",
            speed=f"{speed:.0f} tok/s" if speed else "",
            log=("LOG NOT WRITTEN: the disk refuses it (events held in memory)" if self.log_failing else
                 f"log {str(self.log_path).replace(str(Path.home()), '~', 1)}" if self.log_path else "no log"),
            state=f.get("state", ""),
        )

    # -- keys ------------------------------------------------------------------------------------

    def _refresh_keys(self) -> None:
        """Redraw the footer only when the set of usable keys changed: a redraw rebuilds it."""
        usable = tuple(self.check_action(b.action, ()) for b in self.BINDINGS if isinstance(b, Binding))
        if usable != getattr(self, "_usable_keys", None):
            self._usable_keys = usable
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        deciding = self._decision is not None and not self._decision.done()
        has_action = deciding and self.proposal is not None and self.proposal.action is not None
        if action == "approve":
            return deciding and not (self.proposal is not None and self.proposal.refused)
        if action in ("reject", "edit"):
            return has_action
        if action == "retry":
            return self._error_choice is not None and not self._error_choice.done()
        if action == "cancel_generation":
            return self._streaming or (self.session is not None and self.session.command_running)
        if action == "undo":
            return deciding and bool(self.workspace.checkpoints)
        return True

    def action_approve(self) -> None:
        if self._decision is None or self._decision.done() or self.proposal is None:
            return
        if self._armed_at is None or self.clock() < self._armed_at:
            self.notify("not yet: read the proposal first (y works once it has been on screen a moment)",
                        severity="warning", timeout=2)
            return
        if self.proposal.refused:
            return
        if self.proposal.is_high and not self._confirming_high:
            self._confirming_high = True
            self.notify("HIGH risk: press y again to approve", severity="warning", timeout=4)
            return
        self._decision.set_result(Choice("approve"))

    def action_reject(self) -> None:
        if self._decision is None or self.proposal is None or self.proposal.action is None:
            return
        decision = self._decision

        def rejected(reason: str | None) -> None:
            if reason is not None and not decision.done():
                decision.set_result(Choice("reject", reason=reason))

        self.push_screen(RejectScreen(self.proposal.action.action), rejected)

    def action_edit(self) -> None:
        if self._decision is None or self.proposal is None or self.proposal.action is None:
            return
        decision = self._decision
        vocabulary = self.session_config.vocabulary if self.session_config else "seed"

        def edited(action: Action | None) -> None:
            if action is not None and not decision.done():
                decision.set_result(Choice("edit", edited=action))

        self.push_screen(EditScreen(self.proposal.action, vocabulary), edited)

    def action_cancel_generation(self) -> None:
        if self.session is None:
            return
        if self.session.cancel_command():
            self.notify("command cancelled")
        elif self.session.cancel_generation():
            self.notify("generation cancelled")

    def action_retry(self) -> None:
        if self._error_choice is not None and not self._error_choice.done():
            self._error_choice.set_result("retry")

    def action_undo(self) -> None:
        if self.session is None or self._decision is None:
            return
        try:
            path = self.session.undo()
        except WorkspaceError as exc:
            self.notify(visible(str(exc)), severity="error", markup=False)
            return
        if path is None:
            self.notify("nothing to undo")
        elif self.proposal is not None and self.proposal.depends_on_files and not self._decision.done():
            # The pending diff was computed against the file before the undo: it is shown again.
            self._decision.set_result(Choice("recheck"))

    def action_stop(self) -> None:
        if self.outcome is not None:
            self.exit(self.outcome)
            return
        self._stop_session("stopped by the person")

    def _stop_session(self, reason: str) -> None:
        """End the session as stopped, whatever it is doing: streaming, deciding or after an error."""
        self._stop_requested = True
        if self.session is not None:
            self.session.request_stop(reason)
        if self._decision is not None and not self._decision.done():
            self._decision.set_result(Choice("stop", reason=reason))
        elif self._error_choice is not None and not self._error_choice.done():
            self._error_choice.set_result("stop")

    def action_toggle_reasoning(self) -> None:
        self._reasoning_shown = not self._reasoning_shown
        for turn in self._turns:
            if turn.collapsible.display:
                turn.collapsible.collapsed = not self._reasoning_shown

    def action_toggle_diff(self) -> None:
        view = self.query_one(DiffView)
        self._diff_mode_chosen = True
        view.mode = "split" if view.mode == "unified" else "unified"

    def action_hunk(self, direction: int) -> None:
        self.query_one(DiffView).next_hunk(direction)

    def action_follow(self) -> None:
        self.query_one(Conversation).follow()

    @property
    def session_live(self) -> bool:
        return (self.session is not None and self.outcome is None and not self.session.ended
                and not self._session_crashed)

    async def action_quit(self) -> None:
        if not self.session_live:
            self.exit(self.outcome)
            return
        if isinstance(self.screen, QuitScreen) or self._quit_when_ended:
            return

        def answered(quit_now: bool | None) -> None:
            if quit_now:
                self.quit_session()

        self.push_screen(QuitScreen(), answered)

    def on_termination_signal(self, sig: int) -> None:
        if sig == signal.SIGHUP:
            self.hang_up()
        elif self.session_live:
            self.quit_session(f"the app received {signal.Signals(sig).name}")
        else:
            self.exit(self.outcome)

    def hang_up(self) -> None:
        if self.session is not None and self.session_live:
            self.session.abort("the terminal closed (SIGHUP)")
        super().hang_up()

    def quit_session(self, reason: str = "quit by the person") -> None:
        """End the session as stopped (logged), then exit once it has ended."""
        self._quit_when_ended = True
        self._stop_session(reason)
        # Should the session not end (a step that does not listen), the app still goes; the
        # session, cancelled on the way out, still writes its end to the log.
        self.set_timer(10, lambda: self.exit(self.outcome))
