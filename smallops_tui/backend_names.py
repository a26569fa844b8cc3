"""The registry of backends: one line each, and the only place their names are listed. What the
command line's flags, the settings, `auto` and the fork dialog offer is read from here; what a
backend does is its own module's (`module`, which defines `KIND`: backends/kind.py's `BackendKind`).

Nothing is imported here, the way mini-swe-agent maps a model class's name to its dotted path: the
parser and the settings need the names on every start, and a server's user needs none of the
embedded engine."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BackendEntry:
    name: str
    module: str  # the module that is the backend (it defines KIND)
    title: str  # how a sentence names it
    serves: str  # --backend's help: what it is
    url: str  # --url's help: what the URL is for it
    discovery: str  # the progress line while discovery waits ({where}: " at URL" when one is given)


BACKENDS: tuple[BackendEntry, ...] = (
    BackendEntry("ollama", "smallops_tui.backends.ollama", "Ollama", "native /api",
                 "default: $OLLAMA_HOST or http://127.0.0.1:11434", "asking Ollama{where} for its models"),
    BackendEntry("openai", "smallops_tui.backends.openai", "an OpenAI-compatible server",
                 "any OpenAI-compatible server (llama.cpp, vLLM, LM Studio)", "default: http://127.0.0.1:8080",
                 "asking the server{where} for its models"),
    BackendEntry("embedded", "smallops_tui.backends.embedded", "the embedded model",
                 "the small model installed with the embedded extra", "a GGUF file instead of the bundled one",
                 "finding the embedded model"),
)
AUTO = "auto"
# What `auto` tries, in order: each server that answers (and can serve), else the last, which runs here.
AUTO_ORDER: tuple[str, ...] = ("ollama", "embedded")


def names() -> list[str]:
    return [entry.name for entry in BACKENDS]


def choices() -> list[str]:
    """What --backend and the `backend` setting take."""
    return [AUTO, *names()]


def entry(name: str) -> BackendEntry:
    """The registry's line for `name`; ValueError naming the choices for an unknown one."""
    found = next((e for e in BACKENDS if e.name == name), None)
    if found is None:
        raise ValueError(f"unknown backend {name!r}; choose one of: {', '.join(names())}")
    return found


def backend_help(auto: bool = True) -> str:
    """--backend's help: `auto` (when offered) and what each backend is."""
    first, *_, last = (entry(name) for name in AUTO_ORDER)
    head = f"{AUTO} (default): {first.title} if it answers, else {last.title}; " if auto else ""
    lines = [f"{e.name}: {e.serves}" + (" (default)" if not auto and e is BACKENDS[0] else "") for e in BACKENDS]
    return head + "; ".join(lines)


def url_help() -> str:
    return "server URL (" + "; ".join(f"{e.name}: {e.url}" for e in BACKENDS) + ")"


def discovery_text(name: str, url: str | None) -> str:
    """What discovery waits for, in words, for the progress line."""
    where = f" at {url}" if url else ""
    if name == AUTO:
        return f"looking for {entry(AUTO_ORDER[0]).title}{where}"
    return entry(name).discovery.format(where=where)
