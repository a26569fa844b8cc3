"""The person, through an ACP client: a `Decider` that answers each proposal with the client's
answer to a `session/request_permission`.

Each proposal opens a tool call (title: the action; content: risk, rules, reasons, flags, diff)
and asks with two options, allow once and reject once. A reject may carry a reason for the model
in the response's `_meta` (`{"reason": "..."}`, on the response or on its outcome): ACP has no
field for one, and `_meta` is where the protocol puts what it does not define. HIGH asks a second
time, with options of its own, before anything runs. Every other answer fails closed: a
cancelled request, an option smallops did not offer, an error or a client that is gone end the
session as stopped, and nothing runs. There is no timeout: nothing runs until the client answers.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal

from acp.helpers import text_block, tool_content
from acp.schema import (
    AllowedOutcome, FileEditToolCallContent, PermissionOption, RequestPermissionResponse, ToolCallStart, ToolCallUpdate,
)
from pydantic import ValidationError

from ..agent.files.visible import visible
from ..agent.session.decisions import Choice, Proposal
from ..agent.session.steering import MAX_MESSAGE_CHARS
from .connection import ClientLink
from .tool_calls import Content, facts, failure_content, locations_of, one_line, proposal_content, title_of, tool_kind_of
from .updates import UpdatePump

ALLOW, REJECT, CONFIRM_HIGH = "allow-once", "reject-once", "confirm-high-risk"
# Why a session stops at a question, as its end says it (the end's own "stopped" goes before it).
STOPPED = "the client cancelled the question or could not answer it; nothing ran"
GONE = "the client closed the connection before it answered; nothing ran"
Answer = Literal["allow", "reject", "cancelled"]

ALLOW_REJECT = [PermissionOption(option_id=ALLOW, name="Allow once", kind="allow_once"),
                PermissionOption(option_id=REJECT, name="Reject once", kind="reject_once")]
CONFIRM = [PermissionOption(option_id=CONFIRM_HIGH, name="Yes, run this HIGH-risk action", kind="allow_once"),
           PermissionOption(option_id=REJECT, name="No, reject it", kind="reject_once")]
REFUSED = [PermissionOption(option_id=REJECT, name="Refuse (the model is told why)", kind="reject_once")]
SEND_BACK = [PermissionOption(option_id=ALLOW, name="Send the error back to the model", kind="allow_once"),
             PermissionOption(option_id=REJECT, name="Stop the session", kind="reject_once")]
RETRY = [PermissionOption(option_id=ALLOW, name="Retry the turn", kind="allow_once"),
         PermissionOption(option_id=REJECT, name="Stop the session", kind="reject_once")]


def reason_of(response: RequestPermissionResponse) -> str:
    """The reason a client sent with its answer (`_meta.reason`), trimmed and bounded."""
    for meta in (response.field_meta, getattr(response.outcome, "field_meta", None)):
        value = meta.get("reason") if isinstance(meta, dict) else None
        if isinstance(value, str) and value.strip():
            text = value.strip()
            return text if len(text) <= MAX_MESSAGE_CHARS else text[: MAX_MESSAGE_CHARS - 1] + "…"
    return ""


class ClientDecider:
    """A Decider over one ACP session's client (see the module)."""

    def __init__(self, link: ClientLink, session_id: str, pump: UpdatePump, root: Path) -> None:
        self.link = link
        self.session_id = session_id
        self.pump = pump
        self.root = root
        self.notice: Callable[[str], None] = lambda text: None  # a line for the session's log
        self._calls = 0

    def _call_id(self, step: int) -> str:
        self._calls += 1
        return f"smallops-{step}-{self._calls}"

    async def decide(self, proposal: Proposal) -> Choice:
        call_id = self._call_id(proposal.step)
        if proposal.action is None:
            title = one_line(f"unusable reply: {proposal.failure.kind if proposal.failure else 'no action'}")
            content = failure_content(proposal)
        else:
            title, content = title_of(proposal.action), proposal_content(proposal, self.root)
        kind = tool_kind_of(proposal.action.action if proposal.action is not None else None)
        call = ToolCallUpdate(tool_call_id=call_id, title=title, kind=kind, status="pending", content=content,
                              locations=locations_of(proposal.action, self.root),
                              raw_input=proposal.action.to_json() if proposal.action is not None else None,
                              field_meta=facts(proposal))
        kept = tuple(c for c in content if isinstance(c, FileEditToolCallContent))  # stays once applied
        self.pump.announce(opened(call), proposal.action.action if proposal.action is not None else None,
                           proposal.refused, kept)
        await self.pump.flush()  # the reasoning and the tool call reach the client before the question
        if proposal.action is None:
            answer, reason = await self._ask(call, SEND_BACK)
            if answer == "allow":
                return Choice("approve")
            return Choice("stop", reason="stopped at an unusable reply" if answer == "reject" else reason or STOPPED)
        if proposal.refused:
            answer, reason = await self._ask(call, REFUSED)
            if answer == "cancelled":
                return Choice("stop", reason=reason or STOPPED)
            return Choice("reject", reason=reason)
        answer, reason = await self._ask(call, ALLOW_REJECT)
        if answer == "allow" and proposal.is_high:
            confirm = call.model_copy(update={"title": one_line(f"Confirm HIGH risk: {title}")})
            answer, reason = await self._ask(confirm, CONFIRM, allow=CONFIRM_HIGH)
        if answer == "allow":
            return Choice("approve")
        if answer == "reject":
            return Choice("reject", reason=reason)
        return Choice("stop", reason=reason or STOPPED)

    async def after_backend_error(self, kind: str, message: str) -> Literal["retry", "stop"]:
        call_id = self._call_id(0)
        call = ToolCallUpdate(tool_call_id=call_id, title=one_line(f"the model's reply failed ({kind}): retry?"),
                              kind="other", status="pending", content=_text(message))
        self.pump.announce(opened(call), None)
        await self.pump.flush()
        answer, _ = await self._ask(call, RETRY)
        return "retry" if answer == "allow" else "stop"

    async def _ask(self, call: ToolCallUpdate, options: list[PermissionOption],
                   allow: str = ALLOW) -> tuple[Answer, str]:
        """The client's answer and its reason; anything but one of `options` is "cancelled" (with, as
        its reason, why the session stops, when that is not the client's cancel)."""
        try:
            response = await self.link.ask_permission(self.session_id, call, options)
        except (ConnectionError, OSError):
            return "cancelled", GONE
        except Exception as exc:  # noqa: BLE001 — a client's error or a malformed answer: fail closed
            detail = f"{len(exc.errors())} invalid fields" if isinstance(exc, ValidationError) else str(exc)
            self.notice(f"the client's answer to the permission request was unusable ({type(exc).__name__}: "
                        f"{detail[:200]}); the session stops and nothing runs")
            return "cancelled", ""
        outcome = response.outcome
        if not isinstance(outcome, AllowedOutcome):
            return "cancelled", ""
        offered = {option.option_id for option in options}
        if outcome.option_id not in offered:
            self.notice(f"the client chose an option smallops did not offer ({one_line(outcome.option_id, 60)!r}); "
                        "the session stops and nothing runs")
            return "cancelled", ""
        return ("allow" if outcome.option_id == allow else "reject"), reason_of(response)


def opened(call: ToolCallUpdate) -> ToolCallStart:
    """The update that opens `call` in the client, with everything the permission request shows."""
    return ToolCallStart(session_update="tool_call", tool_call_id=call.tool_call_id, title=call.title or "",
                         kind=call.kind, status=call.status, content=call.content, locations=call.locations,
                         raw_input=call.raw_input, field_meta=call.field_meta)


def _text(message: str) -> list[Content]:
    return [tool_content(text_block(visible(message)))]
