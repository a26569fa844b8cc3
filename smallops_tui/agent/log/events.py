"""The session's events: the schema of the JSONL log, one header line, then one event per line.

These types are the ground floor every wing may import: the session emits them, the log writes
(writer.py) and reads (reader.py) them, and a live session and a replay are both folds over them.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING, Annotated, Final, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter
from .json_value import JsonObject

SCHEMA_VERSION = 1
LOG_KIND: Final = "smallops-session"


class _Model(BaseModel):
    # Logs from later versions of the same schema may carry fields we do not know yet.
    model_config = ConfigDict(extra="ignore")


class SessionHeader(_Model):
    kind: Literal["smallops-session"] = LOG_KIND
    schema_version: int = Field(SCHEMA_VERSION, alias="schema")
    app_version: str = ""
    created: str = Field(default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds"))
    workspace: str = ""
    task: str = ""
    backend: str = ""
    url: str = ""
    model: str = ""
    options: JsonObject = Field(default_factory=dict)
    vocabulary: str = "seed"
    step_cap: int | None = None
    approval_mode: str = "manual"  # how the session started (approval_mode_changed records each change)
    # The opening messages the model was sent (system prompt and task), so a fork carries them as
    # they were; older logs lack them (a fork then uses this version's).
    opening: list[dict[str, str]] = Field(default_factory=list)
    # For a session forked from a logged one: {"log": path, "step": k, "model": ..., "backend": ...}.
    forked_from: JsonObject | None = None

    model_config = ConfigDict(extra="ignore", populate_by_name=True)


class _Event(_Model):
    t: float = 0.0  # seconds since the session started
    step: int = 0


class TurnStarted(_Event):
    type: Literal["turn_started"] = "turn_started"
    attempt: int = 1


class StreamedText:
    """One chunk of a reply's text as it streamed. A live session emits `ThinkingDelta` and
    `ContentDelta`; a log read back holds plain records of the same shape instead (reader.py: a long
    log has tens of thousands). Handlers match on `ReasoningText` or `AnswerText` to take either."""

    __slots__ = ()
    if TYPE_CHECKING:  # what every kind has; a plain record of a log may only read them
        @property
        def type(self) -> str: ...

        @property
        def step(self) -> int: ...

        @property
        def t(self) -> float: ...

        @property
        def text(self) -> str: ...


class ReasoningText(StreamedText):
    __slots__ = ()


class AnswerText(StreamedText):
    __slots__ = ()


class ThinkingDelta(_Event, ReasoningText):
    type: Literal["thinking_delta"] = "thinking_delta"
    text: str


class ContentDelta(_Event, AnswerText):
    type: Literal["content_delta"] = "content_delta"
    text: str


class ReasoningMoved(_Event):
    """Answer text already shown turned out to be reasoning (a lone closing tag arrived)."""

    type: Literal["reasoning_moved"] = "reasoning_moved"
    text: str


class ReplyFinished(_Event):
    type: Literal["reply_finished"] = "reply_finished"
    raw: str
    thinking: str = ""
    done_reason: str | None = None
    prompt_tokens: int | None = None
    answer_tokens: int | None = None
    tokens_per_second: float | None = None
    seconds: float | None = None
    incomplete: bool = False


class RepairInfo(_Model):
    kind: str
    detail: str
    suspicious: bool = False


class FlagInfo(_Model):
    kind: str
    message: str
    step: int | None = None
    names: list[str] = Field(default_factory=list)


class VerdictInfo(_Model):
    level: str
    rules: list[str]
    reasons: list[str]
    refused: bool = False


class ParseFailed(_Event):
    type: Literal["parse_failed"] = "parse_failed"
    kind: str
    message: str
    raw: str
    repairs: list[RepairInfo] = Field(default_factory=list)


class ActionProposed(_Event):
    type: Literal["action_proposed"] = "action_proposed"
    action: JsonObject
    verdict: VerdictInfo
    flags: list[FlagInfo] = Field(default_factory=list)
    repairs: list[RepairInfo] = Field(default_factory=list)
    diff: str | None = None
    source: Literal["model", "person"] = "model"
    note: str = ""  # why the proposal is shown again (the file changed since it was first shown)


class Decision(_Event):
    type: Literal["decision"] = "decision"
    decision: Literal["approve", "reject", "edit", "stop"]
    by: Literal["human", "policy", "auto"] = "human"  # auto: approved by the auto-approve-LOW mode
    reason: str = ""
    edited_action: JsonObject | None = None


class Executed(_Event):
    type: Literal["executed"] = "executed"
    action: str
    ok: bool
    summary: str
    exit_code: int | None = None
    output: str | None = None
    diff: str | None = None
    duration: float | None = None


class Undone(_Event):
    type: Literal["undone"] = "undone"
    path: str  # the file put back; for a command, "the command `…`"
    diff: str | None = None
    command: str | None = None  # the command whose effect was undone (None: a file edit)
    paths: list[str] = Field(default_factory=list)  # every file a command's undo put back or removed


class FeedbackSent(_Event):
    type: Literal["feedback_sent"] = "feedback_sent"
    text: str


class BackendError(_Event):
    type: Literal["backend_error"] = "backend_error"
    kind: str
    message: str
    partial: str = ""


class Notice(_Event):
    """Something the app did on its own that a reader of the log should know (a retry, ...)."""

    type: Literal["notice"] = "notice"
    text: str


class ApprovalModeChanged(_Event):
    """The person switched the approval mode (`a`): "manual" or "auto-low"."""

    type: Literal["approval_mode_changed"] = "approval_mode_changed"
    mode: str


class PersonMessage(_Event):
    """The person's words to the model (`m`), sent with its next turn; nothing was rejected."""

    type: Literal["person_message"] = "person_message"
    text: str


