"""Ollama's native API: `POST /api/chat` streaming NDJSON, plus model discovery.

Facts relied on (recorded server replies in fixtures/streams/ hold them in the tests): `think`
is sent explicitly; reasoning arrives in `message.thinking`, yet inline `<think>` tags in
`message.content` are still split; the final `done:true` chunk can carry text; durations are
nanoseconds; errors before the stream are JSON bodies with a string `error`, and mid-stream an
`{"error": ...}` line ends it.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import httpx

from .base import (
    Failed, Finished, Loading, ModelInfo, StreamEvent, StreamNotice, Usage, count, label, make_options, number, text,
)
from .assembler import Assembler
from .context_window import ollama_window
from .http import BodyLines, DiscoveryError, HttpBackend, StreamFailure, error_body
from ..backend_names import AUTO_ORDER
from .kind import BackendKind, LaunchError, Prepared, Wanted, listed_models
from .model_file import Progress

DEFAULT_URL = "http://127.0.0.1:11434"
SHOW_LIMIT = 64  # models whose details (/api/show) a listing fetches; the rest are named only
SHOW_AT_ONCE = 8  # /api/show requests in flight at once
THINKING_UNSUPPORTED = "does not support thinking"
PROBE_TIMEOUT = 1.5  # `auto` asks whether Ollama answers before it tries it
STARTER_MODEL = "qwen2.5-coder:1.5b"  # what to pull when there is none


def default_url() -> str:
    """OLLAMA_HOST as Ollama itself reads it: host, host:port, or a full URL."""
    host = os.environ.get("OLLAMA_HOST", "").strip()
    if not host:
        return DEFAULT_URL
    if "://" not in host:
        host = "http://" + host
    scheme, rest = host.split("://", 1)
    hostport = rest.split("/", 1)[0]
    if hostport.startswith("0.0.0.0"):
        hostport = "127.0.0.1" + hostport[len("0.0.0.0"):]
    if ":" not in hostport.rsplit("]", 1)[-1]:
        hostport += ":11434"
    return f"{scheme}://{hostport}"


def _seconds(ns: Any) -> float | None:
    value = number(ns)
    return value / 1e9 if value else None


def usage_from_final(chunk: dict[str, Any]) -> Usage:
    eval_count = count(chunk.get("eval_count"))
    eval_seconds = _seconds(chunk.get("eval_duration"))
    rate = eval_count / eval_seconds if eval_count is not None and eval_seconds else None
    return Usage(
        done_reason=label(chunk.get("done_reason")),
        prompt_tokens=count(chunk.get("prompt_eval_count")),
        answer_tokens=eval_count,
        seconds=eval_seconds,
        load_seconds=_seconds(chunk.get("load_duration")),
        tokens_per_second=rate,
    )


class OllamaBackend(HttpBackend):
    kind = "ollama"
    server_name = "Ollama"
    protocol_name = "an Ollama"

    def unreachable(self, exc: Exception) -> str:
        return (f"no Ollama at {self.base_url} — start it with `ollama serve`, or choose another backend "
                f"({type(exc).__name__})")

    def __init__(self, base_url: str | None = None, model: str = "", client: httpx.AsyncClient | None = None) -> None:
        super().__init__((base_url or default_url()).rstrip("/"), model, client)
        # True when discovery found the model not in memory: the first request is a cold load,
        # which Ollama answers only once it is done (minutes, for a big model on a slow disk).
        self._needs_load = False

    @property
    def needs_load(self) -> bool:
        return self._needs_load

    @needs_load.setter
    def needs_load(self, value: bool) -> None:
        self._needs_load = value

    def request_body(self, messages: list[dict[str, str]], opts: Any, think: bool) -> dict[str, Any]:
        options: dict[str, Any] = {"temperature": opts.temperature}
        for name in ("num_ctx", "seed", "num_predict"):
            if getattr(opts, name) is not None:
                options[name] = getattr(opts, name)
        body: dict[str, Any] = {"model": self.model, "messages": messages, "stream": True, "options": options}
        if think:
            body["think"] = opts.think
        if opts.schema is not None:
            body["format"] = opts.schema
        if opts.keep_alive is not None:
            body["keep_alive"] = opts.keep_alive
        return body

    async def stream_chat(self, messages: list[dict[str, str]], **options: Any) -> AsyncIterator[StreamEvent]:
        opts = make_options(**options)
        if self.needs_load:
            self.needs_load = False
            yield Loading(f"Ollama is loading {self.model} into memory (the first answer waits for it)…")
        send_think = opts.think is not None
        for attempt in (1, 2):
            body = self.request_body(messages, opts, think=send_think)
            retry = False
            async for event in self._one_request(body, opts):
                if (isinstance(event, Failed) and event.error.status == 400
                        and THINKING_UNSUPPORTED in event.error.message and send_think and attempt == 1):
                    retry = True
                    break
                yield event
            if not retry:
                return
            send_think = False
            yield StreamNotice(f"{self.model} does not support thinking; asked again without `think`")

    def _one_request(self, body: dict[str, Any], opts: Any) -> AsyncIterator[StreamEvent]:
        return self._stream(f"{self.base_url}/api/chat", body, opts)

    async def _read(self, response: httpx.Response, lines: BodyLines, assembler: Assembler,
                    opts: Any) -> AsyncIterator[StreamEvent]:
        if response.status_code != 200:
            raise await self._refusal(response)
        content_type = response.headers.get("content-type", "")
        started = time.monotonic()
        bad_lines = 0
        async for line in lines:
            if not line.strip():
                continue
            try:
                chunk = json.loads(line)
            except (ValueError, RecursionError):  # a JSONDecodeError, a 5,000-digit number, or nesting thousands deep
                bad_lines += 1
                yield StreamNotice(f"skipped a line that is not JSON: {line[:60]!r}")
                continue
            if not isinstance(chunk, dict):
                bad_lines += 1
                yield StreamNotice(f"skipped a line that is JSON but not an object: {line[:60]!r}")
                continue
            if "error" in chunk:
                raise StreamFailure("stream_error", f"Ollama reported an error mid-stream: {chunk['error']}")
            message = chunk.get("message") or {}
            if isinstance(message, dict):
                for event in assembler.thinking(text(message.get("thinking"))):
                    yield event
                for event in assembler.content(text(message.get("content"))):
                    yield event
            if chunk.get("done"):
                for event in assembler.close():
                    yield event
                usage = usage_from_final(chunk)
                if usage.seconds is None:
                    usage = Usage(**{**usage.__dict__, "seconds": time.monotonic() - started})
                yield Finished(usage, assembler.content_text, assembler.thinking_text)
                return
        if content_type.startswith("application/json") and bad_lines == 0 and not assembler.content_text:
            raise StreamFailure("bad_response", "Ollama answered with a single JSON object instead of a stream")
        for event in assembler.close():
            yield event
        raise StreamFailure("dropped", "the stream ended before Ollama said it was done; the partial reply is kept")

    async def _refusal(self, response: httpx.Response) -> StreamFailure:
        """Why Ollama did not stream (a status before the stream), as a failure to raise."""
        message = await error_body(response)
        if response.status_code == 404:
            return StreamFailure("model_missing", f"Ollama has no model {self.model!r} — run `ollama pull {self.model}`"
                                 f" (server said: {message})", 404)
        if response.status_code == 400 and THINKING_UNSUPPORTED in message:
            return StreamFailure("thinking_unsupported", message, 400)
        return StreamFailure("http_error", f"Ollama answered {response.status_code}: {message}", response.status_code)

    # -- discovery --------------------------------------------------------------------------

    async def version(self) -> str:
        data = await self._get_json("GET", "/api/version")
        return str(data.get("version", "?"))

    async def running(self) -> set[str] | None:
        """The models Ollama has in memory now (`/api/ps`), or None if it cannot say."""
        loaded = await self.loaded_contexts()
        return set(loaded) if loaded is not None else None

    async def loaded_contexts(self) -> dict[str, int | None] | None:
        """The models in memory now (`/api/ps`) with the context each was loaded with (its
        `context_length`, the runner's num_ctx), or None if Ollama cannot say."""
        try:
            data = await self._get_json("GET", "/api/ps")
        except DiscoveryError:
            return None
        models = data.get("models")
        return {str(m.get("name") or m.get("model")): count(m.get("context_length")) or None
                for m in (models if isinstance(models, list) else []) if isinstance(m, dict)}

    async def list_models(self) -> list[ModelInfo]:
        """The server's models (/api/tags), each with its details (/api/show) for the first
        SHOW_LIMIT, SHOW_AT_ONCE at a time: one request each, in sequence, made 10,000 models
        take minutes. The rest are listed with what /api/tags says (`shown` False)."""
        data = await self._get_json("GET", "/api/tags")
        entries = data.get("models")
        named = [(name, entry) for entry in (entries if isinstance(entries, list) else []) if isinstance(entry, dict)
                 for name in [text(entry.get("name")) or text(entry.get("model"))] if name]
        at_once = asyncio.Semaphore(SHOW_AT_ONCE)

        async def detailed(name: str, entry: dict[str, Any]) -> ModelInfo:
            async with at_once:
                try:
                    return await self.show(name, entry)
                except DiscoveryError:
                    return _model_info(name, entry, {})

        shown = await asyncio.gather(*(detailed(name, entry) for name, entry in named[:SHOW_LIMIT]))
        rest = [replace(_model_info(name, entry, {}), shown=False) for name, entry in named[SHOW_LIMIT:]]
        return [*shown, *rest]

    async def show(self, name: str, tag_entry: dict[str, Any] | None = None) -> ModelInfo:
        try:
            data = await self._get_json("POST", "/api/show", {"model": name})
        except DiscoveryError as failure:
            if failure.status == 404:
                raise DiscoveryError("model_missing", f"Ollama has no model {name!r} — run `ollama pull {name}`", 404) from None
            raise
        return _model_info(name, tag_entry or {}, data)


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _parameter(parameters: str, name: str) -> int | None:
    """A whole-number Modelfile parameter from /api/show's `parameters` text ("num_ctx  8192")."""
    for line in parameters.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == name and parts[1].isdigit():
            return int(parts[1]) or None
    return None


def _model_info(name: str, tag: dict[str, Any], show: dict[str, Any]) -> ModelInfo:
    """What /api/tags and /api/show say of a model; a field of the wrong type counts as absent."""
    details = {**_mapping(tag.get("details")), **_mapping(show.get("details"))}
    info = _mapping(show.get("model_info"))
    context = next((count(v) for k, v in info.items() if str(k).endswith(".context_length") and count(v)), None)
    capabilities = show.get("capabilities")
    return ModelInfo(
        name=name,
        capabilities=tuple(c for c in capabilities if isinstance(c, str)) if isinstance(capabilities, list) else (),
        context_length=context,
        size=count(tag.get("size")),
        digest=text(tag.get("digest")) or None,
        family=text(details.get("family")) or None,
        parameter_size=text(details.get("parameter_size")) or None,
        quantization=text(details.get("quantization_level")) or None,
        forced_think=text(show.get("template")).rstrip().endswith("<think>"),
        num_ctx=_parameter(text(show.get("parameters")), "num_ctx"),
        details=details,
    )


class OllamaKind(BackendKind[OllamaBackend]):
    name = OllamaBackend.kind

    def make(self, url: str | None, model: str) -> OllamaBackend:
        return OllamaBackend(url, model)

    async def why_not(self, url: str | None) -> str | None:
        base = OllamaBackend(url).base_url
        try:
            async with httpx.AsyncClient(timeout=PROBE_TIMEOUT, trust_env=False) as client:
                response = await client.get(base + "/api/version")
            if response.status_code == 200:
                return None
        except httpx.HTTPError:
            pass
        return f"no Ollama at {base}"

    async def prepare(self, wanted: Wanted, notes: list[str], progress: Progress | None) -> Prepared:
        """The model asked for (or the first listed), whether it thinks, its context window, and
        whether it is loaded (the first answer then waits for the load, which the app says)."""
        backend = self.make(wanted.url, wanted.model or "")
        models = await listed_models(backend, f"Ollama has no models — `ollama pull {STARTER_MODEL}`, or use "
                                              f"--backend {AUTO_ORDER[-1]}")
        chosen = next((m for m in models if wanted.model in (m.name, f"{m.name}:latest", m.name.split(":")[0])),
                      None) if wanted.model else models[0]
        if chosen is None:
            await backend.aclose()
            raise LaunchError(f"Ollama has no model {wanted.model!r} — `ollama pull {wanted.model}` "
                              f"(it has: {', '.join(m.name for m in models[:8])})")
        backend.model = chosen.name
        if not chosen.shown:  # past the listing's bound: its details now (thinking, context)
            try:
                chosen = await backend.show(chosen.name)
            except DiscoveryError as failure:
                await backend.aclose()
                raise LaunchError(failure.message) from None
        if not wanted.model:
            notes.append(f"no model configured; using {chosen.name} (set one with --model)")
        thinks = "thinking" in chosen.capabilities
        loaded = await backend.loaded_contexts()
        backend.needs_load = loaded is not None and chosen.name not in loaded
        context = ollama_window(wanted.num_ctx, chosen.num_ctx, (loaded or {}).get(chosen.name), chosen.context_length)
        details = {"digest": chosen.digest, "quantization": chosen.quantization, "parameter_size": chosen.parameter_size}
        await backend.aclose()  # discovery's kept-alive connections must not outlive this event loop
        return Prepared(backend, self.name, wanted.think if thinks else False, chosen.forced_think, notes, details,
                        context)

    async def greet(self, backend: OllamaBackend) -> str | None:
        return f"Ollama {await backend.version()} answers at {backend.base_url}"

    async def details(self, backend: OllamaBackend, model: ModelInfo) -> ModelInfo:
        return model if model.shown else await backend.show(model.name)  # past the listing's bound

    def no_models_fix(self) -> str:
        return f"`ollama pull {STARTER_MODEL}`"

    def missing_model_fix(self, wanted: str) -> str:
        return f"`ollama pull {wanted}`"

    def thinking(self, model: ModelInfo) -> tuple[bool, bool, str]:
        if "thinking" in model.capabilities:
            return True, True, f"{model.name} can think: its reasoning will stream live"
        return False, False, f"{model.name} has no thinking capability: sessions run with think off"


KIND = OllamaKind()
