"""OpenAI-compatible `POST /v1/chat/completions` with SSE, for llama.cpp's server, vLLM,
LM Studio and Ollama's `/v1`.

The SSE stream is parsed per the spec, not by splitting on "data: ": `data:` with or without
a space, `:` comment lines (pings), blank-line dispatch, `[DONE]`, an `{"error": ...}` object
in a data frame, the legacy `error:` field of older llama.cpp builds, usage in a `choices: []`
chunk or in the last chunk, and llama.cpp's `timings`. Reasoning comes from `delta.reasoning`
(vLLM, Ollama), `delta.reasoning_content` (llama.cpp, LM Studio) or inline tags.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx

from ..agent.sandbox import secret_env
from .base import Failed, Finished, ModelInfo, StreamEvent, StreamNotice, Usage, count, label, make_options, number, text
from .assembler import Assembler
from .context_window import llama_cpp_window
from .http import BodyLines, DiscoveryError, HttpBackend, StreamFailure, error_body, error_message
from .kind import BackendKind, Prepared, Wanted, listed_models
from .model_file import Progress

DEFAULT_URL = "http://127.0.0.1:8080"
API_KEY_VARIABLES = ("SMALLOPS_API_KEY", "OPENAI_API_KEY")


def normalize_base(url: str) -> str:
    """Accept `http://host:port`, `.../v1` or `.../v1/`; return the URL without `/v1`."""
    url = url.rstrip("/")
    return url[: -len("/v1")] if url.endswith("/v1") else url


@dataclass
class SSEParser:
    """Incremental SSE parser over lines; `feed(line)` returns complete (event, data) frames."""

    _data: list[str] = field(default_factory=list)
    _event: str = ""

    def feed(self, line: str) -> list[tuple[str, str]]:
        if line == "":
            if not self._data:
                self._event = ""
                return []
            frame = (self._event or "message", "\n".join(self._data))
            self._data, self._event = [], ""
            return [frame]
        if line.startswith(":"):
            return []  # comment / keep-alive ping
        name, _, value = line.partition(":")
        if value.startswith(" "):
            value = value[1:]
        if name == "data":
            self._data.append(value)
        elif name == "event":
            self._event = value
        elif name == "error":
            # Older llama.cpp builds: a non-standard `error:` field carrying the JSON error.
            return [("error", value)]
        return []

    def close(self) -> list[tuple[str, str]]:
        return self.feed("") if self._data else []


class OpenAIBackend(HttpBackend):
    kind = "openai"
    protocol_name = "an OpenAI-compatible"

    def __init__(self, base_url: str | None = None, model: str = "", api_key: str | None = None,
                 client: httpx.AsyncClient | None = None) -> None:
        super().__init__(normalize_base(base_url or DEFAULT_URL), model, client)
        self.api_key = api_key if api_key is not None else next(
            (key for key in map(secret_env.get, API_KEY_VARIABLES) if key), None)
        # How the schema is sent: the standard `json_schema` form, or `json_object` with a
        # `schema`, the only form llama-cpp-python's server takes (it answers 500 to the other).
        self.schema_form: str = "json_schema"

    def _headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}

    def request_body(self, messages: list[dict[str, str]], opts: Any) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "stream": True,
            "stream_options": {"include_usage": True},
            "temperature": opts.temperature,
        }
        if opts.seed is not None:
            body["seed"] = opts.seed
        if opts.num_predict is not None:
            body["max_tokens"] = opts.num_predict
        if opts.schema is not None:
            if self.schema_form == "json_object":
                body["response_format"] = {"type": "json_object", "schema": opts.schema}
            else:
                # The wrapped form: llama.cpp reads json_schema.schema (the flat form is ignored there).
                body["response_format"] = {"type": "json_schema",
                                           "json_schema": {"name": "action", "strict": True, "schema": opts.schema}}
        return body

    async def stream_chat(self, messages: list[dict[str, str]], **options: Any) -> AsyncIterator[StreamEvent]:
        opts = make_options(**options)
        url = f"{self.base_url}/v1/chat/completions"
        retry = False
        async for event in self._stream(url, self.request_body(messages, opts), opts):
            if opts.schema is not None and self.schema_form == "json_schema" and _rejects_json_schema(event):
                retry = True
                break
            yield event
        if not retry:
            return
        self.schema_form = "json_object"
        yield StreamNotice("the server does not take a `json_schema` response format; "
                                    "sent the schema as `json_object` with `schema` instead")
        async for event in self._stream(url, self.request_body(messages, opts), opts):
            yield event

    async def _read(self, response: httpx.Response, lines: BodyLines, assembler: Assembler,
                    opts: Any) -> AsyncIterator[StreamEvent]:
        if response.status_code != 200:
            message = await error_body(response)
            if response.status_code == 404:
                raise StreamFailure("model_missing", f"the server has no model {self.model!r} (it said: {message}); "
                                    f"`smallops models --backend {self.kind}` lists what it has", 404)
            raise StreamFailure("http_error", f"the server answered {response.status_code}: {message}", response.status_code)
        parser = SSEParser()
        read = _Reading()
        async for line in lines:
            for event_name, data in parser.feed(line):
                for event in read.frame(event_name, data, assembler):
                    yield event
            if read.done:
                break
        for event in assembler.close():
            yield event
        if not read.done and read.finish_reason is None:
            raise StreamFailure("dropped", "the stream ended without [DONE] or a finish reason; the partial reply is kept")
        yield read.finished(assembler)

    async def props(self) -> dict[str, Any] | None:
        """llama.cpp's `/props` (its context size among them), or None from a server without it."""
        try:
            return await self._get_json("GET", "/props")
        except DiscoveryError:
            return None

    async def list_models(self) -> list[ModelInfo]:
        data = await self._get_json("GET", "/v1/models")
        entries = data.get("data")
        return [ModelInfo(name=text(e.get("id")), details=e) for e in entries if isinstance(e, dict) and text(e.get("id"))] \
            if isinstance(entries, list) else []


