"""What the front ends ask of a backend beyond what the session asks (agent/reply/backend.py):
the capabilities, as runtime-checkable Protocols, and `ServingBackend`, what every backend of
this package offers (the type of the backend `launch.prepare` returns).

A capability only some backends have is asked with `isinstance(backend, Capability)`, never by
probing an attribute's name: a stand-in (a test's, a benchmark's wrapper) that lacks it is
simply without it.
"""

from __future__ import annotations

from typing import Protocol, Self, runtime_checkable

from ..agent.reply.backend import Backend, SwitchesModels
from .base import BackendInfo, ModelInfo

__all__ = ["BackendInfo", "Closes", "Describes", "ListsModels", "Plans", "ServingBackend", "TracksLoading",
           "backend_info"]


@runtime_checkable
class Describes(Protocol):
    def info(self) -> BackendInfo:
        """What to call the backend and what it serves (the status bar, the log's header)."""
        ...


def backend_info(backend: object) -> BackendInfo:
    """What a backend says it is; a stand-in that does not say (a test's, a plug-in's) is unnamed."""
    return backend.info() if isinstance(backend, Describes) else BackendInfo(kind="", url="", model="")


@runtime_checkable
class ListsModels(Protocol):
    async def list_models(self) -> list[ModelInfo]:
        """The models it serves; DiscoveryError (a sentence) when they cannot be listed."""
        ...


@runtime_checkable
class Closes(Protocol):
    async def aclose(self) -> None:
        """Close its connections, or end the engine's process."""
        ...


@runtime_checkable
class TracksLoading(Protocol):
    """A server that loads models on demand and says which are in memory (Ollama): the next
    request to one that is not waits for the load, which the app says instead of looking stalled."""

    needs_load: bool

    async def running(self) -> set[str] | None: ...


@runtime_checkable
class Plans(Protocol):
    """A backend whose grammar can say whether it allows a free-text plan before the action (the
    `plan` lever): only the embedded model's grammar can."""

    plans: bool


@runtime_checkable
class ServingBackend(Backend, SwitchesModels, Describes, ListsModels, Closes, Protocol):
    """What every backend here offers: streaming, a model to name, whether it switches, what it
    is, its models, and closing (also as `async with`)."""

    base_url: str  # the server's URL; the backend's name for one that runs here

    async def __aenter__(self) -> Self: ...

    async def __aexit__(self, *exc: object) -> None: ...
