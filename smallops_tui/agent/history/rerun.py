"""`smallops rerun`: a logged session run again from step 0 with another model, headless.

A `RerunDecider` replays the person's recorded decisions (and undos) wherever the new model
proposes the same action as the recording at that step (the same normalized action, as the
guards compare them: paths normalized, whitespace in commands collapsed, a `done`'s summary
ignored). At the first step where they differ it stops the session, or, told to, hands every
decision from there on to a ScriptedPolicy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..reply.actions import Action, vocabulary
from ..session.decisions import Choice, Proposal
from ..session.guards import action_key, data_key
from ..session.policy import ScriptedPolicy
from .replay import Replay, ReplayStep


@dataclass
class Divergence:
    step: int
    recorded: str  # what the recording did at that step, in words
    new: str  # what the new model proposed


@dataclass
class RecordedStep:
    number: int
    key: str | None  # the model's first proposal, normalized; None: no proposal (an unusable reply, an error)
    failure: str | None  # the kind of an unusable reply
    decisions: list[Any] = field(default_factory=list)
    undos: int = 0  # undos the person made while deciding


def recorded_steps(replay: Replay) -> dict[int, RecordedStep]:
    steps = {}
    for view in replay.steps:
        proposals = [e for e in view.of("action_proposed") if e.source == "model"]
        failure = view.last("parse_failed")
        steps[view.number] = RecordedStep(view.number, data_key(proposals[0].action) if proposals else None,
                                          failure.kind if failure is not None else None, list(view.of("decision")),
                                          len(view.of("undone")))
    return steps


def describe(data: dict[str, Any] | None, failure: str | None = None, width: int = 44) -> str:
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
    proposals = [e for e in view.of("action_proposed") if e.source == "model"]
    failure = view.last("parse_failed")
    return describe(proposals[0].action if proposals else None, failure.kind if failure is not None else None)


class RerunDecider:
    """A Decider that replays a recording's decisions while the new run stays on its track."""

    def __init__(self, replay: Replay, continue_with: str | None = None) -> None:
        self.replay = replay
        self.vocabulary = replay.header.vocabulary
        self.recorded = recorded_steps(replay)
        self.policy = ScriptedPolicy(continue_with) if continue_with else None
        self.divergence: Divergence | None = None
        self.session: Any = None  # set by whoever runs it: undos are the session's to make
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
                self.session.undo()  # as the person did, before deciding
        decision = rec.decisions[used]
        self._used[proposal.step] = used + 1
        try:
            edited = self._action(decision.edited_action)
        except ValueError:  # a log is hostile input: an edit that is not an action ends the replay of decisions
            return await self._diverge(proposal, "an edit the log records that is not a valid action", words)
        return Choice(decision.decision, reason=decision.reason, edited=edited, by="policy")

    def _view(self, number: int) -> ReplayStep | None:
        return next((v for v in self.replay.steps if v.number == number), None)

    def _action(self, data: dict[str, Any] | None) -> Action | None:
        if data is None:
            return None
        model = vocabulary(self.vocabulary).get(str(data.get("action")))
        return model.model_validate(data) if model is not None else None

    async def _diverge(self, proposal: Proposal, recorded: str, new: str) -> Choice:
        self.divergence = Divergence(proposal.step, recorded, new)
        return await self._after_divergence(proposal)

    async def _after_divergence(self, proposal: Proposal) -> Choice:
        if self.policy is not None:
            return await self.policy.decide(proposal)
        assert self.divergence is not None
        return Choice("stop", reason=f"the rerun diverged from the recording at step {self.divergence.step}",
                      by="policy")

    async def after_backend_error(self, kind: str, message: str) -> Literal["retry", "stop"]:
        if self._retries > 0 and kind not in ("unreachable", "model_missing"):
            self._retries -= 1
            return "retry"
        return "stop"
