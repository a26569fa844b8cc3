"""`smallops rerun`: a logged session run again from step 0 with another model, headless.

A `RerunDecider` replays the person's recorded decisions (and undos) wherever the new model
proposes the same action as the recording at that step (the same normalized action, as the
guards compare them: paths normalized, whitespace in commands collapsed, a `done`'s summary
ignored). At the first step where they differ it stops the session, or, told to, hands every
decision from there on to a ScriptedPolicy.

A log is hostile input, and a recorded approval is not the person's approval of this run: an
approval of anything above LOW, or of anything that reads or names a path outside the workspace,
is replayed only if `confirm` (the person, asked at the terminal) says yes now. Without a person
to ask (`confirm` None: --yes-low-only) it is held: not replayed, and the run goes on as after a
divergence (it stops, or the policy the person named decides).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Literal

from ..files.workspace import Workspace
from ..log.events import ActionProposed, Decision, ParseFailed, Undone
from ..reply.actions import validate_action
from ..reply.kinds import Action
from ..risk.classify import RiskVerdict, classify
from ..session.decisions import Choice, Proposal
from ..session.guards import action_key, data_key
from ..session.loop import Session
from ..session.policy import ScriptedPolicy
from .replay import Replay, ReplayStep
from ..log.json_value import JsonObject


@dataclass
class Divergence:
    step: int
    recorded: str  # what the recording did at that step, in words
    new: str  # what the new model proposed
    held: str = ""  # set when the model did not diverge but a recorded approval was not replayed: why


# Rules that mean an action reaches past the workspace: a replayed approval of one needs a person
# whatever its level.
REACHES_OUTSIDE = frozenset({"path.outside_workspace", "shell.reads_outside", "shell.reads_secrets",
                             "shell.outside_path", "shell.leaves_workspace", "shell.exfiltrate"})
# Asked before a recorded approval is replayed: the step, the action about to run and its verdict now.
Confirm = Callable[[int, Action, RiskVerdict], Awaitable[bool]]


def needs_person(verdict: RiskVerdict) -> bool:
    """Whether replaying an approval of an action with this verdict needs the person's yes."""
    return verdict.level != "LOW" or bool(REACHES_OUTSIDE.intersection(verdict.rules))


@dataclass
class RecordedStep:
    number: int
    key: str | None  # the model's first proposal, normalized; None: no proposal (an unusable reply, an error)
    failure: str | None  # the kind of an unusable reply
    decisions: list[Decision] = field(default_factory=list)
    undos: int = 0  # undos the person made while deciding


def recorded_steps(replay: Replay) -> dict[int, RecordedStep]:
    steps = {}
    for view in replay.steps:
        proposals = [e for e in view.of(ActionProposed) if e.source == "model"]
        failure = view.last(ParseFailed)
        steps[view.number] = RecordedStep(view.number, data_key(proposals[0].action) if proposals else None,
                                          failure.kind if failure is not None else None, list(view.of(Decision)),
                                          len(view.of(Undone)))
    return steps


def describe(data: JsonObject | None, failure: str | None = None, width: int = 44) -> str:
    """An action in a few words: `run_command python3 main.py`."""
    if data is None:
        return f"unusable reply ({failure})" if failure else "—"
    name = str(data.get("action", "?"))
    detail = next((str(data[k]) for k in ("command", "path", "summary") if isinstance(data.get(k), str)), "")
    text = " ".join(f"{name} {detail}".split())
    return text if len(text) <= width else text[: width - 1] + "…"


def step_action(view: ReplayStep | None) -> str:
    if view is None:
        return "—"
    proposals = [e for e in view.of(ActionProposed) if e.source == "model"]
    failure = view.last(ParseFailed)
    return describe(proposals[0].action if proposals else None, failure.kind if failure is not None else None)


