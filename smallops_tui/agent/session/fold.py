"""What a session looks like, as a fold over its events: the one model every view renders.

A live session, a replay and an export all fold the same events through `SessionFold`: the
conversation (each turn's reasoning and answer, and the lines that say what happened), the
proposed-action pane (the proposal, its decision, its outcome, the end of the session) and what
the diff pane shows. So a replayed step is the screen the person saw, by construction, and an
export says the same things in the same order. Nothing here draws: the UI turns this into
widgets, the exporters into Markdown and HTML.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Literal

from ..files.linediff import lines_of
from ..words import plural
from ..log.events import (
    ActionProposed, AnswerText, ApprovalModeChanged, BackendError, ContextChecked, ContextDropped, Decision, Executed,
    FeedbackSent, FilesChanged, ModelSwitched, Notice, NudgeSent, ParseFailed, PersonMessage, ReasoningCut,
    ReasoningMoved, ReasoningText, ReplyFinished, SessionEnded, SessionHeader, TaskStarted, TurnStarted, Undone,
    WorkspaceRecorded,
)
from ..log.reader import LoggedEvent
from ..files.visible import shown_path
from ..reply.kinds import Done, ListDir, ReadFile, RunCommand, kind_named
from .guards import GUARD_LABELS
from .steering import mode_label

LineKind = Literal["outcome", "failed", "notice", "dim"]

DECISION_TEXT = {"approve": "✓ approved", "reject": "✗ rejected", "edit": "✎ edited by you", "stop": "■ stopped"}
OUTPUT_LINES = 12  # command output shown in the conversation
FEEDBACK_LINES = 4  # feedback to the model shown in the conversation


def clip_lines(text: str, max_lines: int = 40) -> str:
    lines = lines_of(text)  # not splitlines(): it would swallow form feeds and U+2028 unseen
    if len(lines) <= max_lines:
        return text
    return "\n".join(lines[:max_lines]) + f"\n… {plural(len(lines) - max_lines, 'more line')}"


@dataclass(frozen=True)
class Line:
    """One thing the conversation (or the pane) says, in a kind the front ends know how to show.
    `detail` is a longer text that belongs to it (a command's output, the feedback the model was
    sent): a screen shows its first `clip` lines after `joiner`, an export all of it."""

    text: str
    kind: LineKind = "outcome"
    detail: str = ""
    clip: int = 0
    joiner: str = "\n"

    @property
    def shown(self) -> str:
        """The line as a screen shows it."""
        return self.text + (self.joiner + clip_lines(self.detail, self.clip) if self.detail else "")


@dataclass
class Turn:
    """One model turn (one attempt at a step): its reasoning, its answer, and what came of it."""

    step: int
    attempt: int = 1
    reasoning_parts: list[str] = field(default_factory=list)
    answer_parts: list[str] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)

    @property
    def reasoning(self) -> str:
        return "".join(self.reasoning_parts)

    @property
    def answer(self) -> str:
        return "".join(self.answer_parts)

    @property
    def title(self) -> str:
        return f"── step {self.step}" + (f" (attempt {self.attempt})" if self.attempt > 1 else "")


@dataclass
class Shown:
    """A proposal or an unusable reply, as its event recorded it."""

    step: int
    raw: str = ""
    action: dict[str, object] | None = None
    failure: tuple[str, str] | None = None  # (kind, message)
    level: str = ""
    rules: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    refused: bool = False
    flags: list[tuple[str, str]] = field(default_factory=list)  # (label, message)
    repairs: list[tuple[str, str, bool]] = field(default_factory=list)  # (kind, detail, suspicious)
    source: str = "model"
    note: str = ""  # why the proposal is shown again

    @classmethod
    def of(cls, event: ActionProposed | ParseFailed) -> Shown:
        """From an `action_proposed` or `parse_failed` event."""
        repairs = [(r.kind, r.detail, r.suspicious) for r in event.repairs]
        if isinstance(event, ParseFailed):
            return cls(event.step, event.raw, failure=(event.kind, event.message), repairs=repairs)
        flags = [(flag_label(f.kind, f.step), f.message) for f in event.flags]
        return cls(event.step, "", dict(event.action), None, event.verdict.level, list(event.verdict.rules),
                   list(event.verdict.reasons), event.verdict.refused, flags, repairs, event.source, event.note)

    @property
    def action_name(self) -> str:
        return str(self.action.get("action")) if self.action is not None else ""


def flag_label(kind: str, step: int | None = None) -> str:
    return GUARD_LABELS.get(kind, kind) + (f" of step {step}" if step is not None else "")


@dataclass
class Pane:
    """The proposed-action pane: the proposal of the current attempt and what became of it."""

    step: int = 0
    shown: Shown | None = None
    lines: list[Line] = field(default_factory=list)  # decisions and outcomes, in order
    running: str | None = None  # a command that was approved and has not finished
    error: Line | None = None  # the backend error that ended the attempt
    ended: SessionEnded | None = None


DiffKind = Literal["none", "edit", "text", "command", "target", "raw"]


@dataclass(frozen=True)
class DiffSpec:
    """What the diff pane shows: an edit's diff, a diff as text (the net change), the command to
    run, the path read or listed, or the unusable reply."""

    kind: DiffKind = "none"
    text: str = ""
    path: str = ""
    workspace: str = ""
    step: int = 0


StoryItem = (tuple[Literal["turn"], Turn] | tuple[Literal["proposal"], tuple[Shown, DiffSpec]]
             | tuple[Literal["line"], Line] | tuple[Literal["end"], SessionEnded])


@dataclass
class StepView:
    """Everything one step added: conversation items (turns and lines) as a screen places them,
    the pane and the diff as they stood at its end, and its story: every turn, proposal (with its
    diff), line and end in the order they happened (what an export tells)."""

    number: int
    items: list[Line | Turn] = field(default_factory=list)
    pane: Pane = field(default_factory=Pane)
    diff: DiffSpec = field(default_factory=DiffSpec)
    story: list[StoryItem] = field(default_factory=list)

    @property
    def turns(self) -> list[Turn]:
        return [item for item in self.items if isinstance(item, Turn)]


@dataclass(frozen=True)
class Change:
    """What one event changed, so a live view updates only that."""

    turn: Turn | None = None  # a turn started: show it
    line: Line | None = None  # a line added to the conversation...
    in_turn: Turn | None = None  # ... inside this turn (else after the last item)
    moved: Turn | None = None  # this turn's answer turned out to be reasoning
    pane: bool = False
    diff: bool = False
    new_step: bool = False


NO_CHANGE = Change()


SENT_BACK = "↩ sent back to the model"  # `y` on a reply that could not be used: the footer says `y send back`


def decision_line(event: Decision, level: str = "", unusable: bool = False) -> Line:
    if event.by == "auto":  # approved by the auto-approve-LOW mode, not by a key
        text = "✓ auto-approved" + (f" ({level})" if level else "")
    elif event.decision == "approve" and unusable:  # nothing was approved: the reply goes back, with why
        text = SENT_BACK + (" by policy" if event.by == "policy" else "")
    else:
        text = DECISION_TEXT.get(event.decision, event.decision) + (" by policy" if event.by == "policy" else "")
    if event.decision == "edit" and event.edited_action is not None:
        # The action as the person made it, under the model's: what goes on is this one.
        edited = json.dumps(event.edited_action, ensure_ascii=False)
        return Line(text + (f" ({event.reason})" if event.reason else "") + ", now:", "dim", edited, OUTPUT_LINES, " ")
    return Line(text + (f": {event.reason}" if event.reason else ""), "dim")


def task_line(event: TaskStarted) -> Line:
    return Line(f"Task {event.number}: {event.task}", "outcome")


def person_message_line(event: PersonMessage) -> Line:
    return Line(f"✉ you, to the model (sent with its next turn): {event.text}", "notice")


def executed_line(event: Executed) -> Line:
    return Line(event.summary, "outcome" if event.ok else "failed", event.output or "", OUTPUT_LINES)


def feedback_line(event: FeedbackSent) -> Line:
    return Line("→ to the model:", "dim", event.text, FEEDBACK_LINES, " ")


def cut_line(event: ReasoningCut) -> Line:
    if event.by == "budget":
        return Line(f"✂ reasoning cut at {event.tokens:,} tokens: the thinking budget ({event.budget:,}) was reached",
                    "notice")
    return Line(f"✂ reasoning cut by you at {event.tokens:,} tokens (answer now)", "notice")


def nudge_line(event: NudgeSent) -> Line:
    """The nudge as sent, with the reasoning it quotes back elided (the turn above shows it)."""
    text = event.text
    start, end = text.find("<reasoning>\n"), text.rfind("\n</reasoning>")
    if 0 <= start < end:
        quoted = end - start - len("<reasoning>\n")
        text = text[:start] + f"⟨the reasoning above, {quoted:,} characters⟩" + text[end + len("\n</reasoning>"):]
    return Line("→ asked to answer now (reasoning off):", "dim", text, FEEDBACK_LINES, " ")


def context_line(event: ContextChecked) -> Line | None:
    """Said in the conversation when the model missed part of it, or when the prompt first fills
    80% of the window; the status bar shows every check."""
    if event.truncated:
        reported = f"{event.reported:,}" if event.reported is not None else "?"
        return Line(f"✖ the model did not see the whole conversation: about {event.sent_estimate:,} tokens were sent, "
                    f"the server counted {reported}, and the context window is {event.window:,} "
                    f"({event.window_source}); the server cut off the oldest part", "failed")
    if event.crossed:
        return Line(f"⚠ the prompt fills {event.percent:.0f}% of the context window ({event.used:,} of "
                    f"{event.window:,} tokens, {event.window_source}); past it, the server cuts the oldest part",
                    "notice")
    return None


def dropped_line(event: ContextDropped) -> Line:
    count = len(event.dropped)
    return Line(f"✂ context rule {event.rule}: dropped the {count} oldest message{'s' if count != 1 else ''} "
                f"(about {event.estimate_before:,} → {event.estimate_after:,} tokens of {event.window:,}):",
                "notice", "\n".join(event.dropped), 6)


def error_line(event: BackendError) -> Line:
    what = "cancelled" if event.kind == "cancelled" else f"backend error ({event.kind})"
    return Line(f"{what}: {event.message}.", "failed")


def ended_lines(event: SessionEnded) -> list[list[tuple[str, str]]]:
    """The end of the session as lines of (text, style) runs: what every view says at the end."""
    steps = event.step
    lines: list[list[tuple[str, str]]] = [
        [(f" SESSION ENDED · {event.reason} ", "bold reverse"), (f"  after {steps} step{'s' if steps != 1 else ''}", "")],
        [("summary: ", "dim"), (event.summary, "")],
        [(f"files changed or created: {', '.join(map(shown_path, [*event.created, *event.modified])) or 'none'}", "")],
    ]
    if event.deleted:
        lines.append([(f"files deleted: {', '.join(map(shown_path, event.deleted))}", "")])
    for flag in event.flags:
        lines.append([(f" ⚑ {flag_label(flag.kind)} ", "bold reverse"), (f" {flag.message}", "")])
    if event.reason == "done" and not event.flags:
        # A done that changed nothing (an answer) is no claim of files changed: saying so under
        # "files changed or created: none" read as a contradiction (a new user's question session).
        changed = event.created or event.modified or event.deleted
        lines.append([("the claim matches the disk: files changed and no guard fired" if changed
                       else "no file changed and no guard fired", "dim")])
    return lines


class SessionFold:
    """Events in, the view of the session out. `apply` one event at a time (a live session,
    playback), or fold a whole log; either way the same state."""

    def __init__(self, task: str = "", workspace: str = "", approval_mode: str = "manual") -> None:
        self.workspace = workspace
        self.preamble: list[Line] = []
        if task:
            self.preamble.append(Line(f"Task: {task}", "outcome"))
        if workspace:
            self.preamble.append(Line(f"workspace: {workspace}", "dim"))
        if approval_mode != "manual":  # manual is the default and goes unsaid; anything else is said
            self.preamble.append(Line(f"approval mode: {mode_label(approval_mode)} (the session started so)", "notice"))
        self.steps: list[StepView] = []
        self._by_number: dict[int, StepView] = {}
        self.ended: SessionEnded | None = None
        self._truncated = False  # the last context check found the prompt cut

    @classmethod
    def of_header(cls, header: SessionHeader) -> SessionFold:
        fold = cls(header.task, header.workspace, header.approval_mode)
        source = header.forked_from
        if isinstance(source, dict):  # a fork says where it came from, before anything else happens
            fold.preamble.append(Line(f"forked from {source.get('log', '?')} at step {source.get('step', '?')} "
                                      f"(model {source.get('model') or '?'})", "dim"))
        return fold

    @property
    def current(self) -> StepView | None:
        return self.steps[-1] if self.steps else None

    @property
    def turn(self) -> Turn | None:
        step = self.current
        if step is None:
            return None
        for item in reversed(step.items):
            if isinstance(item, Turn):
                return item
        return None

    def _step(self, number: int) -> StepView:
        step = self._by_number.get(number)
        if step is None:
            step = self._by_number[number] = StepView(number, pane=Pane(number))
            self.steps.append(step)
        return step

    def _turn(self, number: int) -> Turn:
        turn = self.turn
        if turn is None or turn.step != number:  # a log without its turn_started: still shown
            turn = Turn(number)
            step = self._step(number)
            step.items.append(turn)
            step.story.append(("turn", turn))
        return turn

    def forget(self, before: int) -> None:
        """Let go of the steps numbered below `before`: a live view that shows them folded keeps
        only what it shows (the log keeps every step whole). Later events fold as before."""
        while self.steps and self.steps[0].number < before:
            self._by_number.pop(self.steps.pop(0).number, None)

    def add_deltas(self, step: int, thinking: str, answer: str) -> Turn:
        turn = self._turn(step)
        if thinking:
            turn.reasoning_parts.append(thinking)
        if answer:
            turn.answer_parts.append(answer)
        return turn

    def apply(self, event: LoggedEvent) -> Change:
        steps = len(self.steps)
        change = self._apply(event)
        if len(self.steps) > steps:  # this event began a step
            change = replace(change, new_step=True)
        return change

    def _apply(self, event: LoggedEvent) -> Change:
        match event:
            case ReasoningText():
                self.add_deltas(event.step, event.text, "")
                return NO_CHANGE
            case AnswerText():
                self.add_deltas(event.step, "", event.text)
                return NO_CHANGE
            case WorkspaceRecorded() | FilesChanged():
                return NO_CHANGE  # the log's record of the files, for a fork's rebuild: the outcome lines say what changed
        if event.step <= 0:  # before the first step: a notice about the setup
            line = self._line(event)
            if line is not None:
                self.preamble.append(line)
                return Change(line=line)
            return NO_CHANGE
        change = self._on(event)
        if change is not None:
            return change
        line = self._line(event)
        if line is None:
            return NO_CHANGE
        step = self._step(event.step)
        if step.items and isinstance(step.items[-1], Turn):
            # Inside the turn under way, after what it says so far: a line of the step would show
            # below the whole turn, under a decision made after it (an undo, or `a`, while a
            # proposal waited, showed beneath that proposal's ✓ approved). The log's order is kept.
            return self._turn_line(event.step, line)
        step.items.append(line)
        step.story.append(("line", line))
        return Change(line=line)

    def _on(self, event: LoggedEvent) -> Change | None:
        """What an event of a step changes beyond a line of the conversation; None for the rest."""
        match event:
            case TurnStarted():
                return self._on_turn_started(event)
            case ReasoningMoved():
                return self._on_reasoning_moved(event)
            case ParseFailed():
                return self._propose(event, DiffSpec("raw", event.raw, step=event.step))
            case ActionProposed():
                return self._propose(event, self._diff_of(event))
            case Decision():
                return self._on_decision(event)
            case Executed():
                return self._on_executed(event)
            case BackendError():
                return self._on_backend_error(event)
            case SessionEnded():
                return self._on_session_ended(event)
            case TaskStarted():
                return self._on_task_started(event)
            case ContextChecked():
                return self._on_context_checked(event)
        line = self._turn_line_of(event)
        return self._turn_line(event.step, line) if line is not None else None

    @staticmethod
    def _turn_line_of(event: LoggedEvent) -> Line | None:
        """The line an event adds inside its turn, when it adds one there."""
        match event:
            case FeedbackSent():
                return feedback_line(event)
            case PersonMessage():
                return person_message_line(event)
            case ReasoningCut():
                return cut_line(event)
            case NudgeSent():
                return nudge_line(event)
            case ContextDropped():
                return dropped_line(event)
        return None

    @staticmethod
    def _line(event: LoggedEvent) -> Line | None:
        """A line the conversation shows for an event that is not part of a turn's story."""
        match event:
            case ReplyFinished(done_reason="length"):
                return Line("the reply was cut off at the token limit (done_reason: length)", "failed")
            case Notice():  # a model loading is shown by the waiting line, not once per progress report
                return Line(event.text, "notice")
            case Undone(command=command) if command:
                paths = event.paths
                shown = ", ".join(map(shown_path, paths[:8])) + (f" and {len(paths) - 8} more" if len(paths) > 8 else "")
                return Line(f"↶ undid the command `{command}` ({shown or 'no files'} as before it); the model "
                            "was told", "notice")
            case Undone():
                return Line(f"↶ undid the last change to {shown_path(event.path)}; the model was told", "notice")
            case ApprovalModeChanged():
                return Line(f"approval mode: {mode_label(event.mode)}", "notice")
            case ModelSwitched():
                return Line(f"model switched: {event.previous or '?'} → {event.model} (from the next request)", "notice")
            case PersonMessage():  # before the first turn
                return person_message_line(event)
        return None

    # -- the events that change more than the conversation ---------------------------------------

    def _on_turn_started(self, event: TurnStarted) -> Change:
        step = self._step(event.step)
        step.pane = Pane(event.step)  # a retry starts the pane afresh
        step.diff = DiffSpec(step=event.step)
        turn = Turn(event.step, event.attempt)
        step.items.append(turn)
        step.story.append(("turn", turn))
        return Change(turn=turn, pane=True, diff=True)

    def _on_reasoning_moved(self, event: ReasoningMoved) -> Change:
        turn = self._turn(event.step)
        turn.reasoning_parts.append(event.text)
        turn.answer_parts.clear()
        return Change(moved=turn)

    def _propose(self, event: ActionProposed | ParseFailed, diff: DiffSpec) -> Change:
        step = self._step(event.step)
        shown = Shown.of(event)
        step.pane.shown, step.pane.lines, step.pane.running = shown, [], None
        step.diff = diff
        step.story.append(("proposal", (shown, diff)))
        return Change(pane=True, diff=True)

    def _diff_of(self, event: ActionProposed) -> DiffSpec:
        """What the diff pane shows for a proposal."""
        action = event.action
        name = action.get("action")
        kind = kind_named(name)
        if kind is not None and issubclass(kind, RunCommand):
            diff = DiffSpec("command", str(action.get("command", "")), workspace=self.workspace, step=event.step)
        elif kind is not None and issubclass(kind, (ReadFile, ListDir)):
            diff = DiffSpec("target", f"{name} → {action.get('path', '')}", step=event.step)
        elif kind is not None and issubclass(kind, Done):
            diff = DiffSpec("text", event.diff or "", step=event.step)  # the net change beside the claim
        elif event.diff is not None:
            diff = DiffSpec("edit", event.diff, path=str(action.get("path", "")), step=event.step)
        else:
            diff = DiffSpec(step=event.step)  # an edit that cannot be applied as written: the flags say why
        return diff

    def _on_decision(self, event: Decision) -> Change:
        step = self._step(event.step)
        shown = step.pane.shown
        line = decision_line(event, shown.level if shown is not None else "",
                             unusable=shown is not None and shown.failure is not None)
        step.pane.lines.append(line)
        if event.decision == "approve" and shown is not None and shown.action_name == RunCommand.NAME:
            step.pane.running = str(shown.action.get("command", "")) if shown.action else ""
        return self._turn_line(event.step, line, pane=True)

    def _on_executed(self, event: Executed) -> Change:
        step = self._step(event.step)
        step.pane.running = None
        step.pane.lines.append(Line(f"outcome: {event.summary}", "outcome" if event.ok else "failed"))
        return self._turn_line(event.step, executed_line(event), pane=True)

    def _on_context_checked(self, event: ContextChecked) -> Change:
        # A cut prompt is said once, when it begins (the status bar says it at every check):
        # past the window every request is cut, and a line each step buried the conversation.
        going_on = event.truncated and self._truncated
        self._truncated = event.truncated
        line = context_line(event) if not going_on else None
        return self._turn_line(event.step, line) if line is not None else NO_CHANGE

    def _turn_line(self, number: int, line: Line, pane: bool = False) -> Change:
        turn = self._turn(number)
        turn.lines.append(line)
        self._step(number).story.append(("line", line))
        return Change(line=line, in_turn=turn, pane=pane)

    def _on_backend_error(self, event: BackendError) -> Change:
        step = self._step(event.step)
        line = error_line(event)
        step.pane.error = line
        step.items.append(line)
        step.story.append(("line", line))
        return Change(line=line, pane=True)

    def _on_task_started(self, event: TaskStarted) -> Change:
        """A follow-up task: said where its first step begins; the session is under way again."""
        self.ended = None
        line = task_line(event)
        step = self._step(event.step)
        step.items.append(line)
        step.story.append(("line", line))
        return Change(line=line)

    def _on_session_ended(self, event: SessionEnded) -> Change:
        step = self._step(event.step)
        step.pane.ended, step.pane.running = event, None
        step.story.append(("end", event))
        self.ended = event
        step.diff = DiffSpec("text", event.diff, step=event.step)
        return Change(pane=True, diff=True)
