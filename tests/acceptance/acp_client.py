"""An ACP client for the tests, built on the SDK's client side (`agent-client-protocol`, `acp`):
it starts the installed `smallops acp` as an editor would, records every update, and answers each
permission request with the next scripted answer. It serves `fs/` only when a test gives it
`buffers` (an editor's open files, unsaved text and all; it offers fs in `initialize` then), and
never `terminal/` (commands run in smallops's sandbox); any call it does not serve is recorded so a
test can say so."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import acp
from acp.schema import (
    AllowedOutcome, ClientCapabilities, DeniedOutcome, FileSystemCapabilities, Implementation, ReadTextFileResponse,
    RequestPermissionResponse,
)

Answer = Callable[[Any, list[Any]], RequestPermissionResponse]


def choose(kind: str, reason: str = "") -> Answer:
    """Answer with the first option of `kind` (allow_once, reject_once), with a reason in `_meta`."""
    def answer(tool_call: Any, options: list[Any]) -> RequestPermissionResponse:
        option = next(o for o in options if o.kind == kind)
        return RequestPermissionResponse(outcome=AllowedOutcome(outcome="selected", option_id=option.option_id),
                                         field_meta={"reason": reason} if reason else None)
    return answer


def cancelled(tool_call: Any, options: list[Any]) -> RequestPermissionResponse:
    return RequestPermissionResponse(outcome=DeniedOutcome(outcome="cancelled"))


@dataclass
class Asked:
    tool_call: Any
    options: list[Any]


@dataclass
class RecordingClient:
    answers: list[Answer]
    updates: list[Any] = field(default_factory=list)
    asked: list[Asked] = field(default_factory=list)
    forbidden_calls: list[str] = field(default_factory=list)
    buffers: dict[str, str] | None = None  # absolute path -> the editor's text (None: fs is not offered)
    reads: list[str] = field(default_factory=list)  # paths read through fs/read_text_file
    initialized: Any = None  # the agent's answer to initialize
    writes: list[tuple[str, str]] = field(default_factory=list)  # (path, content) written through fs/write_text_file
    _changed: asyncio.Condition = field(default_factory=asyncio.Condition)

    async def request_permission(self, session_id: str, tool_call: Any, options: list[Any],
                                 **kwargs: Any) -> RequestPermissionResponse:
        async with self._changed:
            self.asked.append(Asked(tool_call, options))
            self._changed.notify_all()
        if not self.answers:
            await asyncio.Event().wait()  # no answer scripted: the question stays open (until cancelled)
        return self.answers.pop(0)(tool_call, options)

    async def wait_asked(self, count: int, seconds: float = 120.0) -> None:
        """Return once `count` permission requests have come."""
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: len(self.asked) >= count), seconds)

    async def session_update(self, session_id: str, update: Any, **kwargs: Any) -> None:
        self.updates.append(update)

    def of_kind(self, kind: str) -> list[Any]:
        return [u for u in self.updates if u.session_update == kind]

    def text_of(self, kind: str) -> str:
        return "".join(u.content.text for u in self.of_kind(kind))

    async def write_text_file(self, content: str, path: str, session_id: str, **kwargs: Any) -> None:
        if self.buffers is None:
            self.forbidden_calls.append("fs/write_text_file")
            raise acp.RequestError(-32601, "this test client serves no fs/ methods")
        self.writes.append((path, content))
        self.buffers[path] = content
        with open(path, "w", encoding="utf-8", newline="") as f:  # saved as an editor saves: the text as it is
            f.write(content)

    async def read_text_file(self, path: str, session_id: str, **kwargs: Any) -> ReadTextFileResponse:
        if self.buffers is None:
            self.forbidden_calls.append("fs/read_text_file")
            raise acp.RequestError(-32601, "this test client serves no fs/ methods")
        self.reads.append(path)
        if path in self.buffers:
            return ReadTextFileResponse(content=self.buffers[path])
        with open(path, encoding="utf-8", newline="") as f:
            return ReadTextFileResponse(content=f.read())

    async def create_terminal(self, **kwargs: Any) -> None:
        self.forbidden_calls.append("terminal/create")
        raise acp.RequestError(-32601, "this test client serves no terminal/ methods")


@asynccontextmanager
async def smallops_acp(smallops: Path, args: list[str], env: dict[str, str], cwd: Path, client: RecordingClient,
                       stderr: Path) -> AsyncIterator[tuple[Any, asyncio.subprocess.Process]]:
    """`smallops acp ARGS`, initialized, as a client holds it (its stderr goes to a file)."""
    with stderr.open("wb") as log:
        # The SDK types its client as the whole Client protocol, but calls each method by name and
        # answers "method not found" for one a client lacks (acp/router.py): this one serves a few.
        async with acp.spawn_agent_process(client, str(smallops), "acp", *args, env=env, cwd=cwd,  # type: ignore[arg-type]
                                           transport_kwargs={"stderr": log}) as (conn, process):
            fs = FileSystemCapabilities(read_text_file=True, write_text_file=True) if client.buffers is not None \
                else FileSystemCapabilities()
            reply = await conn.initialize(protocol_version=acp.PROTOCOL_VERSION,
                                          client_capabilities=ClientCapabilities(fs=fs),
                                          client_info=Implementation(name="smallops-tests", version="1"))
            assert reply.protocol_version == acp.PROTOCOL_VERSION
            client.initialized = reply
            yield conn, process
