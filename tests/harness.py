"""What the tests share to drive a session: through the app (Pilot, against the replay server) or
through the loop alone, and to read what the screen shows."""

from __future__ import annotations

import socket
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from textual.pilot import Pilot

from smallops_tui.agent import Workspace
from smallops_tui.agent.session.loop import ScriptedPolicy, Session, SessionConfig, SessionOutcome
from smallops_tui.agent.log.events import Event
from smallops_tui.backends import OllamaBackend
from smallops_tui.ui.app import SmallopsApp
from smallops_tui.ui.screens.live import LiveScreen
from smallops_tui.ui.widgets.diff_view import DiffView

from .replay_server import ReplayServer
from .waiting import wait_for
from .apps import live_app
from .typed import live_screen, of

CHAT = "/api/chat"
T = TypeVar("T")


class Harness:
    def __init__(self, app: SmallopsApp, pilot: Pilot[Any], server: ReplayServer) -> None:
        self.app, self.pilot, self.server = app, pilot, server

    async def proposal(self, n: int) -> None:
        await wait_for(self.pilot, lambda: live_screen(self.app).rendered_proposals >= n and live_screen(self.app).awaiting_decision,
                       f"proposal {n} on screen")

    async def approve(self, n: int) -> None:
        await self.proposal(n)
        await wait_for(self.pilot, lambda: live_screen(self.app).armed, "the approve key to arm")
        await self.pilot.press("y")

    async def confirm_if_high(self) -> None:
        await confirm_if_high(self.pilot, self.app)

    async def ended(self) -> None:
        await wait_for(self.pilot, lambda: self.app.outcome is not None, "the session to end")

    def events(self, kind: type[T]) -> list[T]:
        """The session's events of one class so far (`h.events(Decision)`)."""
        return of(session_events(self.app), kind)

    def request(self, n: int) -> Any:
        return self.server.requests[n].json()


async def confirm_if_high(pilot: Pilot[Any], app: SmallopsApp) -> None:
    """After a first `y`: if it asked to confirm a HIGH action, the second, deliberate `y`. A
    person gives the warning HIGH_CONFIRM_DELAY on screen and lifts the key first; the test waits
    for the warning to be drawn and moves the approval's clock past that wait instead of sleeping."""
    from smallops_tui.ui.widgets.approval import HIGH_CONFIRM_DELAY, KEY_RELEASE_GAP

    approval = live_screen(app).approval
    if not approval.confirming_high:
        return
    await wait_for(pilot, lambda: approval.warned_at is not None or not approval.confirming_high, "the HIGH warning drawn")
    if not approval.confirming_high:
        return
    clock, skip = approval.clock, HIGH_CONFIRM_DELAY + KEY_RELEASE_GAP
    approval.clock = lambda: clock() + skip
    await pilot.press("y")


# The events each app's live session emitted, in order (session_app records them).
_SESSION_EVENTS: weakref.WeakKeyDictionary[LiveScreen, list[Event]] = weakref.WeakKeyDictionary()


def session_events(app: SmallopsApp) -> list[Event]:
    """The events the live session of an app built by session_app emitted so far."""
    return _SESSION_EVENTS[live_screen(app)]


def session_app(workspace: Workspace, backend: Any, tmp_path: Path, task: str | None = "fix the bug",
                vocabulary: str = "seed", approval_mode: str = "manual", config_options: dict[str, Any] | None = None,
                **kw: Any) -> SmallopsApp:
    config = SessionConfig(task=task, vocabulary=vocabulary, approval_mode=approval_mode,
                           **(config_options or {})) if task else None
    app = live_app(backend, workspace, config, backend_label="ollama", log_path=tmp_path / "log.jsonl", **kw)
    screen = live_screen(app)
    events = _SESSION_EVENTS[screen] = []
    original: Callable[[Event], None] = screen.on_session_event

    def record(event: Event) -> None:
        events.append(event)
        original(event)

    screen.on_session_event = record  # type: ignore[method-assign]  # the test listens in on the screen
    return app


class run_app:
    """async with run_app(turns, workspace, tmp_path) as h: ... — server, backend, app and pilot."""

    def __init__(self, turns, workspace, tmp_path, size=(120, 40), backend_state=None, routes=None,
                 notifications: bool = False, **kw) -> None:
        """`notifications`: draw toasts (Textual's run_test leaves them out unless asked)."""
        self.turns, self.workspace, self.tmp_path, self.size, self.kw = turns, workspace, tmp_path, size, kw
        self.notifications = notifications
        self.backend_state = backend_state or {}  # attributes discovery would set on the backend
        self.routes = routes or {}  # more of the server than /api/chat (e.g. /api/tags)

    async def __aenter__(self) -> Harness:
        self.server = await ReplayServer({CHAT: list(self.turns), **self.routes}).__aenter__()
        self.backend = OllamaBackend(self.server.url, "test-model")
        for name, value in self.backend_state.items():
            setattr(self.backend, name, value)
        self.app = session_app(self.workspace, self.backend, self.tmp_path, **self.kw)
        self.context = self.app.run_test(size=self.size, notifications=self.notifications)
        pilot = await self.context.__aenter__()
        return Harness(self.app, pilot, self.server)

    async def __aexit__(self, *exc) -> None:
        await self.context.__aexit__(*exc)
        await self.backend.aclose()
        await self.server.__aexit__(*exc)


class Recorder:
    def __init__(self, session: Session) -> None:
        self.events: list[Event] = []
        session.listeners.append(self.events.append)

    def types(self) -> list[str]:
        return [e.type for e in self.events if not e.type.endswith("_delta")]

    def of(self, kind: type[T]) -> list[T]:
        """The session's events of one class (`rec.of(Decision)`)."""
        return of(self.events, kind)


async def run_session(turns: Any, workspace: Workspace, decider: Any = None, tmp_path: Path | None = None,
                      **config: Any) -> tuple[SessionOutcome, Recorder, ReplayServer]:
    async with ReplayServer({CHAT: list(turns)}) as server:
        async with OllamaBackend(server.url, "test") as backend:
            session = Session(backend, workspace, SessionConfig(task="fix the bug", **config),
                              decider or ScriptedPolicy("approve-all"), tmp_path / "s.jsonl" if tmp_path else None)
            recorder = Recorder(session)
            outcome = await session.run()
    return outcome, recorder, server


def diff_pane(app) -> list[str]:
    view = app.query_one(DiffView)
    rows = [line.plain for line in view.header]
    for row in view._rows():
        for side in row if isinstance(row, tuple) else (row,):
            if side is not None:
                rows.append(side.text.plain)
    return rows


def toast_texts(app) -> list[str]:
    """What each notification's toast draws (markup parsed or not, as the app asked)."""
    from textual.widgets._toast import Toast

    return [Toast(n).render().plain for n in app._notifications]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
