"""What a session asks and what it is told: a proposal, a choice, and who decides.

The person (through a front end) and a scripted policy are both a `Decider`: the session hands
it a `Proposal` and awaits one `Choice`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol

from ..reply.kinds import Action, Done, EditAction, ListDir, ReadFile
from ..files.edits import EditPreview
from .guards import GuardFlag
from ..reply.parsing import ParseFailure, Repair
from ..risk.classify import RiskVerdict

DecisionKind = Literal["approve", "reject", "edit", "stop"]


@dataclass(frozen=True)
class Choice:
    """What the person (or policy) decided about a proposal."""

    decision: DecisionKind
    reason: str = ""
    edited: Action | None = None
    by: Literal["human", "policy", "auto"] = "human"


@dataclass
class Proposal:
    """Everything shown about one proposed action (or one unusable reply)."""

    step: int
    raw: str
    thinking: str = ""
    action: Action | None = None
    failure: ParseFailure | None = None
    repairs: list[Repair] = field(default_factory=list)
    verdict: RiskVerdict | None = None
    flags: list[GuardFlag] = field(default_factory=list)
    preview: EditPreview | None = None
    source: Literal["model", "person"] = "model"
    net_diff: str = ""  # for `done`: what the session really changed, shown beside the claim
    preview_error: str | None = None  # why an edit cannot be applied as written
    note: str = ""  # why this proposal is shown again (the file changed since it was first shown)

    @property
    def is_high(self) -> bool:
        return self.verdict is not None and self.verdict.level == "HIGH"

    @property
    def refused(self) -> bool:
        return self.verdict is not None and self.verdict.refused

    @property
    def depends_on_files(self) -> bool:
        """Whether what is shown was computed from the files: a diff, the net change at `done`, or
        a read's MISSING PATH and the names it suggests (an undo can make a file appear or go)."""
        return isinstance(self.action, (EditAction, Done, ReadFile, ListDir))


class Decider(Protocol):
    """Who decides: the person through a front end, or a scripted policy."""

    async def decide(self, proposal: Proposal) -> Choice: ...

    async def after_backend_error(self, kind: str, message: str) -> Literal["retry", "stop"]: ...