class RerunDecider:
    """A Decider that replays a recording's decisions while the new run stays on its track."""

    def __init__(self, replay: Replay, continue_with: str | None = None, confirm: Confirm | None = None,
                 workspace: Workspace | None = None) -> None:
        self.replay = replay
        self.confirm = confirm  # None: nobody to ask, so approvals above LOW are held
        self.workspace = workspace  # where an edited action is judged (the rerun's own)
        self.replayed_with_yes: list[int] = []  # steps whose approval the person confirmed
        self.vocabulary = replay.header.vocabulary
        self.recorded = recorded_steps(replay)
        self.policy = ScriptedPolicy(continue_with) if continue_with else None
        self.divergence: Divergence | None = None
        self.session: Session | None = None  # set by whoever runs it: undos are the session's to make
        self._used: dict[int, int] = {}  # decisions of each step replayed so far
        self._undone: set[int] = set()
        self._retries = 2

    def _key(self, proposal: Proposal) -> tuple[str, str]:
        if proposal.action is not None:
            return action_key(proposal.action), describe(proposal.action.to_json())
        kind = proposal.failure.kind if proposal.failure is not None else "?"
        return f"failure:{kind}", describe(None, kind)

    async def decide(self, proposal: Proposal) -> Choice:
        if self.divergence is not None:
            return await self._after_divergence(proposal)
        rec = self.recorded.get(proposal.step)
        used = self._used.get(proposal.step, 0)
        key, words = self._key(proposal)
        if rec is None:
            return await self._diverge(proposal, f"the recording ends at step {len(self.replay.steps)}", words)
        if proposal.source == "model" and used == 0:
            expected = rec.key if rec.key is not None else f"failure:{rec.failure}"
            if key != expected:
                return await self._diverge(proposal, step_action(self._view(proposal.step)), words)
        if used >= len(rec.decisions):
            return await self._diverge(proposal, "no further decision was recorded at this step", words)
        if rec.undos and proposal.step not in self._undone and self.session is not None:
            self._undone.add(proposal.step)
            for _ in range(rec.undos):
                self.session.controls.undo()  # as the person did, before deciding
        decision = rec.decisions[used]
        self._used[proposal.step] = used + 1
        try:
            edited = self._action(decision.edited_action)
        except ValueError:  # a log is hostile input: an edit that is not an action ends the replay of decisions
            return await self._diverge(proposal, "an edit the log records that is not a valid action", words)
        if decision.decision in ("approve", "edit"):
            held = await self._held(proposal, edited)
            if held:
                self.divergence = Divergence(proposal.step, f"approved {words}", words, held=held)
                return await self._after_divergence(proposal)
        return Choice(decision.decision, reason=decision.reason, edited=edited, by="policy")

    async def _held(self, proposal: Proposal, edited: Action | None) -> str:
        """Why a recorded approval is not replayed ("" when it is): the action to run is judged
        now, in this run's workspace, and above LOW (or reaching outside) the person must say yes."""
        action = edited or proposal.action
        if action is None:
            return ""  # approving an unusable reply sends the failure back to the model: nothing runs
        verdict = proposal.verdict
        if edited is not None or verdict is None:
            workspace = self.workspace or (self.session.workspace if self.session is not None else None)
            if workspace is None:
                return "there is no workspace to judge the edited action in"
            verdict = classify(action, workspace)
        if not needs_person(verdict):
            return ""
        if verdict.refused:
            return f"the risk rules refuse it now ({verdict.reasons[0]})"
        if self.confirm is None:
            return (f"it is {verdict.level} ({verdict.reasons[0]}); only LOW approvals inside the workspace are "
                    "replayed without a person to ask")
        if await self.confirm(proposal.step, action, verdict):
            self.replayed_with_yes.append(proposal.step)
            return ""
        return f"it is {verdict.level} ({verdict.reasons[0]}) and you declined to replay it"

    def _view(self, number: int) -> ReplayStep | None:
        return next((v for v in self.replay.steps if v.number == number), None)

    def _action(self, data: JsonObject | None) -> Action | None:
        if data is None:
            return None
        return validate_action(data, self.vocabulary)

    async def _diverge(self, proposal: Proposal, recorded: str, new: str) -> Choice:
        self.divergence = Divergence(proposal.step, recorded, new)
        return await self._after_divergence(proposal)

    async def _after_divergence(self, proposal: Proposal) -> Choice:
        if self.policy is not None:
            return await self.policy.decide(proposal)
        assert self.divergence is not None
        if self.divergence.held:
            return Choice("stop", reason=f"a recorded approval at step {self.divergence.step} was not replayed: "
                                         f"{self.divergence.held}", by="policy")
        return Choice("stop", reason=f"the rerun diverged from the recording at step {self.divergence.step}",
                      by="policy")

    async def after_backend_error(self, kind: str, message: str) -> Literal["retry", "stop"]:
        if self._retries > 0 and kind not in ("unreachable", "model_missing"):
            self._retries -= 1
            return "retry"
        return "stop"
