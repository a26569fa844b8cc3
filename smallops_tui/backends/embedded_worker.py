"""The embedded model's own process: llama.cpp is loaded here, never in the app.

Run as `python -m smallops_tui.backends.embedded_worker` by `EmbeddedBackend`. Native code
compiled for the CPU it was installed on can crash (ggml's AMX path segfaults on some
Sapphire-Rapids VMs); in this process such a crash ends this process only, and the app says so.

Protocol: one JSON object per line. The app sends
  {"op": "load", "model_path": ..., "shipped": name | null, "n_ctx": ..., "threads": ..., "chat_format": ...,
   "extra_buffers": bool, "grammar_path": "first-choice" | "chain"}
  {"op": "generate", "id": N, "messages": [...], "temperature": ..., "max_tokens": ..., "seed": ..., "schema": ...,
   "plan": characters of <think> plan the grammar allows before the action (0: none),
   "fenced": a write's content follows its JSON as a ``` block}
  {"op": "cancel", "id": N}
and this process answers
  {"event": "loaded", "seconds": ..., "path": ...} | {"event": "token", "id": N, "text": ...}
  {"event": "done", "id": N, "finish_reason": ..., "tokens": ..., "seconds": ..., "cpu_seconds": ..., "grammar": {...} | null}
  {"event": "error", "id": N | null, "message": ...}
The protocol has the original stdout to itself: file descriptor 1 is pointed at stderr (the
log file the app gave us), so nothing the bindings or llama.cpp print can corrupt it. The
process ends when the app closes its stdin, or dies (PR_SET_PDEATHSIG).
"""

from __future__ import annotations

import ctypes
import dataclasses
import json
import os
import queue
import signal
import sys
import threading
import time
from contextlib import contextmanager
from typing import IO, Any, Iterator

PR_SET_PDEATHSIG = 1


