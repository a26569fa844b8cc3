"""The core: what a model's reply means, how dangerous it is, what it would change.

No Textual and no network here: everything can be tested without a screen or a server.
The names below are the stable public API (docs/architecture.md), and what a second front end needs:
`Session` (with `SessionConfig`, a `Decider` answering `Proposal`s with a `Choice`, or a
`ScriptedPolicy`), its events, and `SessionFold`, the view every front end renders.
"""

from .reply.actions import describe_vocabulary, vocabulary, vocabulary_schema
from .reply.kinds import (
    KINDS,
    Action,
    Done,
    EditAction,
    InsertLines,
    ListDir,
    ReadFile,
    ReplaceLines,
    ReplaceText,
    RunCommand,
    WriteFile,
)
from .sandbox.runner import CommandResult, run_command
from .session.decisions import Choice, Decider, Proposal
from .files.edits import EditError, EditPreview, preview_edit
from .log.events import SessionHeader
from .log.reader import LogError, read_log
from .log.writer import EventLog
from .session.fold import SessionFold
from .session.guards import GuardFlag, SessionHistory, check_guards
from .session.config import NotNow, Resume, SessionConfig, SessionOutcome
from .session.loop import Session
from .reply.parsing import ParseFailure, ParseResult, Repair, parse_reply
from .session.policy import ScriptedPolicy
from .reply.reasoning import Split, ThinkSplitter, split_reasoning
from .risk.classify import RULES, RiskVerdict, Rule, classify
from .files.diffs import FileDiff, diff_texts
from .files.workspace import Checkpoint, NetChanges, PathEscape, Workspace, WorkspaceError

__all__ = [
    "Action", "check_guards", "Checkpoint", "Choice", "classify", "CommandResult", "Decider",
    "describe_vocabulary", "diff_texts", "Done", "EditAction", "EditError", "EditPreview", "EventLog", "FileDiff", "GuardFlag",
    "InsertLines", "KINDS", "ListDir", "LogError", "NetChanges", "NotNow", "parse_reply", "ParseFailure", "ParseResult",
    "PathEscape", "preview_edit", "Proposal", "read_log", "ReadFile", "Repair", "ReplaceLines", "ReplaceText", "Resume",
    "RiskVerdict", "Rule", "RULES", "run_command", "RunCommand", "ScriptedPolicy", "Session", "SessionConfig",
    "SessionFold", "SessionHeader", "SessionHistory", "SessionOutcome", "Split", "split_reasoning",
    "ThinkSplitter", "vocabulary", "vocabulary_schema", "Workspace", "WorkspaceError", "WriteFile",
]
