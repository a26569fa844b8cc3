"""The one place a session is set up, for the TUI and the bench alike: the log's header from the
session's settings and what the backend says it is, and the log's path. The session itself opens
and closes its log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import __version__
from .agent.session.decisions import Decider
from .agent.session.records import make_header
from .agent.session.loop import Resume, Session, SessionConfig
from .agent.files.workspace import Workspace
from .backends.base import BackendInfo, backend_info


def new_session(backend: Any, workspace: Workspace, config: SessionConfig, decider: Decider, *,
                log_path: Path | None = None, app_version: str = __version__,
                info: BackendInfo | None = None, session_type: type[Session] = Session,
                resume: Resume | None = None, forked_from: dict[str, Any] | None = None,
                **session_options: Any) -> Session:
    """A session ready to `run()`. The log's header names the backend as `info` says, or as the
    backend itself says (`info()`). `session_type` is a Session subclass (the bench's levers), given
    `session_options` besides."""
    info = info or backend_info(backend)
    header = make_header(config, workspace, info.kind, info.url, info.model, app_version)
    header.forked_from = forked_from
    return session_type(backend, workspace, config, decider, log_path, header=header, resume=resume,
                        **session_options)
