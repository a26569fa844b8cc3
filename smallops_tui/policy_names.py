"""The scripted policies' names (what `bench --policy` and `rerun --continue-with` take), without
importing the core: the command line's parser needs them on every start, and the policy itself
(agent/session/policy.py) brings the risk rules with it."""

from __future__ import annotations

from typing import Literal

Policy = Literal["approve-all", "approve-non-high", "approve-low", "reject-all"]
POLICIES: tuple[Policy, ...] = ("approve-all", "approve-non-high", "approve-low", "reject-all")
DEFAULT: Policy = "approve-non-high"
