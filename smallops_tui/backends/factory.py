"""One place that makes a backend from a kind, a URL and a model name (`run`, `bench`, `models`
and `doctor` all come through here)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Literal, overload

from .http import DiscoveryError
from .ollama import OllamaBackend
from .openai import OpenAIBackend
from .protocol import ServingBackend

if TYPE_CHECKING:  # imported when one is made: a server's user needs none of it
    from .embedded import EmbeddedBackend

KINDS = ("ollama", "openai", "embedded")


@overload
def make_backend(kind: Literal["ollama"], url: str | None = None, model: str = "") -> OllamaBackend: ...
@overload
def make_backend(kind: Literal["openai"], url: str | None = None, model: str = "") -> OpenAIBackend: ...
@overload
def make_backend(kind: str, url: str | None = None, model: str = "") -> ServingBackend: ...
def make_backend(kind: str, url: str | None = None, model: str = "") -> ServingBackend:
    """A backend of `kind` (not yet connected: discovery is the caller's). For `embedded`, `url`
    may name a GGUF file; DiscoveryError with the choices when nothing usable is named."""
    if kind == "openai":
        return OpenAIBackend(url, model)
    if kind == "embedded":
        return embedded_backend(url, model)
    if kind != "ollama":
        raise ValueError(f"unknown backend {kind!r}; choose one of: {', '.join(KINDS)}")
    return OllamaBackend(url, model)


def embedded_backend(url: str | None, model: str | None) -> EmbeddedBackend:
    """The embedded backend for `--url` (a GGUF file) or `--model` (a shipped model's name, or a
    GGUF file)."""
    from .embedded import EmbeddedBackend
    from .shipped_models import SHIPPED_MODELS

    if url:
        return EmbeddedBackend(model_path=Path(url).expanduser())
    if not model or model in SHIPPED_MODELS:
        return EmbeddedBackend(model=model or "")
    if model.lower().endswith(".gguf"):
        return EmbeddedBackend(model_path=Path(model).expanduser())
    raise DiscoveryError("model_missing", f"the embedded backend has no model {model!r}: use one of "
                         f"{', '.join(SHIPPED_MODELS)} or the path of a .gguf file")
