"""One ACP session: one conversation with the model, in one workspace and one log.

Its first prompt runs a supervised session on the prompt's text (or, for a session the client
loaded, goes on after what its log holds); every later prompt goes on with the same session as a
follow-up task (agent/session/loop.py's `follow_up`): the model is sent the conversation so far,
the workspace's history stays, the log goes on. The decider and the update pump live as long as
the conversation, so every tool call's id is unique for its whole life. The approval mode is the
session's mode (`session/set_mode`), logged as any switch; before the first prompt it is kept for it.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..agent.files.workspace import Workspace
from ..agent.log.events import Event, Notice, TaskStarted
from ..agent.session.config import SessionOutcome
from ..agent.session.steering import ApprovalMode
from ..backends.protocol import backend_info
from ..continuing import TakenUp
from ..session_setup import new_session, session_config
from .connection import ClientLink
from .decider import ClientDecider
from .editor_files import ClientFiles
from .updates import UpdatePump

if TYPE_CHECKING:
    from ..agent.session.loop import Session
    from ..config import Settings
    from ..launch import Prepared


@dataclass
class Offered:
    """What the client said it can do (initialize's clientCapabilities), as smallops uses it."""

    reads: bool = False  # fs/read_text_file
    writes: bool = False  # fs/write_text_file
    name: str = "an ACP client"


@dataclass
class Conversation:
    id: str  # the log's name without .jsonl: session/list and session/load know it by that
    workspace: Workspace
    log_path: Path
    link: ClientLink
    mode: ApprovalMode
    taken_up: TakenUp | None = None  # a loaded log, until its first prompt goes on with it
    mcp_servers: list[str] = field(default_factory=list)  # what the client offered: not used, and said so
    session: Session | None = None
    running: bool = False
    introduced: bool = False  # the model was named to the client
    stop_reason: str | None = None  # a stop asked for while the prompt was still setting up

    def __post_init__(self) -> None:
        self._to_log: list[str] = []  # notes for the log, written once it is open
        self.pump = UpdatePump(lambda update: self.link.update(self.id, update), str(self.workspace.root))
        self.decider = ClientDecider(self.link, self.id, self.pump, self.workspace.root)

    def stop(self, reason: str) -> None:
        """End the running task as stopped, or the one about to run as soon as it exists."""
        if self.session is not None and not self.session.ended:
            self.session.controls.request_stop(reason)
        else:
            self.stop_reason = self.stop_reason or reason

    def set_mode(self, mode: ApprovalMode) -> None:
        """The approval mode from now on (logged once the session exists; kept for it before)."""
        self.mode = mode
        if self.session is not None:
            self.session.controls.set_approval_mode(mode)

    def note(self, text: str) -> None:
        """A line in the session's log."""
        if self.session is not None:
            self.session.emit(Notice(step=self.session.step, text=text))

    async def prompt(self, task: str, prepared: Prepared, settings: Settings, offered: Offered) -> SessionOutcome:
        """One prompt of the conversation, to the end of its task."""
        first = self.session is None
        session = self.session or self._start(task, prepared, settings, offered)
        self.running = True
        sending = asyncio.ensure_future(self.pump.run())
        try:
            if not self.introduced:  # which model is supervised, and how it was chosen, said once
                self.introduced = True
                info = backend_info(prepared.backend)
                self.pump.say("; ".join([f"smallops: {info.model or 'the model'} via {prepared.label}",
                                         *prepared.notes]))
                if self.mcp_servers:
                    said = (f"the MCP servers this client offered ({', '.join(self.mcp_servers)}) are not used: "
                            "the model has smallops's own actions only, each one asked about")
                    self.pump.say(f"[smallops] {said}")
                    self._to_log.append(said)
            if first and self.taken_up is None:
                outcome = await session.run()
            else:
                outcome = await session.follow_up(task)
            self.pump.say(f"log: {self.log_path}")
            await self.pump.flush()
            return outcome
        finally:
            self.running, self.stop_reason = False, None
            sending.cancel()

    def _on_event(self, event: Event) -> None:
        """A stop asked for between two tasks (the next prompt was setting up) ends the task it began;
        what was said before the log was open goes in it once it is."""
        session = self.session
        if session is None:
            return
        if isinstance(event, TaskStarted) and self.stop_reason is not None:
            session.controls.request_stop(self.stop_reason)
        if self._to_log and session.log is not None and not session.log.closed:
            said, self._to_log = self._to_log, []
            for text in said:
                self.note(text)

    def _start(self, task: str, prepared: Prepared, settings: Settings, offered: Offered) -> Session:
        config = session_config(task, settings, prepared, approval_mode=self.mode)
        info = backend_info(prepared.backend)
        taken = self.taken_up
        session = new_session(prepared.backend, self.workspace, config, self.decider, log_path=self.log_path,
                              info=replace(info, kind=prepared.label or info.kind),
                              header=taken.replay.header if taken is not None else None,
                              continuation=taken.continuation if taken is not None else None)
        if taken is None:
            session.header.options.update(front_end="acp", acp_client=offered.name)
        if offered.reads or offered.writes:
            session.workspace.editor = ClientFiles(self.link, self.id, self.workspace.root, offered.reads,
                                                   offered.writes, asyncio.get_running_loop(), self.note)
        self.decider.notice = self.note
        self.pump.on_gone = lambda exc: session.controls.request_stop(f"the client is gone ({exc})")
        self.pump.proposals = lambda: session.shown
        self.pump.plans = "plan" in session.config.levers
        session.listeners.append(self.pump.on_event)
        session.listeners.append(self._on_event)
        self.session = session
        if self.stop_reason is not None:  # cancelled (or the client gone) while this was set up
            session.controls.request_stop(self.stop_reason)
        return session
