"""A decider without a person: approve what a policy allows, reject the rest (bench and tests)."""

from __future__ import annotations

from typing import Literal

from ...policy_names import DEFAULT, POLICIES
from .decisions import Choice, Proposal


class ScriptedPolicy:
    """A decider for benchmarks and tests: approve what the policy allows, reject the rest."""

    POLICIES = POLICIES  # (the names live where the command line reads them without the core)

    def __init__(self, policy: str = DEFAULT, retries: int = 1) -> None:
        if policy not in self.POLICIES:
            raise ValueError(f"unknown policy {policy!r}; choose one of: {', '.join(self.POLICIES)}")
        self.policy = policy
        self.retries_left = retries
        self.interventions = 0

    async def decide(self, proposal: Proposal) -> Choice:
        if proposal.action is None:
            return Choice("approve", by="policy")  # send the parse failure back to the model
        level = proposal.verdict.level if proposal.verdict else "HIGH"
        allowed = {"approve-all": True, "approve-non-high": level != "HIGH",
                   "approve-low": level == "LOW", "reject-all": False}[self.policy]
        if proposal.refused:
            self.interventions += 1
            return Choice("reject", reason="refused by the risk rules", by="policy")
        if not allowed:
            self.interventions += 1
            return Choice("reject", reason=f"the {self.policy} policy does not allow {level}-risk actions", by="policy")
        return Choice("approve", by="policy")

    async def after_backend_error(self, kind: str, message: str) -> Literal["retry", "stop"]:
        if self.retries_left > 0 and kind not in ("unreachable", "model_missing"):
            self.retries_left -= 1
            return "retry"
        return "stop"
