"""`LeverSession`: a session with its levers applied, and what they need to remember.

With no levers it is exactly a plain `Session`. What it remembers is per session: the paths the model
has seen as they are now (read, shown by the harness, or written by itself), what it proposed, what
was rejected, the edits it made, and which actions the next turn's schema leaves out.
"""

from __future__ import annotations

import asyncio
import dataclasses
import posixpath
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from ...files.workspace import Workspace
from ...reply.actions import VocabularySchema
from ...reply.kinds import Action, EditAction, ListDir, ReadFile
from ...reply.backend import Backend
from ...reply.parsing import ParseResult
from ...log.events import Decision, Executed, SessionHeader
from ..base import E
from ..config import Resume, SessionConfig
from ..decisions import Decider, Proposal
from ..guards import action_key
from ..loop import Session
from .answers import (
    Answer, broken_edit, edit_preview, guidance, made_again, misplaced_edit, noop_write, rejected_again, seen_again,
    unread_write,
)
from .form import keep_form
from .hands_off import forbidden_edit, wrong_file
from .keep import dropped_definitions, named_elsewhere, retyped_rename
from .opening import EXAMPLE, PLAN_RULE, SHORT_PLAN_RULE, file_tree, mentioned_files, workspace_facts
from .schema import paths_schema, without


@dataclass
class LeverMemory:
    looked_at: dict[int, str] = field(default_factory=dict)  # step -> the path its read or listing named
    shown: dict[str, int] = field(default_factory=dict)  # path -> the change count when the harness showed it
    listed: dict[str, int] = field(default_factory=dict)  # folder -> the change count when the opening listed it
    written: dict[str, int] = field(default_factory=dict)  # path -> the change count after the model's own edit
    proposed: dict[int, Action] = field(default_factory=dict)  # step -> the action proposed (the step's last)
    rejected: dict[str, tuple[int, str]] = field(default_factory=dict)  # action key -> (step, reason), first time
    edits_made: dict[str, int] = field(default_factory=dict)  # action key -> the step the edit was applied at
    skip: tuple[int, tuple[str, ...]] = (0, ())  # (step, actions its schema leaves out)


