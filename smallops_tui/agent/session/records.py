"""The log's first line, and the small records events carry (verdicts, flags, repairs)."""

from __future__ import annotations

from ..log.events import FlagInfo, RepairInfo, SessionHeader, VerdictInfo
from .config import SessionConfig
from .guards import GuardFlag
from ..reply.parsing import Repair
from ..risk.classify import RiskVerdict
from ..files.workspace import Workspace


def make_header(config: SessionConfig, workspace: Workspace, backend_kind: str = "", url: str = "", model: str = "",
                app_version: str = "") -> SessionHeader:
    """Everything needed to know how a session was set up."""
    options: dict[str, object] = dict(config.chat_options)
    options.update(think=config.think, constrained=config.constrained, command_timeout=config.command_timeout,
                   sandbox=config.sandbox, allow_network=config.allow_network)
    # The thinking budget and the context alarm's setup, only when in force (older logs lack them).
    if config.think_budget is not None:
        options["think_budget"] = config.think_budget
    if config.context_window:
        options.update(context_window=config.context_window, context_source=config.context_source)
    if config.context_rule != "off":
        options.update(context_rule=config.context_rule, keep_turns=config.keep_turns)
    if config.levers:
        options["levers"] = list(config.levers)
    return SessionHeader(app_version=app_version, workspace=str(workspace.root), task=config.task, backend=backend_kind,
                         url=url, model=model, options=options, vocabulary=config.vocabulary, step_cap=config.step_cap,
                         approval_mode=config.approval_mode)


def flag_infos(flags: list[GuardFlag]) -> list[FlagInfo]:
    return [FlagInfo(kind=f.kind, message=f.message, step=f.step, names=list(f.names)) for f in flags]


def repair_infos(repairs: list[Repair]) -> list[RepairInfo]:
    return [RepairInfo(kind=r.kind, detail=r.detail, suspicious=r.suspicious) for r in repairs]


def verdict_info(verdict: RiskVerdict) -> VerdictInfo:
    return VerdictInfo(level=verdict.level, rules=list(verdict.rules), reasons=list(verdict.reasons),
                       refused=verdict.refused)
