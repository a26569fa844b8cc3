"""The one place a session is set up, for the TUI, rerun and the bench alike: its settings
(`SessionConfig`) from the person's settings and what discovery found, and the log's header from
them and what the backend says it is. The session itself opens and closes its log."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import __version__
from .agent.reply.backend import Backend
from .agent.session.decisions import Decider
from .agent.session.config import Continuation, Resume, SessionConfig
from .agent.session.levers import Levers, chat_options
from .agent.session.loop import Session
from .agent.session.records import make_header
from .agent.files.workspace import Workspace
from .agent.log.events import SessionHeader
from .backends.base import BackendInfo
from .backends.protocol import Plans, backend_info
from .lever_names import GRAMMAR_LEVERS
from .launch import context_for

if TYPE_CHECKING:
    from .config import Settings
    from .launch import Prepared


def session_config(task: str, settings: Settings, prepared: Prepared | None = None, *, first_step: int = 0,
                   **fixed: Any) -> SessionConfig:
    """The session's settings from the merged `settings` and what discovery found (`prepared`: the
    thinking it allows, the context window). A fork's step cap counts from the step it was forked at
    (`first_step`). `fixed` names the fields a caller takes from elsewhere: a rerun from its log, the
    bench from its flags."""
    window = context_for(settings, prepared) if prepared is not None else None
    config = SessionConfig(
        task=task, vocabulary=settings.vocabulary, step_cap=settings.step_cap + first_step,
        constrained=settings.constrained, think=prepared.think if prepared is not None else False,
        forced_think=prepared.forced_think if prepared is not None else False,
        command_timeout=settings.command_timeout, sandbox=settings.sandbox, allow_network=settings.allow_network,
        pass_env=tuple(settings.pass_env), bounds=settings.bounds(),
        chat_options={k: v for k, v in (("temperature", settings.temperature), ("num_ctx", settings.num_ctx))
                      if v is not None},
        think_budget=settings.think_budget, context_window=window.tokens if window else None,
        context_source=window.source if window else "", context_rule=settings.context_rule,
        keep_turns=settings.keep_turns, approval_mode=settings.approval, levers=settings.lever_names())
    return replace(config, **fixed) if fixed else config


def with_levers(config: SessionConfig, workspace: Workspace, backend: object) -> SessionConfig:
    """The levers this backend can honour, and the request options they set (a token cap sized to
    the workspace, the plan's room), so the log's header records what each request really sent.
    `plan` and `fenced` need a grammar that allows free text outside the JSON (the embedded backend's)."""
    grammar_free_text = isinstance(backend, Plans) and backend.plans
    levers = tuple(name for name in config.levers if name not in GRAMMAR_LEVERS or grammar_free_text)
    return replace(config, levers=levers, chat_options=chat_options(levers, workspace, config.chat_options))


def new_session(backend: Backend, workspace: Workspace, config: SessionConfig, decider: Decider, *,
                log_path: Path | None = None, app_version: str = __version__,
                info: BackendInfo | None = None, resume: Resume | None = None,
                forked_from: dict[str, Any] | None = None, header: SessionHeader | None = None,
                continuation: Continuation | None = None) -> Session:
    """A session ready to `run()`, or (`continuation`, with its log's `header`) a logged one ready to
    go on with `follow_up(task)`. A new log's header names the backend as `info` says, or as the
    backend itself says (`info()`). The session holds the levers of `config` that the backend can
    honour, as its levers part."""
    info = info or backend_info(backend)
    config = with_levers(config, workspace, backend)
    if header is None:
        header = make_header(config, workspace, info.kind, info.url, info.model, app_version)
        header.forked_from = forked_from
    return Session(backend, workspace, config, decider, log_path, header=header, resume=resume,
                   levers=Levers(config, workspace), continuation=continuation)
