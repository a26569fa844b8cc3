"""The supervised session: ask the model, show what it proposes, await a decision, execute,
feed the real outcome back. One async state machine shared by the TUI, the bench and tests.

Nothing here touches a screen. Everything that happens becomes an event, written to the log
(which the session opens and closes: it owns it) and handed out — to listeners, each isolated
(one that raises is reported, never fatal), or as an async stream (`session.events()`).
Decisions come back from a `Decider`: the person, through a front end, or a scripted policy.

The session holds its state and its parts, each one module with one job: its voice (voice.py:
the log and the listeners), the wait on the person (asking.py), the model turn (turn.py), the
controls a front end calls (controls.py, `session.controls`) and its levers (lever_hooks.py: the
moments it consults them; levers/part.py applies them). Here is the loop itself — a step's
proposal assessed, decided and executed, and the end.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Literal, TypeVar

from ..files.command_undo import Capture, CommandCheckpoint
from ..files.edits import try_preview
from ..files.stamps import FileStamp
from ..files.recording import changed_paths, start_of
from ..files.workspace import FileChanged, NetChanges, Workspace
from ..files.command_undo import PreImages
from ..log.events import (
    ActionProposed,
    ApprovalModeChanged,
    Decision,
    Event,
    Executed,
    FeedbackSent,
    FileRecord,
    FilesChanged,
    ModelSwitched,
    Notice,
    ParseFailed,
    SessionEnded,
    SessionHeader,
    TaskStarted,
    Undone,
    WorkspaceRecorded,
)
from ..log.writer import EventLog
from ..reply.actions import validate_action
from ..reply.backend import Backend
from ..reply.kinds import Action, Done, EditAction, RunCommand
from ..sandbox.setid import stripped_sentence, strip_setid
from ..reply.parsing import ParseResult, cut_at_limit, parse_reply_with_reasoning, stopped_in_loop
from ..risk.classify import classify, one_level_higher
from ..sandbox.confine import Sandbox, resolve_sandbox
from ..sandbox.runner import kill_live_commands
from . import prompts
from .answer_checks import asked_name_kind
from .asked_call import answer_differs, asked_call, run_asked
from .traced_command import which_name_answer
from .asking import PersonWait
from .changes import ChangeRecorder
from .config import Continuation, EndStatus, Message, NotNow, Resume, SessionConfig, SessionOutcome, State
from .controls import Controls
from .decisions import Choice, Decider, DecisionKind, Proposal
from .executors import Execution, ExecutionContext, execute
from .guards import GuardFlag, SessionHistory, check_guards, derived_flags
from .hint_checks import audited_modules, contradiction
from .lever_hooks import LeverHooks, NoLevers
from .policy import ScriptedPolicy
from .project_tests import ProjectTests, SuiteVerdict
from .records import flag_infos, make_header, repair_infos, verdict_info
from .test_evidence import (added_functions, code_changes, test_texts, untested_addition, untested_change,
                            untested_fix)
from .task_checks import asks_only
from .steering import APPROVAL_MODES, ApprovalMode, Steering, may_auto_approve, model_switch_refusal
from .turn import ModelTurn
from .voice import Listener, Voice

E = TypeVar("E", bound=Event)

__all__ = ["Choice", "Decider", "DecisionKind", "NotNow", "Proposal", "Resume", "ScriptedPolicy", "Session",
           "SessionConfig", "SessionOutcome", "make_header", "model_switch_refusal"]


class Session:
    """A supervised session: `await session.run()` to its end (see the module's docstring)."""

    def __init__(self, backend: Backend, workspace: Workspace, config: SessionConfig, decider: Decider,
                 log_path: str | Path | None = None, *, header: SessionHeader | None = None,
                 resume: Resume | None = None, levers: LeverHooks | None = None,
                 continuation: Continuation | None = None) -> None:
        self.backend = backend
        self.workspace = workspace
        self.config = config
        self.decider = decider
        self.log_path = Path(log_path) if log_path is not None else None
        if config.approval_mode not in APPROVAL_MODES:
            raise ValueError(f"unknown approval mode {config.approval_mode!r}; choose one of: {', '.join(APPROVAL_MODES)}")
        self.header = header or make_header(config, workspace)
        self.levers: LeverHooks = levers or NoLevers()
        self.voice = Voice(lambda: self.step)  # the log (open while `run` runs: the session owns it), the listeners
        self.listeners: list[Listener] = self.voice.listeners
        self.waiting = PersonWait()  # the wait on the person, which a stop or a re-check interrupts
        # The start is taken when the session runs, off the event loop (changes.py).
        self.history = SessionHistory(baseline={}, task=config.task)
        self.changes = ChangeRecorder(workspace, self.history, self.emit)
        self.messages: list[Message] = [
            {"role": "system", "content": prompts.system_prompt(config.vocabulary)},
            {"role": "user", "content": prompts.task_message(config.task)},
        ]
        self.resume = resume
        if resume is not None:  # a fork's conversation is the original's, levers and all
            self.messages = [dict(m) for m in resume.messages]
        else:
            self.levers.opening(self.messages, self.history)
        if not self.header.opening:  # a fork's opening is the original's (its first two messages)
            self.header.opening = [dict(m) for m in self.messages[:2]]  # what the model was really told
        self.step = 0
        self.state: State = "ready"
        self.pending: Proposal | None = None  # the proposal a decision is awaited on
        self.shown: Proposal | None = None  # the last proposal announced (a front end may show more of it)
        self.pending_notes: list[str] = []  # said to the model with this step's result (an undo, guidance)
        self.stop_reason: str | None = None  # set by request_stop: the person ended the session
        self.started = False
        self.ended = False
        self.aborted = False  # ended at once for an app that must go: no task follows
        self.outcome: SessionOutcome | None = None  # how the last task ended
        # The OS sandbox commands run in (SandboxUnavailable if one named explicitly cannot be had).
        self.sandbox: Sandbox = resolve_sandbox(config.sandbox, config.allow_network, config.pass_env, config.bounds)
        self.project_tests = ProjectTests(workspace, self.sandbox)  # run at `done` (and after changes: `tests` lever)
        self.command_cancel: asyncio.Event | None = None  # set to end the command running now
        self.preimages = PreImages()  # the workspace before each command, so `u` can undo it
        self.approval_mode: ApprovalMode = "auto-low" if config.approval_mode == "auto-low" else "manual"
        self.steering = Steering()  # the person's messages and a model switch, for the next request
        self.tasks = 1  # the tasks of this conversation so far (follow_up adds one)
        self.task_at = 1  # where the current task's message is in the conversation (the context rule keeps it)
        # A task may take this many steps: the step cap counts from the first step of each task
        # (a fork's config counts its cap from the step it goes on after).
        self.task_steps = config.step_cap - (resume.step if resume is not None else 0)
        self.step_cap = config.step_cap
        self.continuation = continuation
        if continuation is not None:
            self._take_up(continuation)
        self.turn = ModelTurn(self, self.levers)
        self.controls = Controls(self)

    # -- its voice -------------------------------------------------------------------------------

    def emit(self, event: E) -> E:
        """Hand `event` to the levers' memory, the log and the listeners."""
        self.levers.remember(event, self.history)
        return self.voice.emit(event)

    def events(self) -> AsyncIterator[Event]:
        """Every event from now on, as an async stream that ends with `session_ended`."""
        return self.voice.events()

    @property
    def log(self) -> EventLog | None:
        return self.voice.log

    @property
    def reasoning_tokens(self) -> int:
        """Reasoning chunks of the reply streaming now (one token each on Ollama and llama.cpp)."""
        return self.turn.reader.reasoning_tokens

    # -- its life --------------------------------------------------------------------------------

    def abort(self, reason: str) -> None:
        """End now, without awaiting anything: for an app that must go at once (its terminal is
        gone). The end is logged and the log closed; running commands are killed."""
        kill_live_commands()
        self.aborted = True
        if not self.ended:
            self._end_now("stopped", reason)
        self.voice.resting = False
        self.voice.close()

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
        recall = self._recaller()
        for event in self.resume.carried:
            self.step = event.step
            last_t = max(last_t, event.t)
            self.emit(event)
            recall(event)
        if self.voice.log is not None:
            self.voice.log.continue_clock(last_t)
        self.task_at = task_index(self.messages, self.resume.carried)
        self.step = self.resume.step
        if self.resume.note:
            self.emit(Notice(step=self.step, text=self.resume.note))

    def _recaller(self) -> Callable[[Event], None]:
        """What the guards remember of logged events, taken in order (a repeated failing command
        is still a repeat, the task is the one in force)."""
        proposed: Action | None = None

        def recall(event: Event) -> None:
            nonlocal proposed
            match event:
                case ActionProposed():
                    try:
                        proposed = validate_action(event.action, self.config.vocabulary)
                    except ValueError:
                        proposed = None
                case Executed() if proposed is not None:
                    self.history.record(event.step, proposed, ok=event.ok, changed_files=event.diff is not None)
                case Undone() | FilesChanged(by="command") | FilesChanged(by="outside"):
                    self.history.changes += 1
                case TaskStarted():
                    self.history.task = event.task
                    self.tasks = max(self.tasks, event.number)

        return recall

    def _take_up(self, continuation: Continuation) -> None:
        """A logged session, as it stood when its log stopped: its conversation, its step, what the
        guards remember; it goes on with `follow_up` in the same log."""
        self.messages = [dict(m) for m in continuation.messages]
        self.task_at = task_index(self.messages, continuation.events)
        self.step = continuation.step
        self.tasks = continuation.tasks
        self.history.task = continuation.task
        recall = self._recaller()
        for event in continuation.events:
            recall(event)
        self.started = self.ended = True
        self.state = "ended"
        if self.log_path is not None:
            self.voice.rest_on(self.log_path, self.header, continuation.last_t)

    async def run(self) -> SessionOutcome:
        """Run the session's first task to its end; the log is opened here and closed when it ends,
        however (`follow_up` goes on with another)."""
        if self.continuation is not None:
            raise NotNow("this session was taken up from its log: go on with follow_up(task)")
        if self.log_path is not None:
            self.voice.open(self.log_path, self.header)
        self.started = True
        return await self._run_task(self._first_task())

    async def _first_task(self) -> None:
        if self.sandbox.note:  # off, or less than it should be (no namespaces here)
            self.emit(Notice(step=0, text=f"⚠ {self.sandbox.note}"))
        if self.resume is not None:
            self._carry()
        await self.changes.take_baseline(self._carried_start())
        self.project_tests.begin()

    async def follow_up(self, task: str) -> SessionOutcome:
        """Go on with another task in the same conversation, once the last one has ended (done,
        stopped, or any other end): the model is sent everything so far (the context rule applies
        as ever), the workspace's history and undo stay, and the log goes on with `task_started`.
        ValueError for an empty task, NotNow while a task runs or when the log cannot be reopened."""
        task = task.strip()
        if not task:
            raise ValueError("no task given: say what the model should do next")
        if not self.ended or not self.started:
            raise NotNow("a task is still running: a follow-up task begins once it has ended")
        if self.log_path is not None:
            try:
                self.voice.open(self.log_path, self.header, appending=True)
            except OSError as exc:
                raise NotNow(f"the session's log {self.log_path} cannot be reopened ({exc.strerror or exc}); "
                             "start a new session") from None
        last = self.last_end
        self.ended, self.stop_reason, self.state, self.pending = False, None, "ready", None
        self.tasks += 1
        self.step_cap = self.step + self.task_steps
        self.history.task = task
        return await self._run_task(self._next_task(task, last))

    @property
    def last_end(self) -> str | None:
        """How the last task ended (None: a task runs, or a taken-up log stops inside it)."""
        if self.continuation is not None and self.tasks == self.continuation.tasks:
            return self.continuation.ended
        return self.outcome.status if self.outcome is not None else None

    async def _next_task(self, task: str, last: str | None) -> None:
        continuation, first = self.continuation, self.step + 1
        taken_up = continuation is not None and self.tasks == continuation.tasks + 1
        if taken_up:
            assert continuation is not None
            self._went_on(continuation)
            await self.changes.begin_task(first, start_of(continuation.files, {}, 0)[0])
        else:
            await self.changes.begin_task(first)  # (what changed meanwhile first: the levers see it)
        notes, self.pending_notes = self.pending_notes, []
        text = "\n".join([*notes, prompts.follow_up_message(task, last or "stopped")])
        text += self.levers.follow_up(task, self.history)
        last_message = self.messages[-1] if self.messages else None
        if last_message is not None and last_message.get("role") == "user":  # (after a stop during a command)
            self.messages[-1] = {**last_message, "content": last_message["content"] + "\n\n" + text}
        else:
            self.messages.append({"role": "user", "content": text})
        self.task_at = len(self.messages) - 1
        self.emit(TaskStarted(step=first, task=task, text=text, number=self.tasks))
        self.project_tests.begin_task()

    def _went_on(self, continuation: Continuation) -> None:
        """The first follow-up of a taken-up log: an end for a task the log stops inside, and what
        differs now from how the log left it (the approval mode, the model)."""
        if continuation.ended is None:
            self.emit(SessionEnded(step=self.step, reason="stopped", summary="the log stops inside this task (the "
                                   "app stopped before it ended); found when the session was taken up again"))
        if self.approval_mode != continuation.approval_mode:
            self.emit(ApprovalModeChanged(step=self.step, mode=self.approval_mode))
        if continuation.model and self.backend.model != continuation.model:
            self.emit(ModelSwitched(step=self.step, model=self.backend.model, previous=continuation.model))

    async def _run_task(self, begin: Awaitable[None]) -> SessionOutcome:
        """Run a task from `begin` to its end; the log is closed when it ends, however."""
        try:
            await begin
            self.outcome = await self._steps()
            return self.outcome
        except asyncio.CancelledError:
            # The app is closing mid-step: the log still says how the session ended.
            if not self.ended:
                self.outcome = self._end_now("stopped", self.stop_reason or "the app closed during the session")
            raise
        except Exception as exc:  # noqa: BLE001 — a bug must end the session in a sentence, logged
            if self.ended:
                raise
            self.outcome = self._end_now("error", f"the session failed inside smallops ({type(exc).__name__}: "
                                                  f"{exc}); the log keeps everything up to here")
            return self.outcome
        finally:
            self.state = "ended"
            self.project_tests.end()
            self.voice.close()
            self.voice.resting = self.ended and not self.aborted  # a follow-up task may come

    async def _steps(self) -> SessionOutcome:
        """One step after another, to the end: stopped, the step cap, an error, or `done`."""
        while True:
            if self.stop_reason is not None:  # e.g. `s` while a command ran
                return await self._end("stopped", self.stop_reason)
            if self.step >= self.step_cap:
                cap = self.step_cap if self.tasks == 1 else f"{self.task_steps} steps a task"
                return await self._end("step_cap", f"stopped at the step cap ({cap})")
            self.step += 1
            reply = await self.turn.ask()
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
            answer = await self.waiting.ask(self.decider.decide(proposal), self.stop_reason is not None)
        finally:
            self.pending = None
        if answer == "stop":
            return Choice("stop", reason=self.stop_reason or "stopped by the person")
        if answer == "auto":  # the person switched to auto-low while this LOW proposal waited
            return Choice("approve", by="auto")
        return answer

    async def _handle_reply(self, answer: str, thinking: str) -> SessionOutcome | None:
        self.messages.append({"role": "assistant", "content": answer})
        parsed = parse_reply_with_reasoning(answer, thinking, self.config.vocabulary)
        parsed.repairs.extend(self.turn.repairs)
        if parsed.failure is not None and self.turn.looped is not None:
            parsed.failure = stopped_in_loop(parsed.failure, self.turn.looped)
        elif parsed.failure is not None and self.turn.limit_hit is not None:
            parsed.failure = cut_at_limit(parsed.failure, self.turn.limit_hit)
        if parsed.action is None:
            return await self._handle_failure(parsed)
        # What is proposed, shown and approved is the action as the levers reshaped it (a repair
        # says how); the harness may answer it itself instead of proposing it.
        parsed = await self.levers.reshape(parsed, self.history)
        assert parsed.action is not None
        answered = await self.levers.answer(parsed.action, self.step, self.history)
        if answered is not None:
            self.emit(Notice(step=self.step, text=answered[0]))
            self._feedback(answered[1])
            return None
        proposal = await self.assess(parsed.action, parsed, source="model")
        if isinstance(parsed.action, Done) and (told := self.levers.answer_done(proposal, self.history)):
            # The checks at done refute the claim: the model hears what they found and goes on
            # (lever `verify`), as a person reading the flags would send it back.
            self.emit(Notice(step=self.step, text=told[0]))
            self._feedback(told[1])
            return None
        self._present(proposal, source="model")
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
        self._feedback(prompts.rejection_feedback(proposal.action.action, choice.reason, self.levers.rejected(proposal)))
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
        said = prompts.parse_failure_feedback(parsed.failure.message, self.config.vocabulary)
        shown = await asyncio.to_thread(self.levers.after_failure, parsed.raw, self.history)
        self._feedback(said + (f"\n{shown}" if shown else ""))
        return None

    async def propose(self, action: Action, parsed: ParseResult, source: Literal["model", "person"],
                      note: str = "") -> Proposal:
        """Classify, guard and diff an action, and announce it.

        The assessment reads files and diffs them, so it runs on a worker thread: a large
        rewrite must not stall the screen that is about to show it.
        """
        proposal = await self.assess(action, parsed, source, note)
        self._present(proposal, source, note)
        return proposal

    async def assess(self, action: Action, parsed: ParseResult, source: Literal["model", "person"],
                     note: str = "") -> Proposal:
        """Classify, guard and diff an action (at `done`, with the project's tests), unannounced."""
        self.state = "assessing"
        proposal = await asyncio.to_thread(self._assess, action, parsed, source)
        if isinstance(action, Done):
            proposal.flags.extend(await self._tests_at_done())
            if differs := await self._answer_at_done(action.summary):  # says more than NO ANSWER
                proposal.flags[:] = [*(f for f in proposal.flags if f.kind != "no_answer"), differs]
        proposal.note = note
        return proposal

    def _present(self, proposal: Proposal, source: Literal["model", "person"], note: str = "") -> None:
        self._announce(proposal)
        if said := self.levers.proposed(proposal, source, note):
            self.pending_notes.append(said)  # sent with this step's result

    async def _tests_at_done(self) -> list[GuardFlag]:
        """The project's tests beside the claim: a notice of what they said, and a flag when a test
        fails that counts against it (project_tests.py: ProjectTests.at_done)."""
        net = await asyncio.to_thread(self.workspace.net_changes, self.history.baseline)
        changed = {*net.created, *net.modified, *net.deleted}
        if not changed and asks_only(self.history.task):
            return []  # an answer, with nothing changed: the tests would only say how the project was found
        result = await self.project_tests.at_done(self.history.task, changed,
                                                  audited_modules(self.history.task, sorted(changed)))
        if result is None:
            return []
        verdict, counted, before = result
        already = f" ({before} failed already at the start)" if before else ""
        self.emit(Notice(step=self.step, text=f"at done, {verdict.sentence()}{already}"))
        contradicted = [GuardFlag("hints_contradicted", contradiction(verdict.contradicted))] if verdict.contradicted else []
        if not counted:
            start = await self.project_tests.at_start()
            untested = untested_fix(self.history.task, start, verdict, changed) or await asyncio.to_thread(
                self._untested_change, start, verdict, net)
            return contradicted + ([untested] if untested else [])
        first = next((f for f in verdict.failures if f.split(": ", 1)[0] == counted[0]), counted[0])
        total = verdict.passed + verdict.failed
        return contradicted + [GuardFlag("tests_fail", f"{len(counted)} of {total} tests fail{already}; first: {first}")]

    async def _answer_at_done(self, summary: str) -> GuardFlag | None:
        """ANSWER DIFFERS: a question about what one call returns, answered with something the call,
        run read-only in the sandbox, does not return (asked_call.py); or about which function (file)
        a command uses, answered with one it never uses when run so (traced_command.py). Nothing
        changed: the answer is about the project as it was found."""
        task = self.history.task
        asked = await asyncio.to_thread(asked_call, task, self.workspace)
        if asked is None and asked_name_kind(task) is None:
            return None
        net = await asyncio.to_thread(self.workspace.net_changes, self.history.baseline)
        if net.any:
            return None
        if asked is not None:
            ran = await run_asked(asked, self.workspace, self.sandbox)
            said = answer_differs(asked, *ran, summary) if ran is not None else None
        else:
            said = await which_name_answer(task, summary, self.workspace, sorted(self.history.baseline), self.sandbox)
        return GuardFlag("answer_differs", said) if said else None

    def _untested_change(self, start: SuiteVerdict | None, now: SuiteVerdict, net: NetChanges) -> GuardFlag | None:
        """UNTESTED: changed functions no test names (test_evidence.py). Reads files: a worker thread."""
        code = code_changes(self.workspace, net, self.changes.baseline_texts)
        tests = test_texts(self.workspace)
        flag = untested_change(self.history.task, start, now, code, tests) if code else None
        if flag is None and code:
            added = added_functions(self.workspace, net, self.changes.baseline_texts)
            flag = untested_addition(self.history.task, start, now, added, tests)
        return flag

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
        self.shown = proposal
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
        self.command_cancel = asyncio.Event()
        context = ExecutionContext(self.workspace, self.sandbox, self.config.command_timeout, self.step,
                                   self.command_cancel, stop_reason=lambda: self.stop_reason,
                                   context_window=self.config.context_window, command_env=self.levers.command_env(),
                                   reads=self.history.read_parts)
        try:
            done = await execute(proposal, context)
        finally:
            self.command_cancel = None
        after: dict[str, FileStamp] = {}
        changed: list[str] = []
        if before is not None:
            after = await asyncio.to_thread(self.workspace.snapshot, before)
            changed = changed_paths(before, after)
            done = await self._without_setid(done, [path for path in changed if path in after])
        # A command that changed files changed the workspace as an edit does: what was read before it
        # may be stale (`fresh` told the model a file a `sed -i` had just changed "has not changed").
        self.history.record(self.step, action, ok=done.ok, changed_files=done.changed_files or bool(changed))
        self.emit(Executed(step=self.step, action=action.action, ok=done.ok, summary=done.summary,
                           exit_code=done.exit_code, output=done.output, diff=done.diff, duration=done.duration))
        if before is not None:
            assert isinstance(action, RunCommand)
            await self._push_command_checkpoint(action.command, kept, after, bool(changed))
            await self.changes.record_async(self.step, "command", changed, after)
        elif done.changed_files and proposal.preview is not None:
            await self.changes.record_async(self.step, "edit", [proposal.preview.path])
        changed_any = done.changed_files or (before is not None and bool(changed))
        said = [done.feedback]
        if before is not None:
            said.append(await asyncio.to_thread(self.levers.after_command, proposal, changed, kept,
                                                   done.output))
        if changed_any:
            since_start = set(changed_paths(self.history.baseline, self.changes.recorded))
            said.append(await self.levers.after_change(self.project_tests, self.history, since_start))
        self._feedback("\n".join(part for part in said if part))
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
        if self.pending_notes:
            text = "\n".join(self.pending_notes) + "\n" + text
            self.pending_notes.clear()
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


def task_index(messages: list[Message], events: list[Event]) -> int:
    """Where the task in force is in a conversation rebuilt from a log: the message that carries the
    last follow-up task's text, else the first task's (the second message)."""
    texts = [event.text for event in events if isinstance(event, TaskStarted) and event.text]
    if texts:
        for index in range(len(messages) - 1, 1, -1):
            if messages[index].get("role") == "user" and texts[-1] in messages[index].get("content", ""):
                return index
    return 1