class ModelSwitched(_Event):
    """The person switched the model mid-session; the next request uses it."""

    type: Literal["model_switched"] = "model_switched"
    model: str
    previous: str = ""


class ModelLoading(_Event):
    """The backend is loading the model before it can answer (the embedded model, a cold Ollama)."""

    type: Literal["model_loading"] = "model_loading"
    text: str


class ReasoningCut(_Event):
    """The model's reasoning was stopped before it answered: at the thinking budget, or by the
    person's key. `tokens` counts the reasoning chunks received (one token each on Ollama and
    llama.cpp); the stream was closed, so the server stopped generating."""

    type: Literal["reasoning_cut"] = "reasoning_cut"
    by: Literal["budget", "person"]
    tokens: int
    budget: int | None = None


class NudgeSent(_Event):
    """The message that asks the model to answer now, sent with the next request (reasoning off)."""

    type: Literal["nudge_sent"] = "nudge_sent"
    text: str
    think: bool | str | None = False  # what the nudge's request asked for reasoning


class ContextChecked(_Event):
    """How much of the context window a request filled, and whether the server kept all of it.
    `sent_estimate` follows agent/session/context.py's rule; `reported` is the server's prompt count."""

    type: Literal["context_checked"] = "context_checked"
    sent_estimate: int
    reported: int | None = None
    window: int
    window_source: str = ""
    used: int
    percent: float
    warning: bool = False  # at or past 80% of the window
    crossed: bool = False  # the first warning since the prompt was last under 80% (the conversation says so once)
    truncated: bool = False  # the model did not see the whole conversation


class ContextDropped(_Event):
    """The drop-oldest rule took older messages out of the conversation before a request."""

    type: Literal["context_dropped"] = "context_dropped"
    rule: str
    dropped: list[str] = Field(default_factory=list)  # one description per message
    estimate_before: int
    estimate_after: int
    window: int


class FileRecord(_Model):
    """One file as the log keeps it: its content (UTF-8 text, or base64), or its fingerprint only
    (size and sha256) when it was over the recording bounds (recording.py)."""

    path: str
    kind: Literal["file", "symlink", "other", "deleted"] = "file"
    size: int = 0
    digest: str | None = None
    mode: int | None = None
    text: str | None = None
    b64: str | None = None
    link: str = ""  # a symlink's target

    @property
    def kept(self) -> bool:
        """Whether the record can put the file back (not a fingerprint only)."""
        return self.kind in ("symlink", "deleted") or self.text is not None or self.b64 is not None


class WorkspaceRecorded(_Event):
    """The workspace as the session found it (step 0), so any step can be rebuilt from the log."""

    type: Literal["workspace_recorded"] = "workspace_recorded"
    files: list[FileRecord] = Field(default_factory=list)
    bounds: str = ""  # what was kept by fingerprint only, in words
    cut: bool = False  # the walk stopped at its cap (workspace.MAX_SNAPSHOT_FILES): files beyond are not listed


class FilesChanged(_Event):
    """Files a step changed on disk: an applied edit, an undo, or whatever a command changed; or
    (`outside`) files found changed when a follow-up task began, by the person or another program."""

    type: Literal["files_changed"] = "files_changed"
    by: Literal["edit", "undo", "command", "outside"] = "edit"
    files: list[FileRecord] = Field(default_factory=list)


class TaskStarted(_Event):
    """A follow-up task in the same session: the conversation goes on with it (filed under the step
    it begins). The first task is the header's; `text` is the message the model was sent."""

    type: Literal["task_started"] = "task_started"
    task: str
    text: str = ""
    number: int = 2  # the first follow-up is the session's second task


class SessionEnded(_Event):
    type: Literal["session_ended"] = "session_ended"
    reason: str
    summary: str = ""
    created: list[str] = Field(default_factory=list)
    modified: list[str] = Field(default_factory=list)
    deleted: list[str] = Field(default_factory=list)
    flags: list[FlagInfo] = Field(default_factory=list)
    diff: str = ""  # the session's net change, file by file, as unified diffs


Event = Annotated[
    Union[TurnStarted, ThinkingDelta, ContentDelta, ReasoningMoved, ReplyFinished, ParseFailed,
          ActionProposed, Decision, Executed, Undone, FeedbackSent, BackendError, Notice, ModelLoading, ReasoningCut,
          NudgeSent, ContextChecked, ContextDropped, SessionEnded, WorkspaceRecorded, FilesChanged, ApprovalModeChanged,
          PersonMessage, ModelSwitched, TaskStarted],
    Field(discriminator="type"),
]
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)


def event_type(kind: type[object]) -> str:
    """The `type` a class of events carries in the log (`Decision` -> "decision"); the streamed
    text kinds name their deltas."""
    if issubclass(kind, ReasoningText):
        return "thinking_delta"
    if issubclass(kind, AnswerText):
        return "content_delta"
    if issubclass(kind, _Event):
        default = kind.model_fields["type"].default
        if isinstance(default, str):
            return default
    raise TypeError(f"{kind.__name__} is not a kind of session event")