class LeverSession(Session):
    """A session with the levers of its config applied."""

    def __init__(self, backend: Backend, workspace: Workspace, config: SessionConfig, decider: Decider,
                 log_path: str | Path | None = None, *, header: SessionHeader | None = None,
                 resume: Resume | None = None) -> None:
        super().__init__(backend, workspace, config, decider, log_path, header=header, resume=resume)
        self.levers = self.config.levers
        self.memory = LeverMemory()
        if self.resume is None:  # a fork's conversation is the original's, levers and all
            self._open()

    def _open(self) -> None:
        if "plan" in self.levers:
            self.messages[0]["content"] += SHORT_PLAN_RULE if "shortplan" in self.levers else PLAN_RULE
        if "example" in self.levers:
            self.messages[0]["content"] += EXAMPLE
        if "tree" in self.levers:
            self.messages[1]["content"] += "\n" + file_tree(self.workspace, self.config.task)
            self.memory.listed["."] = self.history.changes  # the top level, every entry of it, is in the listing
            self.messages[1]["content"] += workspace_facts(self.workspace, self.config.allow_network)
        if "mentioned" in self.levers:
            shown, paths = mentioned_files(self.config.task, self.workspace)
            self.messages[1]["content"] += shown
            for path in paths:
                self.memory.shown[path] = self.history.changes
        self.header.opening = [dict(m) for m in self.messages[:2]]  # what the model was really told

    # -- what it may say ---------------------------------------------------------------------------

    def turn_schema(self) -> VocabularySchema:
        if "fresh" in self.levers:
            reads, lists = self.looked_at_since_last_change()
            schema = paths_schema(self.config.vocabulary, self.workspace, "paths" in self.levers, True, reads, lists)
        elif "paths" in self.levers:
            schema = paths_schema(self.config.vocabulary, self.workspace)
        else:
            schema = super().turn_schema()
        step, actions = self.memory.skip
        return without(schema, actions) if step == self.step and actions else schema

    def _now(self, changes: dict[str, int]) -> set[str]:
        return {path for path, at in changes.items() if at == self.history.changes}

    def looked_at_since_last_change(self) -> tuple[frozenset[str], frozenset[str]]:
        """Paths read (or shown by the harness) and directories listed since the workspace last changed."""
        reads, lists = self._now(self.memory.shown), self._now(self.memory.listed)
        for record in self.history.steps:
            path = self.memory.looked_at.get(record.step)
            if record.changes_before != self.history.changes or not record.ok or path is None:
                continue
            if record.action == ReadFile.NAME:
                reads.add(path)
            elif record.action == ListDir.NAME:
                lists.add(path)
        return frozenset(reads), frozenset(lists)

    # -- what the harness remembers and answers ------------------------------------------------------

    def emit(self, event: E) -> E:
        if isinstance(event, Decision) and event.decision == "reject" and event.step in self.memory.proposed:
            self.memory.rejected.setdefault(action_key(self.memory.proposed[event.step]), (event.step, event.reason or ""))
        elif isinstance(event, Executed) and event.ok and event.step in self.memory.proposed:
            made = self.memory.proposed[event.step]
            path = edit_path(made)
            if path is not None:
                self.memory.edits_made.setdefault(action_key(made), event.step)
                self.memory.written[posixpath.normpath(path)] = self.history.changes
        return super().emit(event)

    async def reshape(self, parsed: ParseResult) -> ParseResult:
        if "form" not in self.levers or parsed.action is None:
            return parsed
        action, repairs = await asyncio.to_thread(keep_form, parsed.action, self.workspace)
        return dataclasses.replace(parsed, action=action, repairs=[*parsed.repairs, *repairs]) if repairs else parsed

    async def answer_before_proposing(self, action: Action) -> tuple[str, str] | None:
        answer = await asyncio.to_thread(self._answer, action)
        if answer is None:
            return None
        self.memory.skip = (self.step + 1, answer.skip_next)
        if answer.rejects:
            self.memory.rejected.setdefault(action_key(action), (self.step, answer.text.split(". ")[0]))
        if answer.shows_file:
            path = edit_path(action)
            if path is not None:
                self.memory.shown[posixpath.normpath(path)] = self.history.changes  # it has been shown the file
        return answer.note, answer.text

    async def after_change(self) -> str:
        """`tests`: after an approved change, the project's tests are run and the model is told what
        they say (the first failure, as a person running them would see it)."""
        if "tests" not in self.levers:
            return ""
        verdict = await self.project_tests.run()
        if verdict is None or not verdict.ran:
            return ""
        return f"Then the project's tests were run: {verdict.short()}."

    def _answer(self, action: Action) -> Answer | None:
        """The first lever that answers this action (they are checked in this order)."""
        key = action_key(action)
        if "rejected" in self.levers and (answer := rejected_again(action, key, self.memory.rejected)):
            return answer
        if "fresh" in self.levers and (answer := seen_again(action, *self.looked_at_since_last_change())):
            return answer
        if "handsoff" in self.levers and (answer := forbidden_edit(self.config.task, edit_preview(action, self.workspace))):
            return answer
        if "readfirst" in self.levers:
            seen = self._now(self.memory.shown) | self._now(self.memory.written) | set(self.looked_at_since_last_change()[0])
            if answer := unread_write(action, self.workspace, seen):
                return answer
        preview = edit_preview(action, self.workspace)
        if preview is None and edit_path(action) is None:
            return None
        if "again" in self.levers:
            if answer := made_again(self.workspace, preview, edit_path(action) or "", self.memory.edits_made.get(key)):
                return answer
        if answer := broken_edit(self.workspace, preview, "nearcopy" in self.levers, "lint" in self.levers):
            return answer
        if "placement" in self.levers and (answer := misplaced_edit(self.config.task, preview)):
            return answer
        if "wrongfile" in self.levers and (answer := wrong_file(self.config.task, self.workspace, preview)):
            return answer
        if "rename" in self.levers and (answer := retyped_rename(self.config.task, self.workspace, preview)):
            return answer
        if "where" in self.levers and (answer := named_elsewhere(self.config.task, preview)):
            return answer
        if "dropped" in self.levers and (answer := dropped_definitions(self.config.task, preview)):
            return answer
        return noop_write(preview) if "noop" in self.levers else None

    async def propose(self, action: Action, parsed: ParseResult, source: Literal["model", "person"],
                      note: str = "") -> Proposal:
        proposal = await super().propose(action, parsed, source, note)
        self.memory.proposed[self.step] = action
        path = getattr(action, "path", None)
        if isinstance(path, str):
            self.memory.looked_at[self.step] = posixpath.normpath(path.strip() or ".")
        if "guidance" in self.levers and source == "model" and not note:
            text = guidance(proposal.flags, self.workspace)
            if text:
                self._pending_notes.append(text)  # sent with this step's result
        return proposal


def edit_path(action: Action) -> str | None:
    """The file an edit action changes, None for any other action."""
    return action.path if isinstance(action, EditAction) else None
