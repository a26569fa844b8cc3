"""smallops as an ACP agent: `initialize`, then `session/new` or `session/load`, `session/list`,
`session/set_mode`, `session/prompt` and `session/cancel`, over the same supervised session the app
runs.

An ACP session is one conversation (conversation.py) in one workspace (its `cwd`, checked in
inputs.py) with one log: the first prompt runs a supervised session on the prompt's text, each
later prompt goes on with it as a follow-up task, and each answers with a stop reason that says how
its task ended (`_meta.smallops` adds the status, summary and log path). Its id is the log's name,
so `session/list` lists the logged sessions of a `cwd` and `session/load` reopens one (its history
sent as updates first). The session modes are the approval modes. The session is built where every
session is built (session_setup.py), with the backend and options `run` would use; its decider is
the client (decider.py); its events go out as updates (updates.py).

Strict where the protocol is: nothing but `initialize` before `initialize`. One supervised task runs
at a time in a process: a second prompt while one runs is refused with a sentence, whichever
session it names. `session/cancel`, a client that goes away and a signal all end the running task
as stopped, which logs it as such.
"""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import Awaitable, Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from acp.exceptions import RequestError
from acp.meta import PROTOCOL_VERSION
from acp.schema import (
    AgentCapabilities,
    Implementation,
    InitializeResponse,
    ListSessionsResponse,
    LoadSessionResponse,
    McpCapabilities,
    NewSessionResponse,
    PromptCapabilities,
    PromptResponse,
    SessionCapabilities,
    SessionInfo,
    SessionListCapabilities,
    SessionMode,
    SessionModeState,
    SetSessionModeResponse,
    StopReason,
)

from .. import __version__
from ..agent.files.visible import visible
from ..agent.session.steering import APPROVAL_MODES, MODE_LABELS, ApprovalMode
from ..continuing import ContinueError, logs_of, take_up
from ..launch import LaunchError
from ..paths import sessions_dir
from .connection import ClientLink
from .conversation import Conversation, Offered
from .history import replay_history
from .inputs import InputRefused, choose_workspace, task_from

if TYPE_CHECKING:
    from ..agent.session.config import SessionOutcome
    from ..config import Settings
    from ..launch import Prepared

INVALID_REQUEST, INVALID_PARAMS, INTERNAL_ERROR = -32600, -32602, -32603
MAX_SESSIONS = 256  # a client that opens sessions without end must not grow the process without end
LISTED = 200  # session/list gives the newest this many (no paging: a person picks from the top)

STOP_REASONS: dict[str, StopReason] = {"done": "end_turn", "stopped": "cancelled", "step_cap": "max_turn_requests",
                                       "backend_error": "end_turn", "error": "end_turn"}
MODE_TEXT = {"manual": "every action waits for your answer",
             "auto-low": "LOW actions run at once; MEDIUM, HIGH, flagged and edited ones and `done` still ask"}
SESSION_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,120}")


def modes(current: str) -> SessionModeState:
    """The session modes: the approval modes, as the app's `a` switches them."""
    return SessionModeState(current_mode_id=current, available_modes=[
        SessionMode(id=mode, name=MODE_LABELS[mode], description=MODE_TEXT[mode]) for mode in APPROVAL_MODES])


class BackendSupply:
    """The backend `run` would use, prepared once in the background from the start (discovery, or
    the embedded model's check), so `initialize` answers at once. A failure is kept as a sentence
    and tried again at the next session (the person may have started Ollama since)."""

    def __init__(self, prepare: Callable[[], Awaitable[Prepared]]) -> None:
        self._prepare = prepare
        self._task: asyncio.Task[Prepared] | None = None

    def start(self) -> None:
        if self._task is None or (self._task.done() and (self._task.cancelled() or self._task.exception())):
            self._task = asyncio.ensure_future(self._prepare())
            # Its failure is read by whoever awaits it; with no one waiting (the client left), here.
            self._task.add_done_callback(lambda task: task.cancelled() or task.exception())

    async def get(self) -> Prepared:
        self.start()
        assert self._task is not None
        try:
            return await asyncio.shield(self._task)
        except Exception as exc:  # noqa: BLE001 — LaunchError is a sentence; anything else becomes one
            message = str(exc) if isinstance(exc, LaunchError) else f"{type(exc).__name__}: {exc}"
            raise RequestError(INTERNAL_ERROR, f"no model to work with: {message}") from None

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is None:
            return
        if not task.done():
            task.cancel()
            return
        if not task.cancelled() and task.exception() is None:
            await task.result().backend.aclose()


def _refused(exc: InputRefused) -> RequestError:
    return RequestError(INVALID_PARAMS, str(exc))