def _prompt_tokens(usage: dict[str, Any], timings: dict[str, Any]) -> int | None:
    """The whole prompt's tokens. llama.cpp's `usage.prompt_tokens` is the whole prompt; its
    `timings.prompt_n` counts only the tokens evaluated anew (a cached prefix is in `cache_n`),
    so without usage the two are added — else a cache hit would read as a prompt cut short."""
    whole = count(usage.get("prompt_tokens"))
    if whole is not None:
        return whole
    fresh = count(timings.get("prompt_n"))
    return fresh + (count(timings.get("cache_n")) or 0) if fresh is not None else None


def _rejects_json_schema(event: StreamEvent) -> bool:
    """An error before any text that complains about the response format's type."""
    if not isinstance(event, Failed):
        return False
    error = event.error
    return (error.status in (400, 422, 500) and not error.incomplete and "response_format" in error.message and "json_schema" in error.message)


@dataclass
class _Reading:
    """What an SSE stream has said so far: its usage and timings (when the server sends them), the
    finish reason, and when tokens came (the rate, estimated when the server sends no usage)."""

    usage: dict[str, Any] = field(default_factory=dict)
    timings: dict[str, Any] = field(default_factory=dict)
    finish_reason: str | None = None
    first_token: float | None = None
    last_token: float | None = None
    chunks: int = 0  # a token each on llama.cpp-based servers: the estimate when no usage is sent
    done: bool = False

    def frame(self, event_name: str, data: str, assembler: Assembler) -> Iterator[StreamEvent]:
        """One SSE frame: a chunk's reasoning and content as events, a notice for a frame that is
        not a JSON object; StreamFailure for an error the server reports."""
        if event_name == "error":
            raise StreamFailure("stream_error", f"the server reported an error mid-stream: {error_message(data.encode())}")
        if data.strip() == "[DONE]":
            self.done = True
            return
        if not data.strip():
            return
        try:
            chunk = json.loads(data)
        except (ValueError, RecursionError):  # not JSON, 5,000 digits, or nested thousands deep
            yield StreamNotice(f"skipped a frame that is not JSON: {data[:60]!r}")
            return
        if not isinstance(chunk, dict):
            yield StreamNotice(f"skipped a frame that is JSON but not an object: {data[:60]!r}")
            return
        if "error" in chunk:
            raise StreamFailure("stream_error", f"the server reported an error mid-stream: "
                                f"{error_message(json.dumps(chunk).encode())}")
        if isinstance(chunk.get("usage"), dict):
            self.usage = chunk["usage"]
        if isinstance(chunk.get("timings"), dict):
            self.timings = chunk["timings"]
        choices = chunk.get("choices")
        for choice in choices if isinstance(choices, list) else []:
            if isinstance(choice, dict):
                yield from self._choice(choice, assembler)

    def _choice(self, choice: dict[str, Any], assembler: Assembler) -> Iterator[StreamEvent]:
        delta: dict[str, Any] = choice["delta"] if isinstance(choice.get("delta"), dict) else {}
        reasoning = (text(delta.get("reasoning")) or text(delta.get("reasoning_content"))
                     or text(delta.get("thinking")))
        content = text(delta.get("content"))
        if reasoning or content:
            self.last_token = time.monotonic()
            self.first_token = self.first_token or self.last_token
            self.chunks += 1
        yield from assembler.thinking(reasoning)
        yield from assembler.content(content)
        if label(choice.get("finish_reason")):
            self.finish_reason = label(choice["finish_reason"])

    def finished(self, assembler: Assembler) -> Finished:
        usage, timings = self.usage, self.timings
        answer_tokens = count(usage.get("completion_tokens", timings.get("predicted_n")))
        rate = number(timings.get("predicted_per_second"))
        predicted_ms = number(timings.get("predicted_ms"))
        seconds = predicted_ms / 1000 if predicted_ms is not None else None
        if seconds is None and self.first_token is not None and self.last_token is not None \
                and self.last_token > self.first_token:
            seconds = self.last_token - self.first_token
        if rate is None and seconds:
            # llama-cpp-python's server sends no usage at all: estimate from the chunks.
            rate = (answer_tokens if answer_tokens is not None else self.chunks) / seconds
        return Finished(
            usage=Usage(done_reason=self.finish_reason, prompt_tokens=_prompt_tokens(usage, timings),
                        answer_tokens=answer_tokens, seconds=seconds, tokens_per_second=rate),
            content=assembler.content_text,
            thinking=assembler.thinking_text,
        )


class OpenAIKind(BackendKind[OpenAIBackend]):
    name = OpenAIBackend.kind

    def make(self, url: str | None, model: str) -> OpenAIBackend:
        return OpenAIBackend(url, model)

    async def prepare(self, wanted: Wanted, notes: list[str], progress: Progress | None) -> Prepared:
        """The model asked for (or the first listed); the context window from llama.cpp's /props."""
        backend = self.make(wanted.url, wanted.model or "")
        if not wanted.model:
            models = await listed_models(backend, f"the server at {backend.base_url} lists no models; pass --model")
            backend.model = models[0].name
            notes.append(f"no model configured; using {backend.model} (set one with --model)")
        props = await backend.props()
        await backend.aclose()  # discovery's kept-alive connections must not outlive this event loop
        return Prepared(backend, self.name, None, False, notes, context=llama_cpp_window(props or {}))


KIND = OpenAIKind()
