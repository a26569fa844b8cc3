"""What the person can change while a session runs without rejecting anything: the approval
mode, a message for the model's next turn, and the model itself. Messages and a model switch wait
here (`Steering`) for the next request; the session applies them when it builds one.

The auto-approve rule fails closed. A proposal is approved without the person only when all of
this holds; anything the rule does not recognise waits for the person:

- the reply parsed into an action (a parse failure always waits);
- the model proposed it (an action the person edited waits for the person's own `y`);
- its verdict is exactly LOW and not refused (MEDIUM and HIGH always wait);
- no guard flag fired (a no-op, a repeat, a missing path, hidden text, a suspicious repair: each
  is something a person should look at, whatever the level);
- it is not shown again because the file changed under it;
- it is not `done`: ending the session is the person's call, after reading the net change
  beside the claim (the `done.claim` rule says as much).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..reply.kinds import Done
from ..reply.backend import SwitchesModels
from .decisions import Proposal

ApprovalMode = Literal["manual", "auto-low"]
APPROVAL_MODES: tuple[ApprovalMode, ...] = ("manual", "auto-low")
MODE_LABELS: dict[str, str] = {"manual": "manual", "auto-low": "auto-approve LOW"}
MAX_MESSAGE_CHARS = 4000  # a message is a sentence or two; a pasted file belongs in the workspace


def next_mode(mode: str) -> ApprovalMode:
    """`a` cycles: manual → auto-approve LOW → manual (an unknown mode goes back to manual)."""
    return "auto-low" if mode == "manual" else "manual"


def mode_label(mode: str) -> str:
    return MODE_LABELS.get(mode, mode)


def why_not_auto(proposal: Proposal) -> str | None:
    """None when the auto-approve-LOW mode may approve `proposal`; otherwise why it waits."""
    if proposal.action is None:
        return "the reply could not be parsed"
    verdict = proposal.verdict
    if verdict is None:
        return "it has no risk verdict"
    if verdict.refused:
        return "it is refused"
    if verdict.level != "LOW":
        return f"it is {verdict.level}"
    if proposal.source != "model":
        return "you edited it"
    if proposal.flags:
        return "a guard flagged it (" + ", ".join(flag.label for flag in proposal.flags) + ")"
    if proposal.note:
        return "it is shown again because the file changed"
    if isinstance(proposal.action, Done):
        return "ending the session is yours to approve"
    return None


def may_auto_approve(proposal: Proposal) -> bool:
    return why_not_auto(proposal) is None


def message_for_model(texts: list[str]) -> str:
    """The person's messages as the model reads them, in the next user message."""
    if len(texts) == 1:
        return f"Message from the person supervising you: {texts[0]}"
    return "Messages from the person supervising you:\n" + "\n".join(f"- {text}" for text in texts)


def clean_message(text: str) -> str:
    """The message as it is logged and sent: trimmed; ValueError with a sentence if unusable."""
    text = text.strip()
    if not text:
        raise ValueError("the message is empty; nothing was sent")
    if len(text) > MAX_MESSAGE_CHARS:
        raise ValueError(f"the message is {len(text):,} characters; keep it under {MAX_MESSAGE_CHARS:,} "
                         "(put longer text in a file in the workspace and point the model to it)")
    return text


def status_label(mode: str) -> str:
    """The mode as the status bar shows it: short, and loud when the person is not deciding LOW."""
    return "AUTO-APPROVE LOW" if mode == "auto-low" else "manual approval"


def model_switch_refusal(backend: object) -> str | None:
    """Why `backend` cannot switch models mid-session, or None when it can. A backend says so
    itself (`SwitchesModels`); one that does not say (a stand-in) is not switched."""
    if isinstance(backend, SwitchesModels):
        return backend.model_switch_refusal()
    return "this backend cannot switch models mid-session"


@dataclass
class PendingSwitch:
    """A model switch the person made, waiting for the next request (several fold into one)."""

    model: str
    forced_think: bool | None = None  # what the server says of the new model's chat template
    no_thinking: bool = False  # the new model cannot think: stop asking it to


class Steering:
    """The person's messages not yet sent to the model, and a model switch not yet applied."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self.switch: PendingSwitch | None = None

    def add(self, text: str) -> str:
        """Queue a message (trimmed; ValueError, a sentence, when unusable); returns it as queued."""
        text = clean_message(text)
        self.messages.append(text)
        return text

    def take_messages(self) -> str:
        """The queued messages as the model reads them ('' when none), and the queue emptied."""
        if not self.messages:
            return ""
        text = message_for_model(self.messages)
        self.messages.clear()
        return text

    def plan_switch(self, model: str, forced_think: bool | None, thinks: bool | None) -> None:
        switch = self.switch or PendingSwitch(model)
        switch.model = model
        if forced_think is not None:
            switch.forced_think = forced_think
        if thinks is False:
            switch.no_thinking = True  # asking a model that cannot think to think gets a 400
        self.switch = switch

    def take_switch(self) -> PendingSwitch | None:
        switch, self.switch = self.switch, None
        return switch
