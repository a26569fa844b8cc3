"""`Levers`: the part of a session that applies its levers, and what they need to remember.

This is where each lever is wired to a moment of the step (lever_hooks.py names the moments; the
session consults this part at each): the opening (`opening`, and `follow_up` for a follow-up
task's message), the turn's schema (`turn_schema`),
a reply reshaped (`reshape`), an answer the harness gives instead of proposing (`_answer`, in the
order the levers are checked), a note after a proposal (`proposed`), what the model is told after
an approved change (`after_change`) and the memory (`remember`).
With no levers in the config it changes nothing. What it remembers is per session: the paths the
model has seen as they are now (read, shown by the harness, or written by itself), what it
proposed, what was rejected, the edits it made, and which actions the next turn's schema leaves out.
"""

from __future__ import annotations

import asyncio
import hashlib
import dataclasses
import posixpath
from functools import partial
from dataclasses import dataclass, field
from typing import Literal

from ...files.command_undo import Capture
from ...files.edits import EditPreview
from ...files.stamps import FileStamp, same_file
from ...files.workspace import PathEscape, Workspace
from ...reply.actions import VocabularySchema, vocabulary, vocabulary_schema
from ...reply.kinds import Action, Done, EditAction, ListDir, ReadFile, RunCommand, WriteFile, edit_kind_names
from ...reply.parsing import ParseResult, cut_write_path
from ...reply.repetition import LOOP_REASON
from ...log.events import Decision, Event, Executed, ParseFailed, ReplyFinished
from ..config import Message, SessionConfig
from ..decisions import Proposal
from ..guards import SessionHistory, action_key
from ..project_tests import ProjectTests
from ..prompts import clip
from .answers import (
    NEXT_STEP, Answer, ShownFile, broken_edit, edit_preview, guidance, made_again, misplaced_edit, noop_write, rejected_again,
    seen_again, unread_write,
)
from .call_hint import call_hint, looks_like_python_error, project_code
from .command_changes import command_changes
from .form import keep_form
from .verify import send_back
from .rejection import risk_found
from .shell_traps import dash_echo
from .undefined import names_left_undefined
from ..task_checks import asks_only, hands_off, named_files_done
from .hands_off import forbidden_command, forbidden_edit, wrong_file
from .input_data import input_edited
from .importable import importable_env
from .rerun import CommandRun, ran_again
from .merge import merge_fragment
from .keep import dropped_definitions, edited_removal, named_elsewhere, retyped_rename
from ..asked_call import asked_call
from .opening import (EXAMPLE, FENCED_RULE, PLAN_RULE, SHORT_PLAN_RULE, asked_opening, file_tree, mentioned_files,
                      workspace_facts)
from .schema import paths_schema, without


UNSTICK_TEMPERATURE = 0.7
# In a task that asks only to be told: reads and listings of what was seen, after which the next turn may only
# answer (say done).
TELL_AFTER_LOOKS = 2


_FRAGMENT_LAYOUT = frozenset({"final_newline_kept", "json_layout_kept"})


def _rejection_key(action: Action, changes: int) -> str:
    """What makes a proposal the one that was rejected. A `done` is its claim, as the workspace stood:
    action_key blanks a done's summary (two dones are a repeat for the repeat guard), and keyed so,
    one `done` rejected had every later one answered unseen, whatever it said and whatever had changed
    since (a new user's session in a clone of this repository: three dones at steps 8-12 never shown)."""
    if isinstance(action, Done):
        return f"{action_key(action)}|{' '.join(action.summary.split())}|{changes}"
    return action_key(action)