def _die_with_parent(parent: int) -> None:
    """Linux: SIGKILL when the app goes, however it goes (stdin EOF covers the rest)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the app was gone before the line above took effect
        os._exit(0)


def _protocol_channel() -> IO[str]:
    """The original stdout, private to the protocol; fd 1 then goes where stderr goes."""
    channel = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return channel


@contextmanager
def extra_buffers(enabled: bool) -> Iterator[None]:
    """Load with llama.cpp's extra buffer types (weight repacking, AMX) on or off.

    llama-cpp-python does not expose `use_extra_bufts`, so its default-params function is
    wrapped while the model loads. Off avoids the AMX repack that segfaults in
    ggml_backend_amx_mul_mat (ggml-org/llama.cpp#20824).
    """
    import llama_cpp.llama_cpp as native

    original = native.llama_model_default_params
    if enabled:
        yield
        return

    def without_extra_buffers() -> Any:
        params = original()
        params.use_extra_bufts = False
        return params

    native.llama_model_default_params = without_extra_buffers
    try:
        yield
    finally:
        native.llama_model_default_params = original


class Worker:
    def __init__(self, channel: IO[str]) -> None:
        self.channel = channel
        self.requests: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.cancelled: set[int] = set()
        self.lock = threading.Lock()
        self.llm: Any = None
        self.grammars: dict[tuple[str, int, bool], Any] = {}

    def send(self, message: dict[str, Any]) -> None:
        with self.lock:
            self.channel.write(json.dumps(message, ensure_ascii=False) + "\n")

    def read_requests(self, stdin: IO[str]) -> None:
        """On its own thread, so a cancel arrives while a generation runs."""
        for line in stdin:
            try:
                request = json.loads(line)
            except json.JSONDecodeError:
                continue
            if request.get("op") == "cancel":
                self.cancelled.add(int(request.get("id", -1)))
            else:
                self.requests.put(request)
        os._exit(0)  # the app closed the pipe: it has gone, and so do we (mid-generation too)

    def serve(self) -> None:
        while True:
            request = self.requests.get()
            if request is None:
                return
            try:
                if request.get("op") == "load":
                    self.load(request)
                elif request.get("op") == "generate":
                    self.generate(request)
            except Exception as exc:  # reported to the app as a sentence; the worker lives on
                self.send({"event": "error", "id": request.get("id"), "message": f"{type(exc).__name__}: {exc}"})

    def load(self, request: dict[str, Any]) -> None:
        # (imported here, for start-up: the worker answers at once; llama.cpp and numpy load with the model)
        from .grammar_sampler import Llama

        started = time.monotonic()
        # The app names the file, and has checked a shipped model's bytes against its pinned sha256
        # (model_file.py): this process never picks a file of its own.
        path = request.get("model_path")
        if not isinstance(path, str) or not path:
            raise ValueError("no model file named")
        with extra_buffers(bool(request.get("extra_buffers", True))):
            self.llm = Llama(model_path=path, n_ctx=int(request.get("n_ctx", 8192)),
                             n_threads=request.get("threads"), chat_format=request.get("chat_format"),
                             grammar_path=str(request.get("grammar_path") or "first-choice"),
                             verbose=True)  # its log goes to the log file (stderr), for when it crashes
        self.send({"event": "loaded", "seconds": time.monotonic() - started, "path": path})

    def grammar(self, schema: Any, plan: int = 0, fenced: bool = False) -> Any:
        # Not sort_keys: the grammar writes an object's properties in the schema's order, and the
        # order is the point (`path` before `content`, the line before the text: a model that must
        # write a file's content before it has named the file places its edits worse).
        key = json.dumps(schema)
        if (key, plan, fenced) not in self.grammars:
            # (imported here, for start-up: the worker answers at once; llama.cpp and numpy load with the model)
            from llama_cpp import LlamaGrammar

            from .grammar_sampler import json_grammar

            self.grammars[(key, plan, fenced)] = LlamaGrammar.from_string(json_grammar(key, plan, fenced=fenced),
                                                                          verbose=False)
        return self.grammars[(key, plan, fenced)]

    def generate(self, request: dict[str, Any]) -> None:
        request_id = int(request["id"])
        if self.llm is None:
            raise RuntimeError("generate before load")
        kwargs: dict[str, Any] = {"messages": request["messages"], "stream": True,
                                  "temperature": request.get("temperature", 0.0),
                                  "max_tokens": request.get("max_tokens") or 1024}
        if request.get("seed") is not None:
            kwargs["seed"] = request["seed"]
        if request.get("schema") is not None:
            plan = request.get("plan")
            kwargs["grammar"] = self.grammar(request["schema"], plan if isinstance(plan, int) and plan > 0 else 0,
                                             request.get("fenced") is True)
        started = time.monotonic()
        cpu_started: float | None = None
        first: float | None = None
        tokens = 0
        finish_reason: str | None = None
        for chunk in self.llm.create_chat_completion(**kwargs):
            if request_id in self.cancelled:
                finish_reason = "cancelled"
                break  # leaving the generator ends the generation
            choice = (chunk.get("choices") or [{}])[0]
            text = (choice.get("delta") or {}).get("content") or ""
            if text:
                tokens += 1
                if first is None:
                    first, cpu_started = time.monotonic(), time.process_time()
                self.send({"event": "token", "id": request_id, "text": text})
            finish_reason = choice.get("finish_reason") or finish_reason
        self.cancelled.discard(request_id)
        sampler = getattr(self.llm, "last_sampler", None) if request.get("schema") is not None else None
        # Timed from the first token, so the rate is the generation's, not the prompt's; CPU seconds
        # (every thread of this process) are what the sampler costs when the machine is shared.
        # The context now holds the prompt and what was generated (the last token sampled, not yet
        # evaluated): the prompt's real count, for the status bar's `ctx` from the first turn.
        prompt_tokens = max(0, int(getattr(self.llm, "n_tokens", 0)) - max(0, tokens - 1)) or None
        self.send({"event": "done", "id": request_id, "finish_reason": finish_reason, "tokens": tokens,
                   "prompt_tokens": prompt_tokens,
                   "seconds": time.monotonic() - (first or started),
                   "cpu_seconds": time.process_time() - cpu_started if cpu_started is not None else None,
                   "grammar": dataclasses.asdict(sampler.stats) if sampler is not None else None})


def main() -> None:
    parent = int(os.environ.get("SMALLOPS_PARENT_PID", os.getppid()))
    _die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the app decides when this process ends
    worker = Worker(_protocol_channel())
    threading.Thread(target=worker.read_requests, args=(sys.stdin,), name="requests", daemon=True).start()
    worker.serve()


if __name__ == "__main__":
    main()
