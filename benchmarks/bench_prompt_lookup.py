"""Prompt lookup (speculative decoding with the context as the draft) on whole-file rewrites, the
embedded default model, in-process: does it raise tokens/s, and is the output the same?

    python benchmarks/bench_prompt_lookup.py [--draft 10] [--model qwen2.5-coder-1.5b] [--runs 1]

Each case is a file the model has just read (held-out task files, benchmarks/tasks-heldout5) and
a task that makes it write the file back with one small change, so most of the answer copies the
context. For each case it generates, greedy and constrained by the action schema as the app does,
without and with prompt lookup (`Llama(prompt_lookup=N)`, smallops_tui/backends/grammar_sampler.py),
and prints the tokens, the decode calls, tokens/s from the first token (prompt processing is not
counted), the ratio with/without, and whether the text is the same (if not, where it parts).
Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from smallops_tui.agent import vocabulary_schema  # noqa: E402
from smallops_tui.agent.session.prompts import system_prompt, task_message  # noqa: E402
from smallops_tui.backends.model_file import ensure_model_file  # noqa: E402
from smallops_tui.backends.shipped_models import SHIPPED_MODELS  # noqa: E402

TASKS = ROOT / "benchmarks" / "tasks-heldout5"
CASES = [("n01-semver-compare/repo/relkit/version.py", "Add the comment line `# Reviewed.` as the first line of {name}."),
         ("n10-beacon-port-question/repo/beacon/server.py", "Add the comment line `# Reviewed.` as the first line of {name}."),
         ("n12-extract-haversine/repo/trailmap/segments.py", "Add the comment line `# Reviewed.` as the last line of {name}.")]


def messages(relative: str, task: str) -> list[dict[str, str]]:
    path = TASKS / relative
    name = path.name
    return [{"role": "system", "content": system_prompt()},
            {"role": "user", "content": task_message(task.format(name=name))},
            {"role": "assistant", "content": json.dumps({"action": "read_file", "path": name})},
            {"role": "user", "content": f"Contents of {name}:\n{path.read_text()}"}]


def generate(llm, grammar_text: str, chat: list[dict[str, str]], max_tokens: int) -> tuple[str, int, int, float]:  # noqa: ANN001
    """(text, tokens, decode calls during generation, seconds from the first token)."""
    from llama_cpp import LlamaGrammar

    calls = [0]
    original = llm.eval

    def counted(tokens) -> None:  # noqa: ANN001
        calls[0] += 1
        original(tokens)

    llm.eval = counted
    grammar = LlamaGrammar.from_string(grammar_text, verbose=False)
    text, first = "", None
    try:
        for chunk in llm.create_chat_completion(messages=chat, temperature=0.0, max_tokens=max_tokens, seed=1,
                                                grammar=grammar, stream=True):
            piece = (chunk["choices"][0].get("delta") or {}).get("content") or ""
            if piece:
                text += piece
                if first is None:
                    first, calls[0] = time.perf_counter(), 0
    finally:
        del llm.eval
    end = time.perf_counter()
    return text, llm.last_sampler.stats.tokens, calls[0], end - (first or end)


def parted(a: str, b: str) -> str:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):  # texts of different lengths
        if x != y:
            return f"parts at character {i} of {len(a)}: {a[max(0, i - 20):i + 20]!r} / {b[max(0, i - 20):i + 20]!r}"
    return "same" if len(a) == len(b) else f"one is a prefix of the other ({len(a)} / {len(b)} characters)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--draft", type=int, default=10, help="tokens guessed at a time (default 10)")
    parser.add_argument("--model", default="qwen2.5-coder-1.5b", choices=sorted(SHIPPED_MODELS))
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()

    from smallops_tui.backends.embedded_worker import extra_buffers
    from smallops_tui.backends.grammar_sampler import Llama, json_grammar

    shipped = SHIPPED_MODELS[args.model]
    path = str(ensure_model_file(shipped))
    grammar_text = json_grammar(json.dumps(vocabulary_schema()))
    # One model at a time, as in the app (two loaded side by side crashed in llama.cpp's decode here).
    results: dict[int, list[tuple[str, str, int, int, float]]] = {}
    for draft in (0, args.draft):
        with extra_buffers(False):
            llm = Llama(path, n_ctx=4096, n_threads=2, verbose=False, chat_format=shipped.chat_format,
                        prompt_lookup=draft)
        try:
            for _ in range(args.runs):
                for relative, task in CASES:
                    llm.reset()  # no prompt cache from the case before
                    budget = 2 * len((TASKS / relative).read_text()) // 3 + 64
                    results.setdefault(draft, []).append((relative, *generate(llm, grammar_text,
                                                                              messages(relative, task), budget)))
        finally:
            llm.close()
    totals = {draft: [0, 0.0] for draft in results}
    print(f"{'case':<32} {'draft':>5} {'tokens':>6} {'decodes':>7} {'tok/s':>6}  output")
    for without, drafted in zip(results[0], results[args.draft], strict=True):
        for draft, (relative, text, tokens, calls, seconds) in ((0, without), (args.draft, drafted)):
            totals[draft][0] += tokens
            totals[draft][1] += seconds
            same = parted(without[1], text) if draft else ""
            print(f"{relative.split('/')[0]:<32} {draft:>5} {tokens:>6} {calls:>7} {tokens / seconds:>6.1f}  {same}")
    base, drafted = (totals[d][0] / totals[d][1] for d in (0, args.draft))
    print(f"\nall cases: {base:.1f} tok/s without, {drafted:.1f} with prompt lookup ({args.draft}): ratio {drafted / base:.2f}")


if __name__ == "__main__":
    main()
