"""Typed reads the tests share: the events of one class, and the screen a test drives.

A log event filtered by its `type` string does not narrow for mypy; filtered by its class it does,
and picks the same events (each class of agent/log/events.py carries one `type`; the streamed text
a log reads back is a ReasoningText or an AnswerText, as a live session's deltas are)."""

from __future__ import annotations

from collections.abc import AsyncGenerator, AsyncIterator, Iterable, Sequence
from typing import Any, TypeVar

from rich.text import Text
from textual.app import App
from textual.content import Content
from textual.screen import Screen
from textual.visual import VisualType
from textual.widget import Widget

from smallops_tui.agent.reply.stream import StreamEvent
from smallops_tui.agent.session.config import SessionOutcome
from smallops_tui.agent.session.decisions import Proposal
from smallops_tui.agent.session.loop import Session
from smallops_tui.backends.embedded import EmbeddedBackend
from smallops_tui.ui.app import SmallopsApp
from smallops_tui.ui.screens.live import LiveScreen
from smallops_tui.ui.screens.panes_screen import PanesScreen
from smallops_tui.ui.screens.replay import ReplayScreen
from smallops_tui.ui.widgets.panes import PanesView

T = TypeVar("T")
S = TypeVar("S", bound=Screen[Any])


def of(events: Iterable[object], kind: type[T]) -> list[T]:
    """The events of one class, in order (`of(log.events, Decision)`)."""
    return [e for e in events if isinstance(e, kind)]


def first(events: Sequence[object], kind: type[T]) -> T:
    """The first event, which must be of `kind` (`first(events, Failed).error`)."""
    event = events[0]
    assert isinstance(event, kind), f"the first event is {event!r}, not a {kind.__name__}"
    return event


def last(events: Sequence[object], kind: type[T]) -> T:
    """The last event, which must be of `kind` (`last(log.events, SessionEnded).reason`)."""
    event = events[-1]
    assert isinstance(event, kind), f"the last event is {event!r}, not a {kind.__name__}"
    return event


def live_screen(app: SmallopsApp) -> LiveScreen:
    """The live screen the app shows (its `main`, typed as any Screen)."""
    screen = app.main
    assert isinstance(screen, LiveScreen), screen
    return screen


def replay_screen(app: SmallopsApp) -> ReplayScreen:
    """The replay screen the app shows."""
    screen = app.main
    assert isinstance(screen, ReplayScreen), screen
    return screen


def _panes_screen(shown: SmallopsApp | PanesScreen) -> PanesScreen:
    screen = shown.main if isinstance(shown, SmallopsApp) else shown
    assert isinstance(screen, PanesScreen), screen
    return screen


def _live(shown: SmallopsApp | LiveScreen) -> LiveScreen:
    return live_screen(shown) if isinstance(shown, SmallopsApp) else shown


def panes_of(shown: SmallopsApp | PanesScreen) -> PanesView:
    """The panes of the live or replay screen (an app's, or a screen's), once mounted."""
    panes = _panes_screen(shown).panes
    assert panes is not None, "the screen's panes are not mounted"
    return panes


def proposal_text_of(shown: SmallopsApp | PanesScreen) -> Text:
    """What the proposal pane shows, once mounted."""
    text = _panes_screen(shown).proposal_text
    assert text is not None, "the screen's panes are not mounted"
    return text


def proposal_of(shown: SmallopsApp | LiveScreen) -> Proposal:
    """The proposal the live screen shows (there must be one)."""
    proposal = _live(shown).proposal
    assert proposal is not None, "no proposal shown"
    return proposal


def session_of(shown: SmallopsApp | LiveScreen) -> Session:
    """The live screen's session (once it started)."""
    session = _live(shown).session
    assert session is not None, "no session started"
    return session


def outcome_of(app: SmallopsApp) -> SessionOutcome:
    """How the app's live session ended (it must have)."""
    outcome = app.outcome
    assert outcome is not None, "the session has not ended"
    return outcome


def screen_of(app: App[Any], kind: type[S]) -> S:
    """The screen in front, which must be a `kind` (a dialog, the palette, ...)."""
    screen = app.screen
    assert isinstance(screen, kind), screen
    return screen


def plain(shown: Widget | VisualType) -> str:
    """The text a widget renders (or a prompt, a label: anything Textual draws), without its styles."""
    visual = shown.render() if isinstance(shown, Widget) else shown
    assert isinstance(visual, (Text, Content)), visual
    return visual.plain


def worker_pid(backend: EmbeddedBackend) -> int:
    """The process id of the embedded backend's worker (it must have started one)."""
    worker = backend._worker
    assert worker is not None and worker._proc is not None, "the backend started no worker"
    return worker._proc.pid


async def close_stream(stream: AsyncIterator[StreamEvent]) -> None:
    """Close a reply's stream as cancelling the UI's worker does (a backend's stream_chat is an async generator)."""
    assert isinstance(stream, AsyncGenerator), stream
    await stream.aclose()
