"""Ollama's native API: `POST /api/chat` streaming NDJSON, plus model discovery.

Facts relied on (../shared/reference/protocols.md §1): `think` is sent explicitly; reasoning
arrives in `message.thinking`, yet inline `<think>` tags in `message.content` are still split;
the final `done:true` chunk can carry text; durations are nanoseconds; errors before the
stream are JSON bodies with a string `error`, and mid-stream an `{"error": ...}` line ends it.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import AsyncIterator
from typing import Any

import httpx

from .base import ModelInfo, StreamEvent, Usage, error_event, make_options
from .http import (
    Assembler, StreamFailure, describe_connect_error, error_message, lines_with_timeouts, make_client, open_stream,
)

DEFAULT_URL = "http://127.0.0.1:11434"
THINKING_UNSUPPORTED = "does not support thinking"


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
    return ns / 1e9 if isinstance(ns, (int, float)) and ns > 0 else None


def usage_from_final(chunk: dict[str, Any]) -> Usage:
    eval_count = chunk.get("eval_count")
    eval_seconds = _seconds(chunk.get("eval_duration"))
    rate = eval_count / eval_seconds if isinstance(eval_count, int) and eval_seconds else None
    return Usage(
        done_reason=chunk.get("done_reason") or None,
        prompt_tokens=chunk.get("prompt_eval_count"),
        answer_tokens=eval_count,
        seconds=eval_seconds,
        load_seconds=_seconds(chunk.get("load_duration")),
        tokens_per_second=rate,
    )


class OllamaBackend:
    kind = "ollama"

    def __init__(self, base_url: str | None = None, model: str = "", client: httpx.AsyncClient | None = None) -> None:
        self.base_url = (base_url or default_url()).rstrip("/")
        self.model = model
        self._client = client
        self.last_request: dict[str, Any] | None = None

    @property
    def client(self) -> httpx.AsyncClient:
        if self._client is None:
            self._client = make_client()
        return self._client

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def __aenter__(self) -> OllamaBackend:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

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
        send_think = opts.think is not None
        for attempt in (1, 2):
            body = self.request_body(messages, opts, think=send_think)
            retry = False
            async for event in self._one_request(body, opts):
                if (event.kind == "error" and event.error is not None and event.error.status == 400
                        and THINKING_UNSUPPORTED in event.error.message and send_think and attempt == 1):
                    retry = True
                    break
                yield event
            if not retry:
                return
            send_think = False
            yield StreamEvent("notice", f"{self.model} does not support thinking; asked again without `think`")

    async def _one_request(self, body: dict[str, Any], opts: Any) -> AsyncIterator[StreamEvent]:
        self.last_request = body
        assembler = Assembler(forced_think=opts.forced_think)
        url = f"{self.base_url}/api/chat"
        try:
            async with open_stream(self.client, url, body, opts.first_byte_timeout) as response:
                async for event in self._read(response, assembler, opts):
                    yield event
        except StreamFailure as failure:
            yield error_event(failure.kind, failure.message, failure.status,  # type: ignore[arg-type]
                              assembler.content_text, assembler.thinking_text)
        except httpx.ConnectError as exc:
            yield error_event("unreachable", describe_connect_error("ollama", self.base_url, exc))
        except (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError) as exc:
            yield error_event("dropped", f"the connection to Ollama broke mid-stream ({type(exc).__name__}); "
                              "the partial reply is kept", None, assembler.content_text, assembler.thinking_text)
        except httpx.HTTPError as exc:
            yield error_event("http_error", f"talking to Ollama failed: {type(exc).__name__}: {exc}")

    async def _read(self, response: httpx.Response, assembler: Assembler, opts: Any) -> AsyncIterator[StreamEvent]:
        if response.status_code != 200:
            raw = await response.aread()
            message = error_message(raw)
            if response.status_code == 404:
                raise StreamFailure("model_missing", f"Ollama has no model {self.model!r} — run `ollama pull {self.model}`"
                                    f" (server said: {message})", 404)
            if response.status_code == 400 and THINKING_UNSUPPORTED in message:
                raise StreamFailure("thinking_unsupported", message, 400)
            raise StreamFailure("http_error", f"Ollama answered {response.status_code}: {message}", response.status_code)
        content_type = response.headers.get("content-type", "")
        started = time.monotonic()
        bad_lines = 0
        async for line in lines_with_timeouts(response, opts.first_byte_timeout, opts.idle_timeout):
            if not line.strip():
                continue
            try:
                chunk = json.loads(line)
            except json.JSONDecodeError:
                bad_lines += 1
                yield StreamEvent("notice", f"skipped a line that is not JSON: {line[:60]!r}")
                continue
            if not isinstance(chunk, dict):
                bad_lines += 1
                continue
            if "error" in chunk:
                raise StreamFailure("stream_error", f"Ollama reported an error mid-stream: {chunk['error']}")
            message = chunk.get("message") or {}
            if isinstance(message, dict):
                for event in assembler.thinking(str(message.get("thinking") or "")):
                    yield event
                for event in assembler.content(str(message.get("content") or "")):
                    yield event
            if chunk.get("done"):
                for event in assembler.close():
                    yield event
                usage = usage_from_final(chunk)
                if usage.seconds is None:
                    usage = Usage(**{**usage.__dict__, "seconds": time.monotonic() - started})
                yield StreamEvent("finished", usage=usage, content=assembler.content_text, thinking=assembler.thinking_text)
                return
        if content_type.startswith("application/json") and bad_lines == 0 and not assembler.content_text:
            raise StreamFailure("bad_response", "Ollama answered with a single JSON object instead of a stream")
        for event in assembler.close():
            yield event
        raise StreamFailure("dropped", "the stream ended before Ollama said it was done; the partial reply is kept")

    # -- discovery --------------------------------------------------------------------------

    async def version(self) -> str:
        data = await self._get_json("GET", "/api/version")
        return str(data.get("version", "?"))

    async def list_models(self) -> list[ModelInfo]:
        data = await self._get_json("GET", "/api/tags")
        models = []
        for entry in data.get("models") or []:
            name = entry.get("name") or entry.get("model")
            if not name:
                continue
            try:
                models.append(await self.show(name, entry))
            except StreamFailure:
                models.append(_model_info(name, entry, {}))
        return models

    async def show(self, name: str, tag_entry: dict[str, Any] | None = None) -> ModelInfo:
        data = await self._get_json("POST", "/api/show", {"model": name})
        return _model_info(name, tag_entry or {}, data)

    async def _get_json(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        try:
            response = await self.client.request(method, self.base_url + path, json=body, timeout=30.0)
        except httpx.ConnectError as exc:
            raise StreamFailure("unreachable", describe_connect_error("ollama", self.base_url, exc)) from None
        except httpx.HTTPError as exc:
            raise StreamFailure("http_error", f"{path}: {type(exc).__name__}: {exc}") from None
        if response.status_code == 404 and path == "/api/show":
            raise StreamFailure("model_missing", f"Ollama has no model {body and body.get('model')!r} — run "
                                f"`ollama pull {body and body.get('model')}`", 404)
        if response.status_code != 200:
            raise StreamFailure("http_error", f"{path} answered {response.status_code}: {error_message(response.content)}",
                                response.status_code)
        try:
            data = response.json()
        except ValueError:
            raise StreamFailure("bad_response", f"{path} did not answer JSON — is {self.base_url} an Ollama server?") from None
        if not isinstance(data, dict):
            raise StreamFailure("bad_response", f"{path} answered {type(data).__name__}, not an object")
        return data


def _model_info(name: str, tag: dict[str, Any], show: dict[str, Any]) -> ModelInfo:
    details = {**(tag.get("details") or {}), **(show.get("details") or {})}
    info = show.get("model_info") or {}
    context = next((v for k, v in info.items() if k.endswith(".context_length") and isinstance(v, int)), None)
    template = str(show.get("template") or "")
    return ModelInfo(
        name=name,
        capabilities=tuple(show.get("capabilities") or ()),
        context_length=context,
        size=tag.get("size"),
        digest=tag.get("digest"),
        family=details.get("family"),
        parameter_size=details.get("parameter_size"),
        quantization=details.get("quantization_level"),
        forced_think=template.rstrip().endswith("<think>"),
        details=details,
    )
