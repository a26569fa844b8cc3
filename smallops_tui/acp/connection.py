"""The JSON-RPC connection to the client, over the SDK (`agent-client-protocol`, imported as `acp`).

The SDK routes requests to the agent by method and validates their params against the protocol's
schema; here that router is wrapped so every error a client can provoke says, in a sentence, what
was wrong (the SDK's own say "Method not found" or "Invalid params" and put the detail aside).
`_meta` in a request's params is dropped before routing: the SDK spreads its keys over the
method's arguments, so a client could set `cwd` or `session_id` through it unchecked.

`ClientLink` is what the agent asks of the client: session updates, permission, and (only when
the client offers them) `fs/` reads and writes, so the editor's unsaved text is what the model reads
and what an approved edit is written onto. Never `terminal/`: commands run in smallops's sandbox.
Strict where the protocol is: `protocolVersion` is an integer, not a string that looks like one.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from acp.agent.router import build_agent_router
from acp.connection import Connection
from acp.exceptions import RequestError
from acp.meta import CLIENT_METHODS
from acp.schema import (
    PermissionOption,
    ReadTextFileRequest,
    ReadTextFileResponse,
    RequestPermissionRequest,
    RequestPermissionResponse,
    SessionNotification,
    ToolCallUpdate,
    WriteTextFileRequest,
    WriteTextFileResponse,
)
from acp.utils import notify_model, request_model, request_optional_model
from pydantic import ValidationError

from .updates import SessionUpdate

SERVED = ("initialize", "session/new", "session/load", "session/list", "session/set_mode", "session/prompt",
          "session/cancel")
METHOD_NOT_FOUND, INVALID_PARAMS = -32601, -32602

Handler = Callable[[str, Any, bool], Awaitable[Any]]


def describe_validation(error: ValidationError, limit: int = 3) -> str:
    """Pydantic's errors as one sentence: `params.cwd: Field required; ...`."""
    parts = []
    for item in error.errors(include_url=False)[:limit]:
        where = ".".join(str(part) for part in item.get("loc", ())) or "params"
        parts.append(f"{where}: {item.get('msg', 'invalid')}")
    more = f" (and {error.error_count() - limit} more)" if error.error_count() > limit else ""
    return "; ".join(parts) + more


class InFlight:
    """The requests being answered, so the end of input can wait for their answers."""

    def __init__(self) -> None:
        self.count = 0
        self.idle = asyncio.Event()
        self.idle.set()

    def __enter__(self) -> None:
        self.count += 1
        self.idle.clear()

    def __exit__(self, *exc: object) -> None:
        self.count -= 1
        if self.count == 0:
            self.idle.set()


def guarded_router(agent: object, log: Callable[[str], None], in_flight: InFlight | None = None) -> Handler:
    """The SDK's router for `agent`, with errors a person can read (see the module)."""
    router = build_agent_router(agent)  # type: ignore[arg-type]
    counting = in_flight or InFlight()

    async def handle(method: str, params: Any, is_notification: bool) -> Any:
        with counting:
            return await answer(method, params, is_notification)

    async def answer(method: str, params: Any, is_notification: bool) -> Any:
        if isinstance(params, dict) and "_meta" in params:
            params = {key: value for key, value in params.items() if key != "_meta"}
        if method == "initialize" and isinstance(params, dict) and "protocolVersion" in params:
            version = params["protocolVersion"]
            if type(version) is not int:  # the SDK's model would take "1" for 1
                raise RequestError(INVALID_PARAMS, f"initialize: protocolVersion must be an integer (the protocol's "
                                   f"major version, 1), not {shown(version)}", {"protocolVersion": version})
        try:
            return await router(method, params, is_notification)
        except RequestError as exc:
            if is_notification:
                log(f"ignored the notification {method!r}: {exc}")
                return None
            if exc.code == METHOD_NOT_FOUND:
                raise RequestError(METHOD_NOT_FOUND, f"smallops acp does not serve the method {method!r}; it serves "
                                   f"{', '.join(SERVED)}", {"method": method}) from None
            raise
        except ValidationError as exc:
            if is_notification:
                log(f"ignored the notification {method!r}: {describe_validation(exc)}")
                return None
            raise RequestError(INVALID_PARAMS, f"{method}: the params do not fit the protocol: "
                               f"{describe_validation(exc)}",
                               {"errors": exc.errors(include_url=False, include_input=False)}) from None

    return handle


def shown(value: object) -> str:
    """A client's value in an error message: its JSON look, bounded."""
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 60 else text[:59] + "…"


def stderr_log(text: str) -> None:
    """A line for the client's log of this agent (stderr is not the protocol's stream)."""
    print(f"smallops acp: {text}", file=sys.stderr, flush=True)


class ClientLink:
    """The two calls the agent makes of the client, over one connection."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    async def update(self, session_id: str, update: SessionUpdate) -> None:
        await notify_model(self.connection, CLIENT_METHODS["session_update"],
                           SessionNotification(session_id=session_id, update=update))

    async def ask_permission(self, session_id: str, tool_call: ToolCallUpdate,
                             options: list[PermissionOption]) -> RequestPermissionResponse:
        request = RequestPermissionRequest(session_id=session_id, tool_call=tool_call, options=options)
        return await request_model(self.connection, CLIENT_METHODS["session_request_permission"], request,
                                   RequestPermissionResponse)

    async def read_text_file(self, session_id: str, path: str) -> str:
        """The editor's text of the file at the absolute `path` (its unsaved edits included)."""
        request = ReadTextFileRequest(session_id=session_id, path=path)
        response = await request_model(self.connection, CLIENT_METHODS["fs_read_text_file"], request,
                                       ReadTextFileResponse)
        return response.content

    async def write_text_file(self, session_id: str, path: str, content: str) -> None:
        request = WriteTextFileRequest(session_id=session_id, path=path, content=content)
        await request_optional_model(self.connection, CLIENT_METHODS["fs_write_text_file"], request,
                                     WriteTextFileResponse)