class SmallopsAgent:
    """The agent side of the protocol (see the module)."""

    def __init__(self, settings: Settings, backend: BackendSupply, link: ClientLink | None = None) -> None:
        self.settings = settings
        self.backend = backend
        self.link = link
        self.sessions: dict[str, Conversation] = {}
        self.offered = Offered()
        self.initialized = False
        self._busy: Conversation | None = None  # the session whose prompt runs
        self._ended = asyncio.Event()  # set while no prompt runs
        self._ended.set()

    # -- the protocol's methods ----------------------------------------------------------------

    async def initialize(self, protocol_version: int, client_capabilities: Any = None, client_info: Any = None,
                         **_: Any) -> InitializeResponse:
        if client_info is not None and isinstance(getattr(client_info, "name", None), str):
            version = getattr(client_info, "version", "")
            self.offered.name = f"{client_info.name} {version}".strip()[:100]
        fs = getattr(client_capabilities, "fs", None)
        self.offered.reads = getattr(fs, "read_text_file", False) is True
        self.offered.writes = getattr(fs, "write_text_file", False) is True
        self.initialized = True
        return InitializeResponse(
            protocol_version=PROTOCOL_VERSION,
            agent_capabilities=AgentCapabilities(
                load_session=True,
                prompt_capabilities=PromptCapabilities(image=False, audio=False, embedded_context=False),
                mcp_capabilities=McpCapabilities(http=False, sse=False),
                session_capabilities=SessionCapabilities(list=SessionListCapabilities())),
            agent_info=Implementation(name="smallops", title="smallops (supervised small model)", version=__version__),
            auth_methods=[])

    async def new_session(self, cwd: str, additional_directories: Any = None, mcp_servers: Any = None,
                          **_: Any) -> NewSessionResponse:
        self._check_initialized("session/new")
        workspace = self._workspace(cwd)
        self._room_for_one_more()
        await self.backend.get()  # a model that cannot be had is said now, not at the first prompt
        log_path = new_acp_log()
        mode = self._starting_mode()
        assert self.link is not None
        conversation = Conversation(log_path.stem, workspace, log_path, self.link, mode,
                                    mcp_servers=server_names(mcp_servers))
        self.sessions[conversation.id] = conversation
        return NewSessionResponse(session_id=conversation.id, modes=modes(mode))

    async def load_session(self, cwd: str, session_id: str, mcp_servers: Any = None, **_: Any) -> LoadSessionResponse:
        self._check_initialized("session/load")
        workspace = self._workspace(cwd)
        live = self.sessions.get(session_id) if isinstance(session_id, str) else None
        if live is not None and live is self._busy:
            raise RequestError(INVALID_REQUEST, f"session {visible_id(session_id)} has a prompt running: wait for its "
                               "stop reason")
        log = live.log_path if live is not None else find_log(session_id)
        try:
            taken = take_up(log)
        except ContinueError as exc:
            raise RequestError(INVALID_PARAMS, str(exc)) from None
        if Path(taken.replay.header.workspace).resolve() != workspace.root:
            raise RequestError(INVALID_PARAMS, f"session {visible_id(session_id)} worked in "
                               f"{visible(taken.replay.header.workspace)}, not in {visible(str(workspace.root))}")
        assert self.link is not None
        link = self.link
        await replay_history(taken.replay, lambda update: link.update(session_id, update), str(workspace.root))
        if live is not None:  # already open in this process: it goes on as it is
            return LoadSessionResponse(modes=modes(live.mode))
        self._room_for_one_more()
        await self.backend.get()
        mode = self._starting_mode()
        conversation = Conversation(session_id, workspace, log, link, mode, taken_up=taken,
                                    mcp_servers=server_names(mcp_servers))
        self.sessions[session_id] = conversation
        return LoadSessionResponse(modes=modes(mode))

    async def list_sessions(self, cwd: str | None = None, cursor: str | None = None, **_: Any) -> ListSessionsResponse:
        self._check_initialized("session/list")
        if cwd is not None and (not isinstance(cwd, str) or not Path(cwd).is_absolute()):
            raise RequestError(INVALID_PARAMS, f"session/list: cwd must be an absolute path, not {visible_id(cwd)}")
        rows = logs_of(Path(cwd) if cwd is not None else None)
        return ListSessionsResponse(sessions=[
            SessionInfo(session_id=row.path.stem, cwd=row.workspace, title=visible(row.task)[:200] or None,
                        updated_at=updated_at(row.path), field_meta={"smallops": {
                            "steps": row.steps, "outcome": row.outcome, "model": row.model, "log": str(row.path)}})
            for row in rows[:LISTED]])

    async def set_session_mode(self, session_id: str, mode_id: str, **_: Any) -> SetSessionModeResponse:
        self._check_initialized("session/set_mode")
        conversation = self._session(session_id)
        if mode_id not in APPROVAL_MODES:
            raise RequestError(INVALID_PARAMS, f"there is no mode {visible_id(mode_id)}: the modes are "
                               f"{', '.join(APPROVAL_MODES)} (the approval modes)")
        mode: ApprovalMode = "auto-low" if mode_id == "auto-low" else "manual"
        conversation.set_mode(mode)
        return SetSessionModeResponse()

    async def prompt(self, session_id: str, prompt: list[Any], **_: Any) -> PromptResponse:
        self._check_initialized("session/prompt")
        conversation = self._session(session_id)
        if self._busy is not None:
            where = "in this session" if self._busy is conversation else f"in session {self._busy.id}"
            raise RequestError(INVALID_REQUEST, f"a prompt is already running {where}; smallops runs one supervised "
                               "session at a time: wait for its stop reason, or send session/cancel")
        try:
            task = task_from(prompt, conversation.workspace.root)
        except InputRefused as exc:
            raise _refused(exc) from None
        self._busy = conversation  # (no await since the check: a second prompt cannot slip in between)
        self._ended.clear()
        try:
            prepared = await self.backend.get()
            outcome = await conversation.prompt(task, prepared, self.settings, self.offered)
        finally:
            self._busy = None
            self._ended.set()
        return PromptResponse(stop_reason=STOP_REASONS.get(outcome.status, "end_turn"),
                              field_meta=_outcome_meta(outcome, conversation.log_path))

    async def cancel(self, session_id: str, **_: Any) -> None:
        conversation = self.sessions.get(session_id) if isinstance(session_id, str) else None
        if conversation is not None and conversation is self._busy:
            conversation.stop("cancelled by the client (session/cancel)")

    # -- the end of the connection -------------------------------------------------------------

    async def shutdown(self, reason: str) -> None:
        """End the running task as stopped (logged), and wait for its end."""
        if self._busy is not None:
            self._busy.stop(reason)
        await self._ended.wait()

    # -- inside ----------------------------------------------------------------------------

    def _check_initialized(self, method: str) -> None:
        if not self.initialized:
            raise RequestError(INVALID_REQUEST, f"{method} before initialize: a client first says which protocol "
                               "version it speaks (initialize), then opens sessions")

    def _workspace(self, cwd: object) -> Any:
        try:
            return choose_workspace(cwd)
        except InputRefused as exc:
            raise _refused(exc) from None

    def _starting_mode(self) -> ApprovalMode:
        return "auto-low" if self.settings.approval == "auto-low" else "manual"

    def _session(self, session_id: object) -> Conversation:
        conversation = self.sessions.get(session_id) if isinstance(session_id, str) else None
        if conversation is None:
            raise RequestError(INVALID_PARAMS, f"there is no session {visible_id(session_id)}: create one with "
                               "session/new, or open a logged one with session/load")
        return conversation

    def _room_for_one_more(self) -> None:
        if len(self.sessions) < MAX_SESSIONS:
            return
        idle = next((key for key, value in self.sessions.items() if not value.running and value is not self._busy),
                    None)
        if idle is None:
            raise RequestError(INVALID_REQUEST,
                               f"{MAX_SESSIONS} sessions are open; close this connection and start again")
        del self.sessions[idle]


