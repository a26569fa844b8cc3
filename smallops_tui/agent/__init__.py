"""The core: what a model's reply means, how dangerous it is, what it would change.

No Textual and no network here: everything can be tested without a screen or a server.
The names below are the stable public API (docs/architecture.md), and what a second front end needs:
`Session` (with `SessionConfig`, a `Decider` answering `Proposal`s with a `Choice`, or a
`ScriptedPolicy`), its events, and `SessionFold`, the view every front end renders.

Loaded lazily (PEP 562): `smallops` starts by importing a few of the core's modules (the workspace,
the sandbox's settings), and importing any module of a package runs the package's `__init__` first;
an eager list here loaded the whole core (risk rules, the session, the log's models) before the
first frame (benchmarks/bench_startup.py). Each name is imported from its module on first use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .reply.actions import describe_vocabulary, vocabulary, vocabulary_schema
    from .reply.kinds import (
        KINDS, Action, Done, EditAction, InsertLines, ListDir, ReadFile, ReplaceLines, ReplaceText,
        RunCommand, WriteFile,
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

# Where each public name lives (the module, relative to this package).
_HOMES: dict[str, str] = {
    "describe_vocabulary": ".reply.actions",
    "vocabulary": ".reply.actions",
    "vocabulary_schema": ".reply.actions",
    "KINDS": ".reply.kinds",
    "Action": ".reply.kinds",
    "Done": ".reply.kinds",
    "EditAction": ".reply.kinds",
    "InsertLines": ".reply.kinds",
    "ListDir": ".reply.kinds",
    "ReadFile": ".reply.kinds",
    "ReplaceLines": ".reply.kinds",
    "ReplaceText": ".reply.kinds",
    "RunCommand": ".reply.kinds",
    "WriteFile": ".reply.kinds",
    "CommandResult": ".sandbox.runner",
    "run_command": ".sandbox.runner",
    "Choice": ".session.decisions",
    "Decider": ".session.decisions",
    "Proposal": ".session.decisions",
    "EditError": ".files.edits",
    "EditPreview": ".files.edits",
    "preview_edit": ".files.edits",
    "SessionHeader": ".log.events",
    "LogError": ".log.reader",
    "read_log": ".log.reader",
    "EventLog": ".log.writer",
    "SessionFold": ".session.fold",
    "GuardFlag": ".session.guards",
    "SessionHistory": ".session.guards",
    "check_guards": ".session.guards",
    "NotNow": ".session.config",
    "Resume": ".session.config",
    "SessionConfig": ".session.config",
    "SessionOutcome": ".session.config",
    "Session": ".session.loop",
    "ParseFailure": ".reply.parsing",
    "ParseResult": ".reply.parsing",
    "Repair": ".reply.parsing",
    "parse_reply": ".reply.parsing",
    "ScriptedPolicy": ".session.policy",
    "Split": ".reply.reasoning",
    "ThinkSplitter": ".reply.reasoning",
    "split_reasoning": ".reply.reasoning",
    "RULES": ".risk.classify",
    "RiskVerdict": ".risk.classify",
    "Rule": ".risk.classify",
    "classify": ".risk.classify",
    "FileDiff": ".files.diffs",
    "diff_texts": ".files.diffs",
    "Checkpoint": ".files.workspace",
    "NetChanges": ".files.workspace",
    "PathEscape": ".files.workspace",
    "Workspace": ".files.workspace",
    "WorkspaceError": ".files.workspace",
}

__all__ = [
    "Action", "check_guards", "Checkpoint", "Choice", "classify", "CommandResult", "Decider",
    "describe_vocabulary", "diff_texts", "Done", "EditAction", "EditError", "EditPreview", "EventLog", "FileDiff", "GuardFlag",
    "InsertLines", "KINDS", "ListDir", "LogError", "NetChanges", "NotNow", "parse_reply", "ParseFailure", "ParseResult",
    "PathEscape", "preview_edit", "Proposal", "read_log", "ReadFile", "Repair", "ReplaceLines", "ReplaceText", "Resume",
    "RiskVerdict", "Rule", "RULES", "run_command", "RunCommand", "ScriptedPolicy", "Session", "SessionConfig",
    "SessionFold", "SessionHeader", "SessionHistory", "SessionOutcome", "Split", "split_reasoning",
    "ThinkSplitter", "vocabulary", "vocabulary_schema", "Workspace", "WorkspaceError", "WriteFile",
]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home, __name__), name)
    globals()[name] = value  # once: the next use is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