@dataclass
class LeverMemory:
    looked_at: dict[int, str] = field(default_factory=dict)  # step -> the path its read or listing named
    shown: dict[str, int] = field(default_factory=dict)  # path -> the change count when the harness showed it
    listed: dict[str, int] = field(default_factory=dict)  # folder -> the change count when the opening listed it
    written: dict[str, int] = field(default_factory=dict)  # path -> the change count after the model's own edit
    known: dict[str, FileStamp] = field(default_factory=dict)  # path -> its stamp when the model last saw or wrote it
    proposed: dict[int, Action] = field(default_factory=dict)  # step -> the action proposed (the step's last)
    rejected: dict[str, tuple[int, str]] = field(default_factory=dict)  # action key -> (step, reason), first time
    edits_made: dict[str, int] = field(default_factory=dict)  # action key -> the step the edit was applied at
    skip: tuple[int, tuple[str, ...]] = (0, ())  # (step, actions its schema leaves out)
    unplanned: int = 0  # a step whose reply has no plan: its one action is chosen (`settle`)
    stuck_at: int = 0  # the last step that showed the model stuck (`unstick`)
    failed_replies: set[bytes] = field(default_factory=set)  # digests of the replies that could not be used
    changes_at: dict[int, int] = field(default_factory=dict)  # step -> the workspace's change count as it began
    sent_back: list[frozenset[str]] = field(default_factory=list)  # the findings of each done sent back
    seen: SeenSince = field(default_factory=lambda: SeenSince())
    ran: dict[str, CommandRun] = field(default_factory=dict)  # command -> its last run (`rerun`)
    looked_again: int = 0  # reads and listings of what was seen, answered by `fresh`, in a task that asks only


@dataclass
class SeenSince:
    """The paths read and folders listed since the workspace last changed, kept up to date as steps
    are recorded (a walk over every step at every turn made a step's cost grow with the session)."""

    changes: int = -1  # the change count they are for
    taken_in: int = 0  # the records of the session's history read so far
    reads: set[str] = field(default_factory=set)
    lists: set[str] = field(default_factory=set)