def new_acp_log() -> Path:
    """A new session's log: its name is the session's id, so it must be unique before it exists."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return sessions_dir() / f"{stamp}-acp-{uuid.uuid4().hex[:8]}.jsonl"


def find_log(session_id: object) -> Path:
    """The log whose name is `session_id` (in the sessions folder, or a folder one level down)."""
    if not isinstance(session_id, str) or not SESSION_ID.fullmatch(session_id) or ".." in session_id:
        raise RequestError(INVALID_PARAMS, f"there is no logged session {visible_id(session_id)}")
    folder = sessions_dir()
    for path in (folder / f"{session_id}.jsonl", *folder.glob(f"*/{session_id}.jsonl")):
        if path.is_file():
            return path
    raise RequestError(INVALID_PARAMS, f"there is no logged session {visible_id(session_id)} in {folder} "
                       "(session/list lists them)")


def updated_at(path: Path) -> str | None:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).isoformat(timespec="seconds")
    except OSError:
        return None


def server_names(servers: object) -> list[str]:
    """The names of the MCP servers a client offered (they are not used; the client is told so)."""
    if not isinstance(servers, list):
        return []
    return [visible(str(getattr(server, "name", "?")))[:60] for server in servers[:20]]


def visible_id(value: object) -> str:
    return visible(repr(value))[:100]


def _outcome_meta(outcome: SessionOutcome, log_path: Any) -> dict[str, Any]:
    return {"smallops": {"status": outcome.status, "summary": outcome.summary, "steps": outcome.steps,
                         "log": str(log_path), "created": list(outcome.created), "modified": list(outcome.modified),
                         "deleted": list(outcome.deleted)}}
