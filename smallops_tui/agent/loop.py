"""The supervised session: ask the model, show what it proposes, await a decision, execute,
feed the real outcome back. One async state machine shared by the TUI, the bench and tests.

Nothing here touches a screen. Everything that happens becomes an event, written to the log
and handed to listeners (the UI renders them); decisions come back from a `Decider` — the
person, through the UI, or a scripted policy.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from . import prompts
from .actions import Action, Done, InsertLines, ListDir, ReadFile, ReplaceLines, RunCommand, WriteFile
from .commands import DEFAULT_TIMEOUT, run_command
from .edits import EditPreview, try_preview
from .events import (
    ActionProposed, BackendError, ContentDelta, Decision, EventLog, Executed, FeedbackSent, FlagInfo, ModelLoading,
    Notice, ParseFailed, ReasoningMoved, RepairInfo, ReplyFinished, SessionEnded, SessionHeader, ThinkingDelta, TurnStarted,
    Undone,
    VerdictInfo,
)
from .guards import GuardFlag, SessionHistory, check_guards, derived_flags
from .parsing import ParseFailure, ParseResult, Repair, parse_reply_with_reasoning
from .risk import RiskVerdict, classify, one_level_higher
from .sandbox import Sandbox, resolve_sandbox
from .workspace import FileChanged, FileStamp, FileTooLarge, NetChanges, PathEscape, Workspace, WorkspaceError

# "recheck" is the UI saying the workspace changed under a pending proposal (an undo): the loop
# assesses the action again and shows it anew, and logs no decision.
DecisionKind = Literal["approve", "reject", "edit", "stop", "recheck"]


@dataclass(frozen=True)
class Choice:
    """What the person (or policy) decided about a proposal."""

    decision: DecisionKind
    reason: str = ""
    edited: Action | None = None
    by: Literal["human", "policy"] = "human"


@dataclass
class Proposal:
    """Everything shown about one proposed action (or one unusable reply)."""

    step: int
    raw: str
    thinking: str = ""
    action: Action | None = None
    failure: ParseFailure | None = None
    repairs: list[Repair] = field(default_factory=list)
    verdict: RiskVerdict | None = None
    flags: list[GuardFlag] = field(default_factory=list)
    preview: EditPreview | None = None
    source: Literal["model", "person"] = "model"
    net_diff: str = ""  # for `done`: what the session really changed, shown beside the claim
    preview_error: str | None = None  # why an edit cannot be applied as written
    note: str = ""  # why this proposal is shown again (the file changed since it was first shown)

    @property
    def is_high(self) -> bool:
        return self.verdict is not None and self.verdict.level == "HIGH"

    @property
    def refused(self) -> bool:
        return self.verdict is not None and self.verdict.refused

    @property
    def depends_on_files(self) -> bool:
        """Whether what is shown was computed from the files (a diff, the net change at `done`)."""
        return isinstance(self.action, (WriteFile, ReplaceLines, InsertLines, Done))


class Decider(Protocol):
    async def decide(self, proposal: Proposal) -> Choice: ...

    async def after_backend_error(self, kind: str, message: str) -> Literal["retry", "stop"]: ...


@dataclass
class SessionConfig:
    task: str
    vocabulary: str = "seed"
    step_cap: int = 20
    constrained: bool = True
    think: bool | str | None = False
    forced_think: bool = False
    command_timeout: float = DEFAULT_TIMEOUT
    chat_options: dict[str, Any] = field(default_factory=dict)  # temperature, num_ctx, seed, ...
    sandbox: str = "auto"  # auto | landlock | bwrap | off (sandbox.py)
    allow_network: bool = False  # let commands open TCP connections
    pass_env: tuple[str, ...] = ()  # environment names (or globs) commands get even if they look secret
    # A reply (reasoning and answer together) longer than this is cut off and reported, so a server
    # that streams without end cannot exhaust memory or the log. 2 MB is ten times a 5,000-line file.
    max_reply_chars: int = 2_000_000


@dataclass
class SessionOutcome:
    status: Literal["done", "stopped", "step_cap", "backend_error", "error"]
    summary: str
    steps: int
    created: tuple[str, ...] = ()
    modified: tuple[str, ...] = ()
    deleted: tuple[str, ...] = ()
    flags: list[GuardFlag] = field(default_factory=list)
    net_diff: str = ""


class StreamSource(Protocol):
    def stream_chat(self, messages: list[dict[str, str]], **options: Any) -> AsyncIterator[Any]: ...


Listener = Callable[[Any], None]


BASELINE_FILE_LIMIT = 256 * 1024
BASELINE_FILES = 500


def baseline_texts(workspace: Workspace, stamps: dict[str, FileStamp]) -> dict[str, str]:
    """The start-of-session text of the workspace's (small, regular) files, for the net diff at `done`."""
    texts: dict[str, str] = {}
    small = [rel for rel, stamp in stamps.items() if stamp.kind == "file" and stamp.size <= BASELINE_FILE_LIMIT]
    for rel in small[:BASELINE_FILES]:
        try:
            texts[rel] = workspace.read_text(rel)
        except (WorkspaceError, PathEscape):
            continue
    return texts


