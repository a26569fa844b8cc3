"""A fork chosen in replay, made ready to go on live in the same app: the person's settings (the
fork dialog's backend, server and model over them; never the log's server), the backend reached,
the workspace rebuilt after the step in a fresh directory (smallops_tui/forking.py), and what the
live screen starts from. What `smallops run --from LOG --step K` does before its app starts."""

from __future__ import annotations

import asyncio

from ..agent.files.workspace import Workspace, WorkspaceError
from ..agent.history.fork import ForkError
from ..agent.history.replay import Replay
from ..agent.sandbox.confine import SandboxUnavailable, resolve_sandbox
from ..config import ConfigError, load_settings
from ..forking import prepare_fork
from ..launch import LaunchError, new_log_path, prepare_backend
from ..paths import own_dirs_inside
from ..session_setup import session_config
from .screens.live_state import LiveStart
from .screens.replay import ForkRequest


class ForkRefused(Exception):
    """The fork cannot be made, with a sentence saying why."""


async def fork_start(replay: Replay, request: ForkRequest) -> LiveStart:
    """The live session's start for `request` (ForkRefused: a sentence)."""
    h = replay.header
    overrides = {"backend": request.backend or None, "url": request.url or None, "model": request.model or None,
                 "vocabulary": h.vocabulary}
    try:
        settings = load_settings(overrides)
        if settings.model is None and h.model:
            settings = settings.model_copy(update={"model": h.model})
        resolve_sandbox(settings.sandbox, settings.allow_network, tuple(settings.pass_env), settings.bounds())
        prepared = await prepare_backend(settings)
        fork = await asyncio.to_thread(prepare_fork, replay, request.step, None,
                                       prepared.backend.model)
        workspace = Workspace(fork.workspace)
        if holds_own := own_dirs_inside(workspace.root):
            raise ForkError(f"the fork's workspace {workspace.root} would contain smallops's own {holds_own}")
    except (ConfigError, SandboxUnavailable, LaunchError, ForkError, WorkspaceError, OSError) as exc:
        raise ForkRefused(f"the fork was not made: {exc}") from None
    config = session_config(h.task, settings, prepared, first_step=request.step)
    notes = [*prepared.notes, fork.resume.note,
             f"the workspace as it was after step {request.step} is rebuilt in {fork.workspace}"]
    return LiveStart(prepared.backend, workspace, config, backend_label=prepared.label,
                     log_path=new_log_path(h.task or "session"), resume=fork.resume, forked_from=fork.forked_from,
                     notes=[note for note in notes if note])