class Levers:
    """The levers of a session's config, as the part the session consults (lever_hooks.py)."""

    def __init__(self, config: SessionConfig, workspace: Workspace) -> None:
        self.levers = config.levers
        self.vocabulary = config.vocabulary
        self.allow_network = config.allow_network
        self.workspace = workspace
        self.memory = LeverMemory()

    def opening(self, messages: list[Message], history: SessionHistory) -> None:
        if "plan" in self.levers:
            messages[0]["content"] += SHORT_PLAN_RULE if "shortplan" in self.levers else PLAN_RULE
        if "example" in self.levers:
            messages[0]["content"] += EXAMPLE
        if "fenced" in self.levers:
            messages[0]["content"] += FENCED_RULE
        if "tree" in self.levers:
            messages[1]["content"] += "\n" + file_tree(self.workspace, history.task)
            self.memory.listed["."] = history.changes  # the top level, every entry of it, is in the listing
            messages[1]["content"] += workspace_facts(self.workspace, self.allow_network)
        if {"mentioned", "related", "commanded"} & set(self.levers):
            shown, paths = self._task_files(history.task)
            messages[1]["content"] += shown
            for path in paths:
                self.memory.shown[path] = history.changes
        messages[1]["content"] += self._asked(history.task)

    def _asked(self, task: str) -> str:
        """`asked`: the call a question asks the value of, as the command that computes it."""
        if "asked" not in self.levers:
            return ""
        asked = asked_call(task, self.workspace)
        return asked_opening(asked) if asked is not None else ""

    def _task_files(self, task: str) -> tuple[str, list[str]]:
        """`mentioned` (the files the task names) and `related` (those its words point to)."""
        return mentioned_files(task, self.workspace, named="mentioned" in self.levers, related="related" in self.levers,
                               commanded="commanded" in self.levers)

    def follow_up(self, task: str, history: SessionHistory) -> str:
        if not {"mentioned", "related", "commanded"} & set(self.levers):
            return self._asked(task)
        shown, paths = self._task_files(task)  # the files a follow-up task names or is about, as at the start
        for path in paths:
            self.memory.shown[path] = history.changes
        return shown + self._asked(task)

    # -- what it may say ---------------------------------------------------------------------------

    def turn_options(self, step: int) -> dict[str, object]:
        """`unstick`: at temperature 0 the same conversation gives the same reply, and a model stuck
        once stays stuck: told its action was rejected before, it most often proposes it once more
        (k01, k03 of the held-out set: three and four times, to the step cap); stopped in a loop, it
        loops again (p04: seven times; q02: three). The turn after the model showed it was stuck (a
        rejected action repeated, a reply stopped in a loop, a reply that could not be used sent
        again word for word, an action that failed sent again with nothing changed since) is
        sampled, with the session's seed, so a run stays reproducible. `settle` (with `plan`): the turn
        that may only say done has no plan."""
        options: dict[str, object] = {}
        if "unstick" in self.levers and self.memory.stuck_at and step == self.memory.stuck_at + 1:
            options["temperature"] = UNSTICK_TEMPERATURE
        if "plan" in self.levers and step == self.memory.unplanned:
            options["plan"] = 0
        return options

    def turn_schema(self, step: int, history: SessionHistory) -> VocabularySchema | None:
        schema: VocabularySchema | None = None
        if "fresh" in self.levers:
            reads, lists = self.looked_at_since_last_change(history)
            schema = paths_schema(self.vocabulary, self.workspace, "paths" in self.levers, True, reads, lists)
        elif "paths" in self.levers:
            schema = paths_schema(self.vocabulary, self.workspace)
        skip_step, actions = self.memory.skip
        left_out = set(actions) if skip_step == step else set()
        if "handsoff" in self.levers and (limit := hands_off(history.task)) is not None and limit.every_file:
            # A task that says to change no file (a question) is offered no edit: answered after the
            # fact, a write had cost the turn and the answer limit (heldout8's r06 wrote the file it
            # was asked about, cut at the limit, three times).
            left_out.update(edit_kind_names())
        if left_out:
            return without(schema or vocabulary_schema(self.vocabulary), sorted(left_out))
        return schema

    def _now(self, changes: dict[str, int], history: SessionHistory) -> set[str]:
        return {path for path, at in changes.items() if at == history.changes}

    def looked_at_since_last_change(self, history: SessionHistory) -> tuple[frozenset[str], frozenset[str]]:
        """Paths read (or shown by the harness) and directories listed since the workspace last changed."""
        seen = self.memory.seen
        if seen.changes != history.changes:
            seen = self.memory.seen = SeenSince(history.changes, len(history.steps) - len(history.since_last_change()))
        for record in history.steps[seen.taken_in:]:
            path = self.memory.looked_at.get(record.step)  # set when the step's action was proposed
            if not record.ok or path is None:
                continue
            if record.action == ReadFile.NAME:
                seen.reads.add(path)
            elif record.action == ListDir.NAME:
                seen.lists.add(path)
        seen.taken_in = len(history.steps)
        reads, lists = self._now(self.memory.shown, history), self._now(self.memory.listed, history)
        # A file whose read was cut is not seen until the reads that follow have sent what it left out.
        read = {path for path in reads | seen.reads if not history.read_parts.has_unsent(path)}
        return frozenset(read), frozenset(lists | seen.lists)

    # -- what the harness remembers and answers ------------------------------------------------------

    def remember(self, event: Event, history: SessionHistory) -> None:
        if isinstance(event, ReplyFinished) and event.done_reason == LOOP_REASON:
            self.memory.stuck_at = event.step
        elif isinstance(event, ParseFailed):
            # A digest, not the text: a long session keeps one per unusable reply.
            digest = hashlib.sha256(event.raw.encode("utf-8", "surrogatepass")).digest()
            if digest in self.memory.failed_replies:
                self.memory.stuck_at = event.step
            self.memory.failed_replies.add(digest)
        if isinstance(event, Decision) and event.decision == "reject" and event.step in self.memory.proposed:
            self.memory.rejected.setdefault(_rejection_key(self.memory.proposed[event.step], history.changes),
                                            (event.step, event.reason or ""))
        elif isinstance(event, Executed) and isinstance(ran := self.memory.proposed.get(event.step), RunCommand):
            self.memory.ran[ran.command.strip()] = CommandRun(event.step, history.changes, event.exit_code,
                                                              event.output or "")
        elif isinstance(event, Executed) and event.ok and event.step in self.memory.proposed:
            made = self.memory.proposed[event.step]
            path = edit_path(made)
            if path is not None:
                self.memory.edits_made.setdefault(action_key(made), event.step)
                self.memory.written[posixpath.normpath(path)] = history.changes
            if isinstance(made, ReadFile):
                self._know(made.path)
            elif path is not None:
                self._know(path)

    def _know(self, path: str) -> None:
        """The file as the model now knows it (it read it, was shown it, or wrote it)."""
        known = self._stamp(path)
        if known is not None:
            self.memory.known[known[0]] = known[1]

    def _stamp(self, path: str) -> tuple[str, FileStamp] | None:
        """The file's workspace path and stamp: its stat only (no read: this runs as events arrive),
        which any write changes (a new inode, size or time)."""
        try:
            rel = self.workspace.relative(path)
        except (PathEscape, ValueError, OSError):
            return None
        stamp = self.workspace.stamp(rel, budget=[0])
        return (rel, stamp) if stamp is not None and stamp.kind == "file" else None

    def _known_as_it_is(self, action: Action) -> set[str]:
        """The action's file, when it is byte for byte what the model last saw or wrote there. A change
        elsewhere leaves it known (the nine's r5 wrote counter.py, then test_counter.py, then counter.py
        again: told to read the file it had just written, it spent a turn and a reading on it)."""
        path = edit_path(action)
        now = self._stamp(path) if path is not None else None
        if now is None:
            return set()
        rel, stamp = now
        known = self.memory.known.get(rel)
        return {rel} if known is not None and same_file(known, stamp) else set()

    async def reshape(self, parsed: ParseResult, history: SessionHistory) -> ParseResult:
        # form first: a fragment in a Markdown fence is code for merge only once the fence is gone.
        reshapings = (("form", keep_form), ("merge", partial(merge_fragment, task=history.task)),
                      ("mergeconfig", partial(merge_fragment, task=history.task, python=False)),
                      ("mergedocs", partial(merge_fragment, task=history.task, python=False, config=False, docs=True)))
        for lever, reshaping in reshapings:
            if lever not in self.levers or parsed.action is None:
                continue
            try:
                action, repairs = await asyncio.to_thread(reshaping, parsed.action, self.workspace)
            except (RecursionError, MemoryError):
                continue  # code too deep to read is proposed as the model wrote it
            if repairs:
                kept = parsed.repairs
                if lever.startswith("merge"):  # the fragment's layout, said by form, is not the merged file's
                    kept = [r for r in kept if r.kind not in _FRAGMENT_LAYOUT]
                parsed = dataclasses.replace(parsed, action=action, repairs=[*kept, *repairs])
        return parsed

    async def answer(self, action: Action, step: int, history: SessionHistory) -> tuple[str, str] | None:
        self.memory.changes_at[step] = history.changes
        answer = await asyncio.to_thread(self._answer, action, step, history)
        if answer is None:
            return None
        self.memory.skip = (step + 1, answer.skip_next)
        if answer.settles and "settle" in self.levers:
            # The model re-sent an edit it had made: the file is as it means it to be. At temperature
            # 0 it then wandered (the nine's t3: a listing, a `node` run, the same edit, to the step
            # cap, its task done at step 1); its next turn is its summary, which the checks at done read.
            # That turn has no plan: a plan chooses the action, and there is one. The nine's settled
            # summaries spent about 190 of their 2,538 answer tokens planning it ("The task is complete.").
            self._only_done_at(step + 1)
            self.memory.unplanned = step + 1
        if answer.looks_again and asks_only(history.task):
            self.memory.looked_again += 1
            if self.memory.looked_again >= TELL_AFTER_LOOKS:
                # A task that asks only to be told: a model that keeps asking for what it has seen has
                # learned what it will (the README's first command, in a clone of this repository,
                # listed the tree and read README.md in turn to the step cap); its next turn is its answer.
                self._only_done_at(step + 1)
        if answer.rejects:
            self.memory.rejected.setdefault(_rejection_key(action, history.changes), (step, answer.text.split(". ")[0]))
        if answer.shows_file is not None:
            path = edit_path(action)
            if path is not None:
                self.memory.shown[posixpath.normpath(path)] = history.changes  # it has been shown the file
                self._know(path)
                _record_shown(answer.shows_file, history)
        # Cut as a read is: an answer that shows a file (readfirst, dropped, lint, again) sent the
        # whole of it, and a 33 KB module of a released package filled the embedded model's 8,192-token
        # window at step 2, past what drop-oldest can help (one message larger than the window).
        return answer.note, clip(answer.text)

    async def after_change(self, tests: ProjectTests, history: SessionHistory, changed: set[str]) -> str:
        """`tests`: after an approved change, the project's tests are run and the model is told what
        they say (the first failure, as a person running them would see it). `next`: the model is
        told the task may be complete now, as `again` tells it when it re-sends the change.
        `covered`: told so only when every file the task names has changed, read strictly
        (task_checks.named_files_done): `next` said it after any change, and on heldout14 two runs
        took it for done early (x04 after writing a requirements.txt nobody asked for)."""
        said = []
        if "tests" in self.levers:
            verdict = await tests.run()
            if verdict is not None and verdict.ran:
                said.append(f"Then the project's tests were run: {verdict.short()}.")
        if "next" in self.levers or ("covered" in self.levers
                                     and named_files_done(history.task, set(history.baseline), changed)):
            said.append(NEXT_STEP)
        return "\n".join(said)

    def _only_done_at(self, step: int) -> None:
        """The turn `step` may only say done: every other action is left out of its schema."""
        self.memory.skip = (step, tuple(name for name in vocabulary(self.vocabulary) if name != Done.NAME))

    def command_env(self) -> dict[str, str]:
        return importable_env(self.workspace.root) if "importable" in self.levers else {}

    def _answer_repeat(self, action: Action, key: str, step: int, history: SessionHistory) -> Answer | None:
        """An action that only repeats what was refused, seen or run, with nothing changed since."""
        if "rejected" in self.levers and (answer := rejected_again(action, _rejection_key(action, history.changes),
                                                                    self.memory.rejected)):
            self.memory.stuck_at = step
            return answer
        if "fresh" in self.levers and (answer := seen_again(action, *self.looked_at_since_last_change(history),
                                                            telling=asks_only(history.task))):
            return answer
        if "rerun" in self.levers and (answer := ran_again(action, self.memory.ran, history.changes)):
            return answer
        return None

    def _answer(self, action: Action, step: int, history: SessionHistory) -> Answer | None:
        """The first lever that answers this action (they are checked in this order)."""
        key, task, workspace = action_key(action), history.task, self.workspace
        if answer := self._answer_repeat(action, key, step, history):
            return answer
        if "handsoff" in self.levers and (answer := forbidden_edit(task, edit_preview(action, workspace))
                                          or forbidden_command(task, action, workspace)):
            return answer
        if "inputdata" in self.levers and (answer := input_edited(task, action, edit_preview(action, workspace),
                                                                   workspace, set(history.baseline))):
            return answer
        if "readfirst" in self.levers:
            seen = (self._now(self.memory.shown, history) | self._now(self.memory.written, history)
                    | set(self.looked_at_since_last_change(history)[0]) | self._known_as_it_is(action))
            if answer := unread_write(action, workspace, seen):
                return answer
        if "lint" in self.levers and (answer := dash_echo(action)):
            return answer
        preview = edit_preview(action, workspace)
        if preview is None and edit_path(action) is None:
            return None
        if "again" in self.levers:
            if answer := made_again(workspace, preview, edit_path(action) or "", self.memory.edits_made.get(key)):
                return answer
        # Before `lint`: a file the task renames, written anew, is the wrong move whatever its syntax
        # (heldout30's c07 retyped sled/util.py as stubs that did not parse, told of the stubs thrice).
        if "rename" in self.levers and (answer := retyped_rename(task, workspace, preview)):
            return answer
        if "remove" in self.levers and (answer := edited_removal(task, workspace, preview)):
            return answer
        if answer := broken_edit(workspace, preview, "nearcopy" in self.levers, "lint" in self.levers):
            return answer
        return self._answer_content(task, preview, history, whole=isinstance(action, WriteFile))

    def _answer_content(self, task: str, preview: EditPreview | None, history: SessionHistory,
                        whole: bool) -> Answer | None:
        """The levers that judge what an edit would leave in the file, against the task; `whole`:
        the edit is a whole-file write (not a step that a next one may complete)."""
        workspace = self.workspace
        first = history.first_texts.get(preview.path) if preview is not None else None
        if "placement" in self.levers and (answer := misplaced_edit(task, preview, first)):
            return answer
        if "wrongfile" in self.levers and (answer := wrong_file(task, workspace, preview)):
            return answer
        if "where" in self.levers and (answer := named_elsewhere(task, preview)):
            return answer
        if "dropped" in self.levers and (answer := dropped_definitions(task, preview)):
            return answer
        # After `dropped`: a fragment's missing names follow from the definitions it left out, which
        # `dropped` names better.
        if "lint" in self.levers and whole and (answer := names_left_undefined(preview, workspace)):
            return answer
        return noop_write(preview) if "noop" in self.levers else None

    def proposed(self, proposal: Proposal, source: Literal["model", "person"], note: str) -> str:
        action = proposal.action
        assert action is not None
        self.memory.proposed[proposal.step] = action
        path = getattr(action, "path", None)
        if isinstance(path, str):
            self.memory.looked_at[proposal.step] = posixpath.normpath(path.strip() or ".")
        if source == "model" and self._sent_again(proposal):
            self.memory.stuck_at = proposal.step
        if "guidance" in self.levers and source == "model" and not note:
            return guidance(proposal.flags, self.workspace)  # sent with this step's result
        return ""

    def _sent_again(self, proposal: Proposal) -> bool:
        """The action is one the model already took, with nothing changed since: what it gives is
        known, and the model sent it anyway (heldout8's r08: the same broken `sed` three times in a
        row; heldout9's s08: a `sed` that changed nothing, eight times). A `done` said again is not
        stuck: the checks at done ask for it when the task is complete."""
        if isinstance(proposal.action, Done):
            return False
        now = self.memory.changes_at.get(proposal.step)
        return any(flag.kind == "repeat" and flag.step is not None and self.memory.changes_at.get(flag.step) == now
                   for flag in proposal.flags)

    def rejected(self, proposal: Proposal) -> str:
        return risk_found(proposal) if "why" in self.levers else ""

    def answer_done(self, proposal: Proposal, history: SessionHistory) -> tuple[str, str] | None:
        return send_back(history.task, proposal, self.memory.sent_back) if "verify" in self.levers else None

    def after_failure(self, raw: str, history: SessionHistory) -> str:
        """`readfirst` for a write that never became an action (cut at the limit, stopped in a loop):
        a file the model has not seen since it changed is shown, as a whole write of it would be
        answered (held-out p04: the model wrote ratelimit/bucket.py unread, from its guess, into a
        loop, twice)."""
        path = cut_write_path(raw)
        if "readfirst" not in self.levers or path is None:
            return ""
        seen = (self._now(self.memory.shown, history) | self._now(self.memory.written, history)
                | set(self.looked_at_since_last_change(history)[0]))
        answer = unread_write(WriteFile(path=path, content=""), self.workspace, seen, "so it is shown now")
        if answer is None:
            return ""
        self.memory.shown[posixpath.normpath(path)] = history.changes
        if answer.shows_file is not None:
            _record_shown(answer.shows_file, history)
        return answer.text

    def after_command(self, proposal: Proposal, changed: list[str], kept: Capture | str | None,
                      output: str | None) -> str:
        """What the model is told after a command beside its output (a worker thread: files are read)."""
        said = [command_changes(proposal, changed, kept, self.workspace) if "ran" in self.levers else ""]
        if "callhint" in self.levers and output and looks_like_python_error(output):
            command = proposal.action.command if isinstance(proposal.action, RunCommand) else ""
            said.append(call_hint(output, project_code(self.workspace), command))
        return "\n".join(part for part in said if part)


def _record_shown(shown: ShownFile, history: SessionHistory) -> None:
    """What an answer left out of a file it showed is sent by the next read of it, as a read's is."""
    if shown.cut is not None:
        history.read_parts.cut(shown.path, shown.text, shown.cut.head_lines, shown.cut.tail_from, shown.cut.total_lines)
    else:
        history.read_parts.read_whole(shown.path)


def edit_path(action: Action) -> str | None:
    """The file an edit action changes, None for any other action."""
    return action.path if isinstance(action, EditAction) else None

