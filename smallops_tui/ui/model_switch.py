"""Switching the model mid-session from the command palette: the server's models as a list,
the session's own `switch_model` (which logs it) when one is picked.

The list is the backend's `list_models()` (Ollama /api/tags with /api/show, OpenAI-compatible
/v1/models, the embedded backend's one model). Where the backend cannot switch, the palette
entry says why instead of listing anything.
"""

from __future__ import annotations

from typing import Any

from textual.command import SimpleCommand
from textual.markup import escape

from ..agent.session.config import NotNow
from ..agent.session.loop import Session
from ..agent.session.steering import model_switch_refusal
from ..agent.files.visible import visible
from ..backends import DiscoveryError
from ..backends.base import ModelInfo
from ..backends.protocol import ListsModels, TracksLoading

PALETTE_NAME = "Switch model"
PALETTE_HELP = "pick another of the server's models; the next request uses it (the switch is logged)"


def describe(model: ModelInfo) -> str:
    """One line about a model, from what the server said (hostile text: made visible)."""
    parts = [model.parameter_size, model.quantization, model.family]
    if model.context_length:
        parts.append(f"context {model.context_length:,}")
    if "thinking" in model.capabilities:
        parts.append("thinks")
    return visible(" · ".join(part for part in parts if part) or "no details from the server")


async def available_models(backend: object) -> tuple[list[ModelInfo], str | None]:
    """The models to offer, or a sentence saying why there are none."""
    refusal = model_switch_refusal(backend)
    if refusal is not None:
        return [], refusal
    if not isinstance(backend, ListsModels):
        return [], "this backend does not list its models"
    try:
        models = await backend.list_models()
    except DiscoveryError as failure:
        return [], f"the server's models could not be listed: {failure.message}"
    except Exception as exc:  # noqa: BLE001 — a palette entry must never take the app down
        return [], f"the server's models could not be listed ({type(exc).__name__}: {exc})"
    if not models:
        return [], "the server lists no models"
    return models, None


def switch(session: Session, model: ModelInfo) -> str:
    """Switch the session to `model`; what to tell the person. NotNow/ValueError pass through."""
    thinks = ("thinking" in model.capabilities) if model.capabilities else None
    if not session.controls.switch_model(model.name, forced_think=model.forced_think, thinks=thinks):
        return f"{visible(model.name)} is the model already"
    streaming = session.state == "streaming"
    return (f"model: {visible(model.name)}" + (" from the next turn (this reply finishes with the old one)"
                                               if streaming else " from the next request"))


async def mark_cold_load(backend: object, model: str) -> None:
    """Ollama answers a model not in memory only once it is loaded: say so before the next
    request (as discovery does at start) instead of letting it look like a stall."""
    if not isinstance(backend, TracksLoading):
        return
    try:
        loaded = await backend.running()
    except Exception:  # noqa: BLE001 — only a hint is lost
        return
    if loaded is not None and model not in loaded:
        backend.needs_load = True


def commands(models: list[ModelInfo], current: str, pick: Any) -> list[SimpleCommand]:
    """The palette's list: one entry per model, the current one marked."""
    # The palette reads a command's name and help as markup: a server's `[b]x` is escaped to show as it is.
    return [SimpleCommand(escape(visible(m.name)) + ("  (current)" if m.name == current else ""),
                          lambda m=m: pick(m), escape(describe(m))) for m in models]


__all__ = ["NotNow", "PALETTE_HELP", "PALETTE_NAME", "available_models", "commands", "describe", "mark_cold_load",
           "switch"]