def _typed(value: Any, kind: type) -> Any:
    """A backend's number or text as the log expects it, or None: a server's final chunk is
    hostile input too, and a wrongly typed field must not end the session."""
    if kind is float and isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value) if math.isfinite(value) else None
    if kind is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if kind is str and isinstance(value, str):
        return value
    return None


def make_header(config: SessionConfig, workspace: Workspace, backend_kind: str, url: str, model: str,
                app_version: str = "") -> SessionHeader:
    """The log's first line: everything needed to know how this session was set up."""
    options = dict(config.chat_options)
    options.update(think=config.think, constrained=config.constrained, command_timeout=config.command_timeout,
                   sandbox=config.sandbox, allow_network=config.allow_network)
    return SessionHeader(app_version=app_version, workspace=str(workspace.root), task=config.task, backend=backend_kind,
                         url=url, model=model, options=options, vocabulary=config.vocabulary, step_cap=config.step_cap)


def flag_infos(flags: list[GuardFlag]) -> list[FlagInfo]:
    return [FlagInfo(kind=f.kind, message=f.message, step=f.step, names=list(f.names)) for f in flags]


def repair_infos(repairs: list[Repair]) -> list[RepairInfo]:
    return [RepairInfo(kind=r.kind, detail=r.detail, suspicious=r.suspicious) for r in repairs]


