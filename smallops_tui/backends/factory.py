"""One place that makes a backend from its name, a URL and a model name (`run`, `bench`, `models`
and `doctor` all come through here): the registry (backend_names.py) says which module is that
backend, and its `KIND` makes it."""

from __future__ import annotations

from .kind import backend_kind
from .protocol import ServingBackend


def make_backend(kind: str, url: str | None = None, model: str = "") -> ServingBackend:
    """A backend of `kind` (not yet connected: discovery is the caller's). For one that runs here,
    `url` may name a model file; DiscoveryError with the choices when nothing usable is named,
    ValueError for a name the registry does not have."""
    return backend_kind(kind).make(url, model)
