"""The supervised session: ask the model, show what it proposes, await a decision, execute,
feed the real outcome back. One async state machine shared by the TUI, the bench and tests.

Nothing here touches a screen. Everything that happens becomes an event, written to the log
(which the session opens and closes: it owns it) and handed out — to listeners, each isolated
(one that raises is reported, never fatal), or as an async stream (`session.events()`).
Decisions come back from a `Decider`: the person, through a front end, or a scripted policy.

The session is built in layers, one concern each: its state and events (base.py), the controls a
front end calls (controls.py), the model turn (turn.py), and here the loop itself — a step's
proposal assessed, decided and executed, and the end.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Literal

from ..files.command_undo import Capture, CommandCheckpoint
from ..files.edits import try_preview
from ..files.stamps import FileStamp
from ..files.recording import changed_paths
from ..files.workspace import FileChanged, NetChanges
from ..log.events import (
    ActionProposed,
    Decision,
    Executed,
    FeedbackSent,
    FileRecord,
    Notice,
    ParseFailed,
    SessionEnded,
    Undone,
    WorkspaceRecorded,
)
from ..log.writer import EventLog
from ..reply.actions import validate_action
from ..reply.kinds import Action, Done, EditAction, RunCommand
from ..sandbox.setid import stripped_sentence, strip_setid
from ..reply.parsing import ParseResult, parse_reply_with_reasoning
from ..risk.classify import classify, one_level_higher
from ..sandbox.runner import kill_live_commands
from . import prompts
from .config import EndStatus, NotNow, Resume, SessionConfig, SessionOutcome
from .controls import SessionControls
from .decisions import Choice, Decider, DecisionKind, Proposal
from .executors import Execution, ExecutionContext, execute
from .guards import GuardFlag, check_guards, derived_flags
from .policy import ScriptedPolicy
from .records import flag_infos, make_header, repair_infos, verdict_info
from .steering import may_auto_approve, model_switch_refusal
from .turn import ModelTurns

__all__ = ["Choice", "Decider", "DecisionKind", "NotNow", "Proposal", "Resume", "ScriptedPolicy", "Session",
           "SessionConfig", "SessionOutcome", "make_header", "model_switch_refusal"]


class Session(SessionControls, ModelTurns):
    """A supervised session: `await session.run()` to its end (see the module's docstring)."""

    def abort(self, reason: str) -> None:
        """End now, without awaiting anything: for an app that must go at once (its terminal is
        gone). The end is logged and the log closed; running commands are killed."""
        kill_live_commands()
        if not self.ended:
            self._end_now("stopped", reason)
        if self.log is not None:
            self.log.close()

    def _carried_start(self) -> list[FileRecord] | None:
        """The original's record of its start, when this session is a fork."""
        if self.resume is None:
            return None
        return next((e.files for e in self.resume.carried if isinstance(e, WorkspaceRecorded)), [])

    def _carry(self) -> None:
        """A fork's start: the original's events up to the fork point, as they were logged (the
        step follows them, so a view files each under its own step), then where it came from."""
        assert self.resume is not None
        last_t = 0.0
        proposed: Action | None = None
        for event in self.resume.carried:
            self.step = event.step
            last_t = max(last_t, event.t)
            self.emit(event)
            # The guards remember the original's steps (a repeated failing command is still a repeat).
            match event:
                case ActionProposed():
                    try:
                        proposed = validate_action(event.action, self.config.vocabulary)
                    except ValueError:
                        proposed = None
                case Executed() if proposed is not None:
                    self.history.record(event.step, proposed, ok=event.ok, changed_files=event.diff is not None)
                case Undone():
                    self.history.changes += 1
        if self.log is not None:
            self.log.continue_clock(last_t)
        self.step = self.resume.step
        if self.resume.note:
            self.emit(Notice(step=self.step, text=self.resume.note))

    async def run(self) -> SessionOutcome:
        """Run the session to its end; the log is opened here and closed when it ends, however."""
        if self.log_path is not None:
            self.log = EventLog(self.log_path, self.header)
        self._started = True
        try:
            if self.sandbox.note:  # off, or less than it should be (no namespaces here)
                self.emit(Notice(step=0, text=f"⚠ {self.sandbox.note}"))
            if self.resume is not None:
                self._carry()
            await self.changes.take_baseline(self._carried_start())
            self.project_tests.begin()
            return await self._steps()
        except asyncio.CancelledError:
            # The app is closing mid-step: the log still says how the session ended.
            if not self.ended:
                self._end_now("stopped", self.stop_reason or "the app closed during the session")
            raise
        except Exception as exc:  # noqa: BLE001 — a bug must end the session in a sentence, logged
            if self.ended:
                raise
            return self._end_now("error", f"the session failed inside smallops ({type(exc).__name__}: {exc}); "
                                          "the log keeps everything up to here")
        finally:
            self.state = "ended"
            self.project_tests.end()
            if self._flush_timer is not None:
                self._flush_timer.cancel()
                self._flush_timer = None
            if self.log is not None:
                self.log.close()

    async def _steps(self) -> SessionOutcome:
        """One step after another, to the end: stopped, the step cap, an error, or `done`."""
        while True:
            if self.stop_reason is not None:  # e.g. `s` while a command ran
                return await self._end("stopped", self.stop_reason)
            if self.step >= self.config.step_cap:
                return await self._end("step_cap", f"stopped at the step cap ({self.config.step_cap})")
            self.step += 1
            reply = await self._ask_model()
            if reply is None:
                if self.stop_reason is not None:
                    return await self._end("stopped", self.stop_reason)
                return await self._end("backend_error", "stopped after a backend error")
            outcome = await self._handle_reply(*reply)
            if outcome is not None:
                return outcome

    async def _decide(self, proposal: Proposal) -> Choice | str:
        """The decider's choice on `proposal`, or "recheck" when the workspace changed under it."""
        self.state, self.pending = "deciding", proposal
        try:
            if self.approval_mode == "auto-low" and self.stop_reason is None and may_auto_approve(proposal):
                return Choice("approve", by="auto")
            answer = await self._ask_person(self.decider.decide(proposal))
        finally:
            self.pending = None
        if answer == "stop":
            return Choice("stop", reason=self.stop_reason or "stopped by the person")
        if answer == "auto":  # the person switched to auto-low while this LOW proposal waited
            return Choice("approve", by="auto")
        return answer

    async def answer_before_proposing(self, action: Action) -> tuple[str, str] | None:
        """(what the person is told, what the model is told) when the harness answers the model's
        action itself instead of proposing it (a lever may check a `done` first); None: propose it."""
        return None

    async def reshape(self, parsed: ParseResult) -> ParseResult:
        """The parsed reply as it is to be proposed: a lever may reshape the action, adding a repair
        that says how (what is proposed, shown and approved is the reshaped action)."""
        return parsed

    async def _handle_reply(self, answer: str, thinking: str) -> SessionOutcome | None:
        self.messages.append({"role": "assistant", "content": answer})
        parsed = parse_reply_with_reasoning(answer, thinking, self.config.vocabulary)
        parsed.repairs.extend(self.turn_repairs)
        if parsed.action is None:
            return await self._handle_failure(parsed)
        parsed = await self.reshape(parsed)
        assert parsed.action is not None
        answered = await self.answer_before_proposing(parsed.action)
        if answered is not None:
            self.emit(Notice(step=self.step, text=answered[0]))
            self._feedback(answered[1])
            return None
        proposal = await self.propose(parsed.action, parsed, source="model")
        while True:
            choice = await self._decide(proposal)
            if choice == "recheck":
                proposal = await self._recheck(proposal, parsed, "the workspace changed (an undo) while this was shown")
                continue
            assert isinstance(choice, Choice)
            self.emit(Decision(step=self.step, decision=choice.decision, by=choice.by, reason=choice.reason,
                               edited_action=choice.edited.to_json() if choice.edited else None))
            if choice.decision == "edit" and choice.edited is not None:
                proposal = await self.propose(choice.edited, parsed, source="person")
                continue
            if choice.decision == "approve" and not proposal.refused:
                try:
                    return await self._execute(proposal)
                except FileChanged as exc:
                    # Approved is applied or not at all: the person sees the new diff and decides again.
                    proposal = await self._recheck(proposal, parsed, str(exc))
                    continue
            break
        if choice.decision == "stop":
            return await self._end("stopped", choice.reason or "stopped by the person")
        assert proposal.action is not None
        if proposal.refused:
            # Whatever was decided, a refused action never runs; the model hears why.
            assert proposal.verdict is not None
            self._feedback(prompts.refused_feedback(proposal.action.action, "; ".join(proposal.verdict.reasons)))
            return None
        self._feedback(prompts.rejection_feedback(proposal.action.action, choice.reason))
        return None

    async def _recheck(self, proposal: Proposal, parsed: ParseResult, why: str) -> Proposal:
        assert proposal.action is not None
        diffed = isinstance(proposal.action, (EditAction, Done))
        self.emit(Notice(step=self.step, text=f"{why}: the proposal was checked again; decide on "
                                              + ("the new diff" if diffed else "it as it is now")))
        now = ("the diff below is against the file as it is now" if diffed else
               "its checks are against the workspace as it is now")
        return await self.propose(proposal.action, parsed, source=proposal.source, note=f"shown again: {why}; {now}")

    async def _handle_failure(self, parsed: ParseResult) -> SessionOutcome | None:
        assert parsed.failure is not None
        self.emit(ParseFailed(step=self.step, kind=parsed.failure.kind, message=parsed.failure.message,
                              raw=parsed.raw, repairs=repair_infos(parsed.repairs)))
        proposal = Proposal(self.step, parsed.raw, parsed.thinking, failure=parsed.failure, repairs=parsed.repairs)
        while True:
            choice = await self._decide(proposal)
            if isinstance(choice, Choice):
                break  # (an undo under a parse failure changes nothing shown)
        self.emit(Decision(step=self.step, decision=choice.decision, by=choice.by, reason=choice.reason))
        if choice.decision == "stop":
            return await self._end("stopped", choice.reason or "stopped by the person")
        self._feedback(prompts.parse_failure_feedback(parsed.failure.message, self.config.vocabulary))
        return None

    async def propose(self, action: Action, parsed: ParseResult, source: Literal["model", "person"],
                      note: str = "") -> Proposal:
        """Classify, guard and diff an action, and announce it.

        The assessment reads files and diffs them, so it runs on a worker thread: a large
        rewrite must not stall the screen that is about to show it.
        """
        self.state = "assessing"
        proposal = await asyncio.to_thread(self._assess, action, parsed, source)
        if isinstance(action, Done):
            proposal.flags.extend(await self._tests_at_done())
        proposal.note = note
        self._announce(proposal)
        return proposal

    async def _tests_at_done(self) -> list[GuardFlag]:
        """The project's tests beside the claim: a notice of what they said, and a flag when a test
        fails that counts against it (project_tests.py: ProjectTests.at_done)."""
        net = await asyncio.to_thread(self.workspace.net_changes, self.history.baseline)
        result = await self.project_tests.at_done(self.config.task, {*net.created, *net.modified, *net.deleted})
        if result is None:
            return []
        verdict, counted, before = result
        already = f" ({before} failed already at the start)" if before else ""
        self.emit(Notice(step=self.step, text=f"at done, {verdict.sentence()}{already}"))
        if not counted:
            return []
        first = next((f for f in verdict.failures if f.split(": ", 1)[0] == counted[0]), counted[0])
        total = verdict.passed + verdict.failed
        return [GuardFlag("tests_fail", f"{len(counted)} of {total} tests fail{already}; first: {first}")]

    async def after_change(self) -> str:
        """What the model is told after an approved change besides its result (the `tests` lever)."""
        return ""

    def _assess(self, action: Action, parsed: ParseResult, source: Literal["model", "person"]) -> Proposal:
        preview, preview_error = None, None
        if isinstance(action, EditAction):
            preview, preview_error = try_preview(action, self.workspace)
        verdict = classify(action, self.workspace, preview)
        if isinstance(action, RunCommand) and not self.sandbox.confined:
            verdict = one_level_higher(verdict)  # nothing beneath the rules: they count for more
        flags = check_guards(action, self.workspace, self.history, preview)
        if isinstance(action, RunCommand) and (why := self.preimages.not_undoable(self.changes.recorded)):
            flags.append(GuardFlag("not_undoable", f"not undoable: {why}"))
        repairs = parsed.repairs if source == "model" else []
        flags += derived_flags(verdict.rules, [r.detail for r in repairs if r.suspicious])
        net_diff = self.net_diff()[1] if isinstance(action, Done) else ""
        return Proposal(self.step, parsed.raw, parsed.thinking, action=action, repairs=repairs, verdict=verdict,
                        flags=flags, preview=preview, source=source, net_diff=net_diff, preview_error=preview_error)

    def _announce(self, proposal: Proposal) -> None:
        action, verdict, preview = proposal.action, proposal.verdict, proposal.preview
        assert action is not None and verdict is not None
        # What the diff pane shows is logged with the proposal: an edit's diff, or at `done` the
        # session's net change beside the claim.
        diff = preview.diff.unified if preview is not None else (proposal.net_diff if isinstance(action, Done) else None)
        self.emit(ActionProposed(
            step=self.step, action=action.to_json(), verdict=verdict_info(verdict), flags=flag_infos(proposal.flags),
            repairs=repair_infos(proposal.repairs), diff=diff, source=proposal.source, note=proposal.note,
        ))

    async def _execute(self, proposal: Proposal) -> SessionOutcome | None:
        action = proposal.action
        assert action is not None
        if isinstance(action, Done):
            return await self._end("done", action.summary, proposal.flags)
        self.state = "executing"
        is_command = isinstance(action, RunCommand)
        # What a command changes is whatever differs afterwards: the workspace is stamped around it.
        before = await asyncio.to_thread(self.workspace.snapshot, self.changes.recorded) if is_command else None
        kept = await asyncio.to_thread(self.preimages.capture, self.workspace) if is_command else None
        self._command_cancel = asyncio.Event()
        context = ExecutionContext(self.workspace, self.sandbox, self.config.command_timeout, self.step,
                                   self._command_cancel, stop_reason=lambda: self.stop_reason,
                                   context_window=self.config.context_window)
        try:
            done = await execute(proposal, context)
        finally:
            self._command_cancel = None
        after: dict[str, FileStamp] = {}
        changed: list[str] = []
        if before is not None:
            after = await asyncio.to_thread(self.workspace.snapshot, before)
            changed = changed_paths(before, after)
            done = await self._without_setid(done, [path for path in changed if path in after])
        self.history.record(self.step, action, ok=done.ok, changed_files=done.changed_files)
        self.emit(Executed(step=self.step, action=action.action, ok=done.ok, summary=done.summary,
                           exit_code=done.exit_code, output=done.output, diff=done.diff, duration=done.duration))
        if before is not None:
            assert isinstance(action, RunCommand)
            await self._push_command_checkpoint(action.command, kept, after, bool(changed))
            await self.changes.record_async(self.step, "command", changed, after)
        elif done.changed_files and proposal.preview is not None:
            await self.changes.record_async(self.step, "edit", [proposal.preview.path])
        extra = await self.after_change() if done.changed_files or (before is not None and changed) else ""
        self._feedback(done.feedback + (f"\n{extra}" if extra else ""))
        return None

    async def _without_setid(self, done: Execution, made_or_changed: list[str]) -> Execution:
        """A command's files keep no setuid or setgid bit (sandbox/setid.py), unless the person
        turned the sandbox off; the person and the model are told what was taken off."""
        if self.sandbox.kind == "none" or not made_or_changed:
            return done
        stripped = await asyncio.to_thread(strip_setid, self.workspace.root, made_or_changed)
        if not stripped:
            return done
        said = stripped_sentence(stripped)
        return replace(done, output=f"{done.output or ''}\n{said}", feedback=f"{done.feedback}\n{said}")

    async def _push_command_checkpoint(self, command: str, kept: Capture | str | None, after: dict[str, FileStamp],
                                       changed: bool) -> None:
        """What `u` undoes after this command: its changes (a command that changed nothing adds
        nothing), or, past the bound, a checkpoint that says why it cannot be undone."""
        if kept is None or isinstance(kept, str):
            if changed and kept is not None:
                self.workspace.checkpoints.append(CommandCheckpoint.refused(command, kept))
            return
        checkpoint = await asyncio.to_thread(CommandCheckpoint.of, command, kept, after, self.workspace)
        if checkpoint.changes_anything:
            self.workspace.checkpoints.append(checkpoint)

    def _feedback(self, text: str) -> None:
        if self._pending_notes:
            text = "\n".join(self._pending_notes) + "\n" + text
            self._pending_notes.clear()
        if said := self.steering.take_messages():  # last: what the model reads just before it answers
            text += "\n\n" + said
        self.emit(FeedbackSent(step=self.step, text=text))
        self.messages.append({"role": "user", "content": text})

    def net_diff(self) -> tuple[NetChanges, str]:
        """What the session changed on disk since it started (reads every file: off the UI thread)."""
        return self.changes.net_diff()

    async def _end(self, status: EndStatus, summary: str, flags: list[GuardFlag] | None = None) -> SessionOutcome:
        net, diff = await asyncio.to_thread(self.net_diff)
        return self._ended(status, summary, list(flags or []), net, diff)

    def _end_now(self, status: EndStatus, summary: str) -> SessionOutcome:
        """`_end` without awaiting: for a session cancelled while the app closes."""
        try:
            net, diff = self.net_diff()
        except Exception as exc:  # noqa: BLE001 — the end must be logged whatever the disk says
            net, diff = NetChanges(), f"the net change could not be computed: {exc}\n"
        return self._ended(status, summary, [], net, diff)

    def _ended(self, status: EndStatus, summary: str, flags: list[GuardFlag], net: NetChanges, diff: str) -> SessionOutcome:
        self.ended = True
        self.state = "ended"
        if self.steering.messages:  # logged when written, never sent: the log must not suggest otherwise
            count = len(self.steering.messages)
            self.steering.messages.clear()
            self.emit(Notice(step=self.step, text=f"{count} message{'s' if count > 1 else ''} from you never reached "
                                                  "the model: the session ended before its next turn"))
        self.emit(SessionEnded(step=self.step, reason=status, summary=summary, created=list(net.created),
                               modified=list(net.modified), deleted=list(net.deleted), flags=flag_infos(flags),
                               diff=diff))
        return SessionOutcome(status, summary, self.step, net.created, net.modified, net.deleted, flags, diff)
