"""What the core asks of a backend, as Protocols in one place (the way mini-swe-agent names its
Model): what every backend must do, and the capabilities only some have.

- `ChatStream`: one streamed reply per request. The whole of what a reply's reader needs.
- `Backend`: a `ChatStream` that names the model it asks. A switch changes `model` between
  requests; a session needs nothing more.
- `SwitchesModels`: a backend that says whether it can switch models mid-session (the embedded
  model cannot; a server can). One that does not say is not switched.

The capabilities are runtime-checkable, so a caller asks `isinstance(backend, SwitchesModels)`
instead of probing attribute names. The backends (smallops_tui/backends/) satisfy these without
importing them; what only the front ends ask of a backend (its description, its models, its
loaded models, closing it) is typed beside the backends, in backends/protocol.py.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Protocol, runtime_checkable

from .stream import StreamEvent

__all__ = ["Backend", "ChatStream", "SwitchesModels"]


@runtime_checkable
class ChatStream(Protocol):
    """What a session needs of a model server: one streamed reply per request. `options` are the
    request's settings (think, forced_think, schema, temperature, ...); a backend refuses none."""

    def stream_chat(self, messages: list[dict[str, str]], **options: object) -> AsyncIterator[StreamEvent]: ...


@runtime_checkable
class Backend(ChatStream, Protocol):
    """A backend as the session uses it: it streams replies, and names the model it asks (which a
    switch changes between requests)."""

    model: str


@runtime_checkable
class SwitchesModels(Protocol):
    def model_switch_refusal(self) -> str | None:
        """Why the model cannot be switched mid-session, or None when it can."""
        ...