class Session:
    def __init__(self, backend: StreamSource, workspace: Workspace, config: SessionConfig, decider: Decider,
                 log: EventLog | None = None) -> None:
        self.backend = backend
        self.workspace = workspace
        self.config = config
        self.decider = decider
        self.log = log
        self.listeners: list[Listener] = []
        # Taken when the session runs, off the event loop (see _take_baseline).
        self.history = SessionHistory(baseline={})
        self.baseline_texts: dict[str, str] = {}
        self._baseline_taken = False
        self.messages: list[dict[str, str]] = [
            {"role": "system", "content": prompts.system_prompt(config.vocabulary)},
            {"role": "user", "content": prompts.task_message(config.task)},
        ]
        self.step = 0
        self.last_tokens_per_second: float | None = None
        self._generation: asyncio.Task[Any] | None = None
        self._pending_notes: list[str] = []
        self.stop_reason: str | None = None  # set by request_stop: the person ended the session
        self.ended = False
        # The OS sandbox commands run in (SandboxUnavailable if one named explicitly cannot be had).
        self.sandbox: Sandbox = resolve_sandbox(config.sandbox, config.allow_network, config.pass_env)
        self._command_cancel: asyncio.Event | None = None

    # -- events ----------------------------------------------------------------------------

    def emit(self, event: Any) -> Any:
        if self.log is not None:
            self.log.write(event)
        for listener in list(self.listeners):
            listener(event)
        problem = self.log.take_problem() if self.log is not None else None
        if problem:
            self.emit(Notice(step=self.step, text=problem))
        return event

    # -- controls the UI may call between steps ---------------------------------------------

    def cancel_generation(self) -> bool:
        """Stop the model's reply in flight; the loop then asks the decider to retry or stop."""
        if self._generation is not None and not self._generation.done():
            self._generation.cancel()
            return True
        return False

    @property
    def command_running(self) -> bool:
        return self._command_cancel is not None and not self._command_cancel.is_set()

    def cancel_command(self) -> bool:
        """End the running command and everything it started; its output so far goes to the model."""
        if self.command_running:
            assert self._command_cancel is not None
            self._command_cancel.set()
            return True
        return False

    def request_stop(self, reason: str = "stopped by the person") -> None:
        """End the session as *stopped* at the next point it can: a running command or a reply in
        flight is cancelled and the session ends instead of going on. (A pending decision is the
        decider's: it answers `stop`.)"""
        self.stop_reason = self.stop_reason or reason
        self.cancel_command()
        self.cancel_generation()

    def undo(self) -> str | None:
        """Put back the last applied change; the model is told with the next feedback.
        WorkspaceError, with a sentence, when the change cannot be put back."""
        if not self.workspace.checkpoints:
            return None
        path = self.workspace.checkpoints[-1].path
        before = self._text_for_diff(path)
        self.workspace.undo()
        after = self._text_for_diff(path)
        self.emit(Undone(step=self.step, path=path, diff=self.workspace.diff(before, after, path).unified))
        self._pending_notes.append(prompts.undo_feedback(path))
        self.history.changes += 1
        return path

    def abort(self, reason: str) -> None:
        """End now, without awaiting anything: for an app that must go at once (its terminal is
        gone). The end is logged and the log closed; running commands are killed."""
        from .commands import kill_live_commands

        kill_live_commands()
        if not self.ended:
            self._end_now("stopped", reason)
        if self.log is not None:
            self.log.close()

    # -- the loop --------------------------------------------------------------------------

    def _text_for_diff(self, path: str) -> str | None:
        try:
            return self.workspace.read_text_or_none(path)
        except (WorkspaceError, PathEscape):
            return None

    async def _take_baseline(self) -> None:
        """What the workspace holds at the start, for the net diff and the `done` guards. It walks
        and hashes files (bounded), so it runs on a worker thread, not on the screen's loop; it
        also removes temp files left by a write that was killed."""
        if self._baseline_taken:
            return

        def take() -> tuple[dict[str, FileStamp], dict[str, str]]:
            self.workspace.remove_stale_temp_files()
            stamps = self.workspace.snapshot()
            return stamps, baseline_texts(self.workspace, stamps)

        self.history.baseline, self.baseline_texts = await asyncio.to_thread(take)
        self._baseline_taken = True

    async def run(self) -> SessionOutcome:
        try:
            await self._take_baseline()
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
                if isinstance(reply, SessionOutcome):
                    return reply
                outcome = await self._handle_reply(*reply)
                if outcome is not None:
                    return outcome
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
            if self.log is not None:
                self.log.close()

    async def _ask_model(self) -> tuple[str, str] | SessionOutcome | None:
        """Stream one reply; returns (answer, thinking), or None/outcome when the session must end."""
        attempt = 0
        while True:
            attempt += 1
            self.emit(TurnStarted(step=self.step, attempt=attempt))
            result: dict[str, Any] = {}
            self._generation = asyncio.ensure_future(self._stream_into(result))
            try:
                await asyncio.shield(self._generation)
            except asyncio.CancelledError:
                if not self._generation.cancelled():
                    self._generation.cancel()
                    raise  # the session itself was cancelled
                reason = "stopped by the person" if self.stop_reason else "generation cancelled by the person"
                result = {"error": ("cancelled", reason, "".join(result.get("partial", [])))}
            if "finished" in result:
                return result["finished"]
            kind, message, partial = result.get("error", ("dropped", "the reply ended without a result", ""))
            self.emit(BackendError(step=self.step, kind=kind, message=message, partial=partial))
            if self.stop_reason is not None or await self.decider.after_backend_error(kind, message) == "stop":
                return None

    async def _stream_into(self, result: dict[str, Any]) -> None:
        options = dict(self.config.chat_options)
        options.update(think=self.config.think, forced_think=self.config.forced_think)
        if self.config.constrained:
            options["schema"] = self.turn_schema()
        partial: list[str] = []
        result["partial"] = partial  # joined only if the reply fails: joining per chunk is quadratic
        try:
            await self._read_stream(options, partial, result)
        except Exception as exc:  # a backend bug or a hostile server: one sentence, the session goes on
            result["error"] = ("protocol", f"the backend failed: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}",
                               "".join(partial))

    def turn_schema(self) -> dict[str, Any]:
        """The JSON schema this turn's reply is constrained to (a bench lever narrows it per turn)."""
        from .actions import vocabulary_schema

        return vocabulary_schema(self.config.vocabulary)

    async def _read_stream(self, options: dict[str, Any], partial: list[str], result: dict[str, Any]) -> None:
        received = 0
        limit = self.config.max_reply_chars
        stream = self.backend.stream_chat(self.messages, **options)
        async for event in stream:
            if event.kind in ("thinking", "content"):
                received += len(event.text)
                if received > limit:
                    # Leaving the stream closes it, and with it the server's generation.
                    result["error"] = ("too_long", f"the reply passed {limit:,} characters without finishing and "
                                       "was cut off there", "".join(partial))
                    aclose = getattr(stream, "aclose", None)
                    if aclose is not None:
                        await aclose()
                    return
            if event.kind == "thinking":
                self.emit(ThinkingDelta(step=self.step, text=event.text))
            elif event.kind == "content":
                partial.append(event.text)
                self.emit(ContentDelta(step=self.step, text=event.text))
            elif event.kind == "loading":
                self.emit(ModelLoading(step=self.step, text=event.text))
            elif event.kind == "moved":
                self.emit(ReasoningMoved(step=self.step, text=event.text))
            elif event.kind == "notice":
                self.emit(Notice(step=self.step, text=event.text))
            elif event.kind == "finished":
                usage = event.usage
                content, thinking = _typed(event.content, str) or "", _typed(event.thinking, str) or ""
                tokens_per_second = _typed(getattr(usage, "tokens_per_second", None), float)
                self.last_tokens_per_second = tokens_per_second
                self.emit(ReplyFinished(
                    step=self.step, raw=content, thinking=thinking,
                    done_reason=_typed(getattr(usage, "done_reason", None), str),
                    prompt_tokens=_typed(getattr(usage, "prompt_tokens", None), int),
                    answer_tokens=_typed(getattr(usage, "answer_tokens", None), int),
                    tokens_per_second=tokens_per_second,
                    seconds=_typed(getattr(usage, "seconds", None), float),
                ))
                result["finished"] = (content, thinking)
            elif event.kind == "error" and event.error is not None:
                result["error"] = (event.error.kind, event.error.message, event.error.partial)

    async def _handle_reply(self, answer: str, thinking: str) -> SessionOutcome | None:
        self.messages.append({"role": "assistant", "content": answer})
        parsed = parse_reply_with_reasoning(answer, thinking, self.config.vocabulary)
        if parsed.action is None:
            return await self._handle_failure(parsed)
        proposal = await self.propose(parsed.action, parsed, source="model")
        while True:
            choice = await self.decider.decide(proposal)
            if choice.decision == "recheck":
                proposal = await self._recheck(proposal, parsed, "the workspace changed (an undo) while this was shown")
                continue
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
        if proposal.refused:
            # Whatever was decided, a refused action never runs; the model hears why.
            self._feedback(prompts.refused_feedback(proposal.action.action, "; ".join(proposal.verdict.reasons)))
            return None
        self._feedback(prompts.rejection_feedback(proposal.action.action, choice.reason))
        return None

    async def _recheck(self, proposal: Proposal, parsed: ParseResult, why: str) -> Proposal:
        assert proposal.action is not None
        self.emit(Notice(step=self.step, text=f"{why}: the proposal was checked again; decide on the new diff"))
        return await self.propose(proposal.action, parsed, source=proposal.source,
                                  note=f"shown again: {why}; the diff below is against the file as it is now")

    async def _handle_failure(self, parsed: ParseResult) -> SessionOutcome | None:
        assert parsed.failure is not None
        self.emit(ParseFailed(step=self.step, kind=parsed.failure.kind, message=parsed.failure.message,
                              raw=parsed.raw, repairs=repair_infos(parsed.repairs)))
        proposal = Proposal(self.step, parsed.raw, parsed.thinking, failure=parsed.failure, repairs=parsed.repairs)
        choice = await self.decider.decide(proposal)
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
        proposal = await asyncio.to_thread(self._assess, action, parsed, source)
        proposal.note = note
        self._announce(proposal)
        return proposal

    def _assess(self, action: Action, parsed: ParseResult, source: Literal["model", "person"]) -> Proposal:
        preview, preview_error = None, None
        if isinstance(action, (WriteFile, ReplaceLines, InsertLines)):
            preview, preview_error = try_preview(action, self.workspace)
        verdict = classify(action, self.workspace, preview)
        if isinstance(action, RunCommand) and not self.sandbox.confined:
            verdict = one_level_higher(verdict)  # nothing beneath the rules: they count for more
        flags = check_guards(action, self.workspace, self.history, preview)
        repairs = parsed.repairs if source == "model" else []
        flags += derived_flags(verdict.rules, [r.detail for r in repairs if r.suspicious])
        net_diff = self.net_diff()[1] if isinstance(action, Done) else ""
        return Proposal(self.step, parsed.raw, parsed.thinking, action=action, repairs=repairs, verdict=verdict,
                        flags=flags, preview=preview, source=source, net_diff=net_diff, preview_error=preview_error)

    def _announce(self, proposal: Proposal) -> None:
        action, verdict, preview, flags = proposal.action, proposal.verdict, proposal.preview, proposal.flags
        assert action is not None and verdict is not None
        source, repairs = proposal.source, proposal.repairs
        self.emit(ActionProposed(
            step=self.step, action=action.to_json(),
            verdict=VerdictInfo(level=verdict.level, rules=list(verdict.rules), reasons=list(verdict.reasons),
                                refused=verdict.refused),
            flags=flag_infos(flags), repairs=repair_infos(repairs),
            diff=preview.diff.unified if preview is not None else None, source=source, note=proposal.note,
        ))

    async def _execute(self, proposal: Proposal) -> SessionOutcome | None:
        action = proposal.action
        assert action is not None
        if isinstance(action, Done):
            return await self._end("done", action.summary, proposal.flags)
        ok, summary, text, exit_code, output, diff, duration = True, "", "", None, None, None, None
        changed = False
        try:
            if isinstance(action, ReadFile):
                summary, text = await asyncio.to_thread(self._read_for_model, action.path)
            elif isinstance(action, ListDir):
                entries = self.workspace.list_dir(action.path)
                summary = f"listed {action.path}: {len(entries)} entries"
                text = f"{action.path} contains: {', '.join(entries) if entries else '(nothing)'}"
            elif isinstance(action, RunCommand):
                problem = _unrunnable(action.command)
                if problem:
                    raise WorkspaceError(problem)
                # Started from this task, on the event loop's thread, which outlives the command:
                # the wrapper's death signal is tied to the thread that started it.
                self._command_cancel = asyncio.Event()
                try:
                    result = await run_command(action.command, self.workspace.root, timeout=self.config.command_timeout,
                                               sandbox=self.sandbox, cancel=self._command_cancel)
                finally:
                    self._command_cancel = None
                ok, exit_code, output, duration = result.ok, result.exit_code, result.output, result.duration
                by = f"the session ending ({self.stop_reason})" if self.stop_reason else "the person"
                summary, text = prompts.command_feedback(result, cancelled_by=by)
            else:
                preview = proposal.preview
                if preview is None:
                    raise WorkspaceError(proposal.preview_error or "the edit cannot be applied")
                if preview.no_op:
                    current = await asyncio.to_thread(self.workspace.current, preview.path)
                    if current[1] != preview.fingerprint:
                        raise FileChanged(f"{preview.path} changed on disk after the proposal was made")
                    summary = f"no change: {preview.path} already had exactly this content"
                    text = f"No change: the content you sent is identical to {preview.path}. The file was not modified."
                else:
                    # Exactly the previewed bytes, and only onto the file the preview was made from.
                    await asyncio.to_thread(self.workspace.write_bytes, preview.path, preview.data,
                                            f"step {self.step}", preview.fingerprint)
                    changed = True
                    diff = preview.diff.unified
                    summary = f"wrote {preview.path}: +{preview.diff.added} -{preview.diff.removed}"
                    text = f"Applied to {preview.path}. The diff actually applied:\n{prompts.clip(diff)}"
        except FileChanged:
            raise
        except Exception as exc:  # the boundary: nothing an action does may end the session
            ok = False
            known = isinstance(exc, (WorkspaceError, PathEscape, OSError))
            summary = f"{action.action} failed: {exc if known else f'{type(exc).__name__}: {exc}'}"
            text = f"{summary}."
            target = action.target_path
            if target is not None:
                try:
                    where, listing = self.workspace.nearest_listing(target)
                    text += f" The directory {where} contains: {', '.join(listing) or '(nothing)'}"
                except (WorkspaceError, PathEscape):
                    pass
        self.history.record(self.step, action, ok=ok, changed_files=changed)
        self.emit(Executed(step=self.step, action=action.action, ok=ok, summary=summary, exit_code=exit_code,
                           output=output, diff=diff, duration=duration))
        self._feedback(text)
        return None

    def _read_for_model(self, path: str) -> tuple[str, str]:
        """(summary, feedback) of a read_file: the whole file, or for one too large to read whole,
        its beginning with its true size and no claimed line count."""
        try:
            file = self.workspace.read_file(path)
        except FileTooLarge:
            head, size = self.workspace.read_head(path, prompts.MAX_FEEDBACK_CHARS)
            if b"\x00" in head:
                return (f"read {path}: {size:,} bytes of binary data (NUL bytes); not sent",
                        f"{path} is {size:,} bytes of binary data (it holds NUL bytes), not text: it is not shown.")
            shown = head[: head.rfind(b"\n") + 1] or head
            text = shown.decode("utf-8", "replace")
            count = text.count("\n")
            summary = f"read {path}: {size:,} bytes, too large to read whole; its first {count} lines were sent"
            return summary, (f"{path} is {size:,} bytes, too large to read whole. Its first {count} lines "
                             f"(the rest is not shown):\n{text}")
        content = file.text
        lines = content.count("\n") + (1 if content and not content.endswith("\n") else 0)
        what = f"{lines} lines" + ("" if file.encoding == "utf-8" else ", not UTF-8: read as Latin-1, byte for byte")
        if file.binary:
            # NUL bytes by the thousand are no use to a model and hide the rest: say what it is.
            size = len(content)
            return (f"read {path}: {size:,} bytes of binary data (NUL bytes); not sent",
                    f"{path} is {size:,} bytes of binary data (it holds NUL bytes), not text: it is not shown.")
        return f"read {path}: {what}", f"Contents of {path} ({what}):\n{prompts.clip(content)}"

    def _feedback(self, text: str) -> None:
        if self._pending_notes:
            text = "\n".join(self._pending_notes) + "\n" + text
            self._pending_notes.clear()
        self.emit(FeedbackSent(step=self.step, text=text))
        self.messages.append({"role": "user", "content": text})

    def net_diff(self) -> tuple[NetChanges, str]:
        """What the session changed on disk since it started, as unified diffs (reads every file:
        call it off the UI thread)."""
        if not self._baseline_taken:  # ended while the starting state was still being recorded
            return NetChanges(), "the session ended before its starting state was recorded\n"
        net = self.workspace.net_changes(self.history.baseline)
        parts = [f"net change since the session started: {net.describe()}\n"]
        for path in net.created + net.modified:
            if path in net.modified and path not in self.baseline_texts:
                parts.append(f"{path}: changed (too large to keep its starting text for a diff)\n")
                continue
            try:
                after = self.workspace.read_text_or_none(path)
            except (WorkspaceError, PathEscape) as exc:  # a link out, a file grown too large, ...
                parts.append(f"{path}: changed ({exc})\n")
                continue
            if after is None:
                parts.append(f"{path}: changed (not a regular file now)\n")
                continue
            parts.append(self.workspace.diff(self.baseline_texts.get(path), after, path).unified)
        parts += [f"deleted: {path}\n" for path in net.deleted]
        return net, "".join(parts)

    async def _end(self, status: Any, summary: str, flags: list[GuardFlag] | None = None) -> SessionOutcome:
        net, diff = await asyncio.to_thread(self.net_diff)
        return self._ended(status, summary, list(flags or []), net, diff)

    def _end_now(self, status: Any, summary: str) -> SessionOutcome:
        """`_end` without awaiting: for a session cancelled while the app closes."""
        try:
            net, diff = self.net_diff()
        except Exception as exc:  # noqa: BLE001 — the end must be logged whatever the disk says
            net, diff = NetChanges(), f"the net change could not be computed: {exc}\n"
        return self._ended(status, summary, [], net, diff)

    def _ended(self, status: Any, summary: str, flags: list[GuardFlag], net: NetChanges, diff: str) -> SessionOutcome:
        self.ended = True
        self.emit(SessionEnded(step=self.step, reason=status, summary=summary, created=list(net.created),
                               modified=list(net.modified), deleted=list(net.deleted), flags=flag_infos(flags),
                               diff=diff))
        return SessionOutcome(status, summary, self.step, net.created, net.modified, net.deleted, flags, diff)


def _unrunnable(command: str) -> str | None:
    """Why a command cannot be handed to a shell at all, or None."""
    if "\x00" in command:
        return "the command contains a NUL byte, which no shell can take; it was not run"
    try:
        command.encode("utf-8")
    except UnicodeEncodeError:
        return "the command contains a lone surrogate (not valid text), which no shell can take; it was not run"
    return None


class ScriptedPolicy:
    """A decider for benchmarks and tests: approve what the policy allows, reject the rest."""

    POLICIES = ("approve-all", "approve-non-high", "approve-low", "reject-all")

    def __init__(self, policy: str = "approve-non-high", retries: int = 1) -> None:
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
