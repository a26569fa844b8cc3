"""`why`: a rejected action's feedback says what the risk rules found in it.

Rejected with no reason (a person pressing `n`, or the bench's policy refusing HIGH), a small model
hears only "rejected" and sends the same action again: in held-out n08 it was asked to add a
README section, wrote the section alone over the README (HIGH: 21 of 23 lines wiped) and proposed
it four times to the step cap. A person rejecting it would say why; so does this lever, from the
verdict the person saw. A rejected whole-file wipe also says what write_file does, the
misunderstanding behind most of them.
"""

from __future__ import annotations

from ...reply.kinds import WriteFile
from ...risk.rules import DESTRUCTIVE_REWRITE, RULES
from ..decisions import Proposal


def risk_found(proposal: Proposal) -> str:
    """What the risk rules found in a rejected proposal, to add to its feedback ("" when nothing)."""
    verdict = proposal.verdict
    if verdict is None or verdict.level == "LOW" or not verdict.reasons:
        return ""
    # The reasons of the rules at the verdict's level (a verdict lists every rule that fired, the
    # harmless ones too: "changes a text file" beside "wipes most of a file").
    at_level = [reason for rule, reason in zip(verdict.rules, verdict.reasons, strict=False)
                if (found := RULES.get(rule)) is None or found.level == verdict.level]
    said = f"The risk rules judged it {verdict.level}: {'; '.join(at_level or verdict.reasons)}."
    action = proposal.action
    if isinstance(action, WriteFile) and DESTRUCTIVE_REWRITE in verdict.rules:
        said += (f" write_file replaces the whole file: its content must be all of {action.path} as it is to "
                 "be, every line you keep and your change in place.")
    return said
