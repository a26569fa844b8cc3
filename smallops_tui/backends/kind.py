"""What a backend module says about itself to the rest of the app: `BackendKind`, the object each
backend module defines as `KIND` (registered by one line of backend_names.py). It makes the
backend, prepares it for a session (discovery: its model, whether it thinks, its context window),
says whether a server answers (for `auto`), and speaks for it in `smallops doctor`.

The defaults are those of a plain server; a backend overrides what it does otherwise."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from ..agent.session.context import ContextWindow
from ..backend_names import entry
from .base import ModelInfo
from .http import DiscoveryError
from .model_file import Progress
from .protocol import ServingBackend

B = TypeVar("B", bound=ServingBackend)


class LaunchError(RuntimeError):
    """The session cannot start; the message says what to do."""


@dataclass(frozen=True)
class Wanted:
    """What the settings ask of a backend (the flags, the config file, the environment)."""

    url: str | None = None
    model: str | None = None
    think: bool | str | None = False
    num_ctx: int | None = None


@dataclass
class Prepared:
    backend: ServingBackend
    label: str
    think: bool | str | None
    forced_think: bool = False
    notes: list[str] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)  # digest or file, quantization: for bench records
    context: ContextWindow | None = None  # the model's context window, as discovered (backends/context_window.py)
    parallel: bool = True  # it answers several requests at once (bench --parallel)


class BackendKind(Generic[B]):
    """A backend, as the app asks for one by name."""

    name: str = ""
    # It runs here, no server: it serves the one model it was made with (doctor checks that one,
    # whatever it is called), and its models are those installed (`smallops models` lists them).
    runs_here = False

    @property
    def title(self) -> str:
        return entry(self.name).title

    def make(self, url: str | None, model: str) -> B:
        """The backend (not yet connected: discovery is `prepare`'s)."""
        raise NotImplementedError

    async def prepare(self, wanted: Wanted, notes: list[str], progress: Progress | None) -> Prepared:
        """The backend ready for a session; LaunchError (a sentence) when it cannot serve."""
        raise NotImplementedError

    async def why_not(self, url: str | None) -> str | None:
        """Why `auto` should not try it (nothing answers at the URL), or None."""
        return None

    async def greet(self, backend: B) -> str | None:
        """doctor's first line, once it answers (None: `TITLE answers at URL` after its models are listed)."""
        return None

    async def details(self, backend: B, model: ModelInfo) -> ModelInfo:
        """A listed model's details, where the listing left them out."""
        return model

    def no_models_fix(self) -> str:
        return "load a model in the server"

    def missing_model_fix(self, wanted: str) -> str:
        return f"check the name with `smallops models --backend {self.name}`"

    def thinking(self, model: ModelInfo) -> tuple[bool, bool, str]:
        """(it will think, all is well, the sentence) for doctor."""
        return False, True, "reasoning is read from reasoning/reasoning_content fields and <think> tags if the server sends them"


@runtime_checkable
class FallsBack(Protocol):
    """The backend `auto` takes when no server answers: it says so, and why, in its notes."""

    async def fall_back(self, why: str, wanted: Wanted, notes: list[str], progress: Progress | None) -> Prepared: ...


async def listed_models(backend: ServingBackend, none_message: str) -> list[ModelInfo]:
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


def backend_kind(name: str) -> BackendKind[Any]:
    """The registered backend called `name` (its module is imported now); ValueError for another."""
    kind: BackendKind[Any] = importlib.import_module(entry(name).module).KIND
    return kind
