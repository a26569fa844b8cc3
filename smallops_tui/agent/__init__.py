"""The core: what a model's reply means, how dangerous it is, what it would change.

No Textual and no network here: everything can be tested without a screen or a server.
The names below are the stable public API (DESIGN.md §8), and what a second front end needs:
`Session` (with `SessionConfig`, a `Decider` answering `Proposal`s with a `Choice`, or a
`ScriptedPolicy`), its events, and `SessionFold`, the view every front end renders.
"""

from .reply.actions import (
    Action,
    Done,
    InsertLines,
    ListDir,
    ReadFile,
    ReplaceLines,
    RunCommand,
    WriteFile,
    describe_vocabulary,
    vocabulary,
    vocabulary_schema,
)
from .sandbox.runner import CommandResult, run_command
from .session.decisions import Choice, Decider, Proposal
from .files.edits import EditError, EditPreview, preview_edit
from .log.events import EventLog, LogError, SessionHeader, read_log
from .session.fold import SessionFold
from .session.guards import GuardFlag, SessionHistory, check_guards
from .session.loop import NotNow, Session, SessionConfig, SessionOutcome
from .reply.parsing import ParseFailure, ParseResult, Repair, parse_reply
from .session.policy import ScriptedPolicy
from .reply.reasoning import Split, ThinkSplitter, split_reasoning
from .risk.classify import RULES, RiskVerdict, Rule, classify
from .files.workspace import Checkpoint, FileDiff, NetChanges, PathEscape, Workspace, WorkspaceError, diff_texts

__all__ = [
    "Action", "Checkpoint", "Choice", "CommandResult", "Decider", "Done", "EditError", "EditPreview", "EventLog",
    "FileDiff", "GuardFlag", "InsertLines", "ListDir", "LogError", "NetChanges", "NotNow", "ParseFailure",
    "ParseResult", "PathEscape", "Proposal", "RULES", "ReadFile", "Repair", "ReplaceLines", "RiskVerdict", "Rule",
    "RunCommand", "ScriptedPolicy", "Session", "SessionConfig", "SessionFold", "SessionHeader", "SessionHistory",
    "SessionOutcome", "Split", "ThinkSplitter", "Workspace", "WorkspaceError", "WriteFile", "check_guards",
    "classify", "describe_vocabulary", "diff_texts", "parse_reply", "preview_edit", "read_log", "run_command",
    "split_reasoning", "vocabulary", "vocabulary_schema",
]
