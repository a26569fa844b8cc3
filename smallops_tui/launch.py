"""Choosing and preparing a backend for a session, before any screen is drawn.

A named backend prepares itself (its module's `KIND`, backends/kind.py). `auto` tries the servers
of the registry's AUTO_ORDER that answer, in turn, and otherwise the last of it (the model that
runs here); every way this can fail is a sentence (LaunchError), never a traceback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from .agent.session.context import ContextWindow
from .backend_names import AUTO, AUTO_ORDER, entry
from .backends.kind import FallsBack, LaunchError, Prepared, Wanted, backend_kind
from .backends.model_file import Progress
from .config import Settings
from .paths import first_free, sessions_dir

__all__ = ["Choice", "LaunchError", "Prepared", "choose_backend", "context_for", "new_log_path", "prepare_backend"]


def context_for(settings: Settings, prepared: Prepared) -> ContextWindow | None:
    """The window the context alarm measures against: `--context N` (the `context` setting) over
    what discovery found."""
    if settings.context:
        return ContextWindow(settings.context, "--context")
    return prepared.context


async def prepare_backend(settings: Settings, progress: Progress | None = None) -> Prepared:
    """The backend a session or a bench uses; `progress` hears how a model file is assembled
    (once) or checked before anything loads it."""
    wanted = Wanted(settings.url, settings.model, settings.think, settings.num_ctx)
    notes: list[str] = []
    if settings.backend != AUTO:
        return await backend_kind(settings.backend).prepare(wanted, notes, progress)
    *servers, last = AUTO_ORDER
    whys = []
    for name in servers:
        kind = backend_kind(name)
        why = await kind.why_not(settings.url)
        if why is None:
            try:
                return await kind.prepare(wanted, notes, progress)
            except LaunchError as exc:
                why = f"{entry(name).title} answers but cannot be used ({exc})"
        whys.append(why)
    fallback = backend_kind(last)
    assert isinstance(fallback, FallsBack), f"the last of AUTO_ORDER ({last}) must say how it falls back"
    return await fallback.fall_back("; ".join(whys), wanted, notes, progress)


@dataclass(frozen=True)
class Choice:
    """The backend `run` would use with some settings, for `doctor` and `models` to look at."""

    kind: str  # a name of the registry (backend_names.py)
    url: str | None
    model: str | None
    note: str = ""  # how `auto` chose it, when it did not take the first server


async def choose_backend(settings: Settings) -> Choice:
    """Resolve `auto` exactly as `run` does (a server if one answers and can serve, else the model
    that runs here); LaunchError when `run` could not start either."""
    if settings.backend != AUTO:
        return Choice(settings.backend, settings.url, settings.model)
    prepared = await prepare_backend(settings)
    await prepared.backend.aclose()
    if prepared.label != AUTO_ORDER[-1]:
        return Choice(prepared.label, settings.url, settings.model)
    return Choice(prepared.label, None, settings.model, prepared.notes[-1] if prepared.notes else "")


def new_log_path(task: str, directory: Path | None = None) -> Path:
    directory = directory or sessions_dir()
    slug = re.sub(r"[^a-z0-9]+", "-", task.lower()).strip("-")[:40] or "session"
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return first_free(lambda suffix: directory / f"{stamp}-{slug}{suffix}.jsonl")
