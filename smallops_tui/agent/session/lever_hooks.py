"""What a session asks its levers (levers/part.py), at the moments of a step where they may help.

The session consults its levers part and nothing else of them: what the model is told at the
start (and with a follow-up task), what it may say this turn, the reply reshaped, an answer the
harness gives instead of proposing, a note after a proposal, what it is told after an approved
change, the environment of a command, and every event to remember. A plain session holds `NoLevers`, which changes nothing.
"""

from __future__ import annotations

from typing import Literal, Protocol

from ..files.command_undo import Capture
from ..log.events import Event
from ..reply.actions import VocabularySchema
from ..reply.kinds import Action
from ..reply.parsing import ParseResult
from .config import Message
from .decisions import Proposal
from .guards import SessionHistory
from .project_tests import ProjectTests


class LeverHooks(Protocol):
    def opening(self, messages: list[Message], history: SessionHistory) -> None:
        """Add to the opening messages (the system prompt, the task) before the first request."""

    def follow_up(self, task: str, history: SessionHistory) -> str:
        """What to add to a follow-up task's message ("" for nothing)."""

    def turn_schema(self, step: int, history: SessionHistory) -> VocabularySchema | None:
        """The schema this turn's reply is constrained to; None: the vocabulary's own."""

    def turn_options(self, step: int) -> dict[str, object]:
        """Request options for this turn over the session's (e.g. its temperature); {} for none."""

    async def reshape(self, parsed: ParseResult, history: SessionHistory) -> ParseResult:
        """The parsed reply as it is to be proposed (a repair says how it was reshaped)."""

    async def answer(self, action: Action, step: int, history: SessionHistory) -> tuple[str, str] | None:
        """(what the person is told, what the model is told) when the harness answers the action
        itself instead of proposing it; None: propose it."""

    def proposed(self, proposal: Proposal, source: Literal["model", "person"], note: str) -> str:
        """A note sent with this step's result after `proposal` was shown ("" for none)."""

    def rejected(self, proposal: Proposal) -> str:
        """What to add to the feedback of a rejected proposal ("" for nothing)."""

    def answer_done(self, proposal: Proposal, history: SessionHistory) -> tuple[str, str] | None:
        """(what the person is told, what the model is told) when the harness answers a `done` its
        checks flag instead of proposing it; None: propose it."""

    def after_failure(self, raw: str, history: SessionHistory) -> str:
        """What to add to the feedback of a reply that could not be used ("" for nothing)."""

    def after_command(self, proposal: Proposal, changed: list[str], kept: Capture | str | None,
                      output: str | None) -> str:
        """What to add to a command's feedback, given the paths it changed, the workspace as it was
        before it (`kept`: a sentence where it was past undo's bound) and what it printed ("" for nothing)."""

    async def after_change(self, tests: ProjectTests, history: SessionHistory, changed: set[str]) -> str:
        """What the model is told after an approved change besides its result ("" for nothing);
        `changed`: the paths that differ from the task's start."""

    def remember(self, event: Event, history: SessionHistory) -> None:
        """Every event the session emits, before the log and the listeners have it."""

    def command_env(self) -> dict[str, str]:
        """Variables an approved command runs with besides the sandbox's own ({} for none)."""


class NoLevers:
    """The levers of a plain session: none."""

    def opening(self, messages: list[Message], history: SessionHistory) -> None:
        return None

    def follow_up(self, task: str, history: SessionHistory) -> str:
        return ""

    def turn_schema(self, step: int, history: SessionHistory) -> VocabularySchema | None:
        return None

    def turn_options(self, step: int) -> dict[str, object]:
        return {}

    async def reshape(self, parsed: ParseResult, history: SessionHistory) -> ParseResult:
        return parsed

    async def answer(self, action: Action, step: int, history: SessionHistory) -> tuple[str, str] | None:
        return None

    def proposed(self, proposal: Proposal, source: Literal["model", "person"], note: str) -> str:
        return ""

    def rejected(self, proposal: Proposal) -> str:
        return ""

    def answer_done(self, proposal: Proposal, history: SessionHistory) -> tuple[str, str] | None:
        return None

    def after_failure(self, raw: str, history: SessionHistory) -> str:
        return ""

    def after_command(self, proposal: Proposal, changed: list[str], kept: Capture | str | None,
                      output: str | None) -> str:
        return ""

    async def after_change(self, tests: ProjectTests, history: SessionHistory, changed: set[str]) -> str:
        return ""

    def remember(self, event: Event, history: SessionHistory) -> None:
        return None

    def command_env(self) -> dict[str, str]:
        return {}
