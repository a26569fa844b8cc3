"""smallops as an ACP agent: `initialize`, `session/new`, `session/prompt` and `session/cancel`
over the same supervised session the app runs.

An ACP session is a workspace (its `cwd`, checked in inputs.py); each prompt in it runs one
supervised smallops session on the prompt's text, with its own log, and answers with a stop
reason that says how it ended (`_meta.smallops` adds the status, summary and log path). The
session is built where every session is built (session_setup.py), with the backend and options
`run` would use; its decider is the client (decider.py); its events go out as updates (updates.py).

One supervised session runs at a time in a process: a second prompt while one runs is refused
with a sentence, whichever session it names. `session/cancel`, a client that goes away and a
signal all end the running session as stopped, which logs it as such.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from acp.exceptions import RequestError
from acp.meta import PROTOCOL_VERSION
from acp.schema import (
    AgentCapabilities,
    Implementation,
    InitializeResponse,
    McpCapabilities,
    NewSessionResponse,
    PromptCapabilities,
    PromptResponse,
    StopReason,
)

from .. import __version__
from ..agent.files.visible import visible
from ..agent.files.workspace import Workspace
from ..agent.log.events import Notice
from ..backends.protocol import backend_info
from ..launch import LaunchError, new_log_path
from ..session_setup import new_session, session_config
from .connection import ClientLink
from .decider import ClientDecider
from .inputs import InputRefused, choose_workspace, task_from
from .updates import UpdatePump

if TYPE_CHECKING:
    from ..agent.session.loop import Session, SessionOutcome
    from ..config import Settings
    from ..launch import Prepared

INVALID_REQUEST, INVALID_PARAMS, INTERNAL_ERROR = -32600, -32602, -32603
MAX_SESSIONS = 256  # a client that opens sessions without end must not grow the process without end

STOP_REASONS: dict[str, StopReason] = {"done": "end_turn", "stopped": "cancelled", "step_cap": "max_turn_requests",
                                       "backend_error": "end_turn", "error": "end_turn"}


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


@dataclass
class AcpSession:
    id: str
    workspace: Workspace
    running: Session | None = None
    introduced: bool = False  # the model was named to the client
    stop_reason: str | None = None  # a stop asked for while its prompt was still setting up

    def stop(self, reason: str) -> None:
        """End the running session as stopped, or the one about to run as soon as it exists."""
        if self.running is not None:
            self.running.request_stop(reason)
        else:
            self.stop_reason = self.stop_reason or reason


def _refused(exc: InputRefused) -> RequestError:
    return RequestError(INVALID_PARAMS, str(exc))


class SmallopsAgent:
    """The agent side of the protocol (see the module)."""

    def __init__(self, settings: Settings, backend: BackendSupply, link: ClientLink | None = None) -> None:
        self.settings = settings
        self.backend = backend
        self.link = link
        self.sessions: dict[str, AcpSession] = {}
        self.client = "an ACP client"
        self._busy: AcpSession | None = None  # the session whose prompt runs
        self._ended = asyncio.Event()  # set while no prompt runs
        self._ended.set()

    # -- the protocol's methods ----------------------------------------------------------------

    async def initialize(self, protocol_version: int, client_capabilities: Any = None, client_info: Any = None,
                         **_: Any) -> InitializeResponse:
        if client_info is not None and isinstance(getattr(client_info, "name", None), str):
            version = getattr(client_info, "version", "")
            self.client = f"{client_info.name} {version}".strip()[:100]
        return InitializeResponse(
            protocol_version=PROTOCOL_VERSION,
            agent_capabilities=AgentCapabilities(
                load_session=False,
                prompt_capabilities=PromptCapabilities(image=False, audio=False, embedded_context=False),
                mcp_capabilities=McpCapabilities(http=False, sse=False)),
            agent_info=Implementation(name="smallops", title="smallops (supervised small model)", version=__version__),
            auth_methods=[])

    async def new_session(self, cwd: str, additional_directories: Any = None, mcp_servers: Any = None,
                          **_: Any) -> NewSessionResponse:
        try:
            workspace = choose_workspace(cwd)
        except InputRefused as exc:
            raise _refused(exc) from None
        if len(self.sessions) >= MAX_SESSIONS:
            self._forget_idle_session()
        await self.backend.get()  # a model that cannot be had is said now, not at the first prompt
        session_id = f"smallops-{uuid.uuid4().hex[:16]}"
        self.sessions[session_id] = AcpSession(session_id, workspace)
        return NewSessionResponse(session_id=session_id)

    async def prompt(self, session_id: str, prompt: list[Any], **_: Any) -> PromptResponse:
        acp_session = self._session(session_id)
        if self._busy is not None:
            where = "in this session" if self._busy is acp_session else f"in session {self._busy.id}"
            raise RequestError(INVALID_REQUEST, f"a prompt is already running {where}; smallops runs one supervised "
                               "session at a time: wait for its stop reason, or send session/cancel")
        try:
            task = task_from(prompt, acp_session.workspace.root)
        except InputRefused as exc:
            raise _refused(exc) from None
        self._busy = acp_session  # (no await since the check: a second prompt cannot slip in between)
        self._ended.clear()
        try:
            return await self._supervise(acp_session, task)
        finally:
            acp_session.running, acp_session.stop_reason = None, None
            self._busy = None
            self._ended.set()

    async def cancel(self, session_id: str, **_: Any) -> None:
        acp_session = self.sessions.get(session_id) if isinstance(session_id, str) else None
        if acp_session is not None and acp_session is self._busy:
            acp_session.stop("cancelled by the client (session/cancel)")

    # -- the end of the connection -------------------------------------------------------------

    async def shutdown(self, reason: str) -> None:
        """End the running session as stopped (logged), and wait for its end."""
        if self._busy is not None:
            self._busy.stop(reason)
        await self._ended.wait()

    # -- inside ----------------------------------------------------------------------------

    def _session(self, session_id: object) -> AcpSession:
        acp_session = self.sessions.get(session_id) if isinstance(session_id, str) else None
        if acp_session is None:
            raise RequestError(INVALID_PARAMS, f"there is no session {visible_id(session_id)}: create one with "
                               "session/new")
        return acp_session

    def _forget_idle_session(self) -> None:
        idle = next((key for key, value in self.sessions.items() if value.running is None and value is not self._busy),
                    None)
        if idle is None:
            raise RequestError(INVALID_REQUEST,
                               f"{MAX_SESSIONS} sessions are open; close this connection and start again")
        del self.sessions[idle]

    async def _supervise(self, acp_session: AcpSession, task: str) -> PromptResponse:
        assert self.link is not None
        link = self.link
        prepared = await self.backend.get()
        config = session_config(task, self.settings, prepared)
        log_path = new_log_path(task)
        pump = UpdatePump(lambda update: link.update(acp_session.id, update))
        decider = ClientDecider(link, acp_session.id, pump, acp_session.workspace.root)
        info = backend_info(prepared.backend)
        session = new_session(prepared.backend, acp_session.workspace, config, decider, log_path=log_path,
                              info=replace(info, kind=prepared.label or info.kind))
        session.header.options.update(front_end="acp", acp_client=self.client)
        def note(text: str) -> None:  # a line in the session's log
            session.emit(Notice(step=session.step, text=text))

        decider.notice = note
        pump.on_gone = lambda exc: session.request_stop(f"the client is gone ({exc})")
        session.listeners.append(pump.on_event)
        acp_session.running = session
        if acp_session.stop_reason is not None:  # cancelled (or the client gone) while this was set up
            session.request_stop(acp_session.stop_reason)
        if not acp_session.introduced:  # which model is supervised, and how it was chosen, said once
            acp_session.introduced = True
            pump.say("; ".join([f"smallops: {info.model or 'the model'} via {prepared.label}", *prepared.notes]))
        sending = asyncio.ensure_future(pump.run())
        try:
            outcome = await session.run()
            pump.say(f"log: {log_path}")
            await pump.flush()
        finally:
            sending.cancel()
        return PromptResponse(stop_reason=STOP_REASONS.get(outcome.status, "end_turn"),
                              field_meta=_outcome_meta(outcome, log_path))


def visible_id(value: object) -> str:
    return visible(repr(value))[:100]


def _outcome_meta(outcome: SessionOutcome, log_path: Any) -> dict[str, Any]:
    return {"smallops": {"status": outcome.status, "summary": outcome.summary, "steps": outcome.steps,
                         "log": str(log_path), "created": list(outcome.created), "modified": list(outcome.modified),
                         "deleted": list(outcome.deleted)}}
