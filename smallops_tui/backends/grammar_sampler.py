"""Constrained decoding that checks the grammar on the token the model chose, not on the whole vocabulary.

Loaded in the embedded worker only (it needs llama-cpp-python and numpy).

Why: llama-cpp-python puts llama.cpp's grammar sampler into the sampler chain before the
choice, so every token runs the grammar over every entry of the vocabulary — 262,144 for
Gemma 3, 49,152 for SmolLM2. That filtering, not the model, was where constrained decoding spent
its time (benchmarks/bench_constrained.py). llama.cpp's own server avoids it the same way this
module does (common_sampler_sample: sample first, then check the one token against the grammar,
and resample with the grammar only if it was rejected).

Greedy decoding (temperature 0, the bench's setting) gives exactly the token the full filter
would: the best token the grammar allows is the first allowed one in descending logit order. So
when the top token is rejected, the grammar is applied to the best `SHORTLIST` tokens, and only
if none of those is allowed to the whole vocabulary. With a temperature, the token is drawn from
the top-k of the model's distribution, checked, and on rejection redrawn among the allowed tokens
of the shortlist (llama.cpp's common sampler makes the same approximation).
"""

from __future__ import annotations

import ctypes
import math
import re
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

import llama_cpp

# llama.cpp's llama_token_data, as numpy lays it out (the same as the ctypes structure).
TOKEN_DATA = np.dtype([("id", np.int32), ("logit", np.float32), ("p", np.float32)], align=True)
SHORTLIST = 256  # tokens the grammar is run over when the model's first choice is rejected


@dataclass
class SamplerStats:
    """How often each path was taken: what a benchmark reports about where the time goes."""

    tokens: int = 0
    first_choice_allowed: int = 0  # the model's own choice was allowed: one grammar check
    shortlist: int = 0  # rejected; the best allowed token was among the top SHORTLIST
    full_vocabulary: int = 0  # rejected, and not found in the shortlist either
    seconds: float = 0.0  # spent choosing tokens (not in the model's forward pass)


def control_tokens(vocab: Any, n_vocab: int) -> np.ndarray:
    """The ids of the vocabulary's control tokens that do not end a generation (`<|im_start|>`, the
    fill-in-the-middle markers): text has none of them; the end-of-generation ones stay for the
    grammar to allow where the reply may end."""
    return np.array([t for t in range(n_vocab)
                     if llama_cpp.llama_vocab_is_control(vocab, t) and not llama_cpp.llama_vocab_is_eog(vocab, t)],
                    dtype=np.int32)


class GrammarFirstChoiceSampler:
    """A drop-in for llama-cpp-python's `LlamaSampler` in `Llama.generate` (it only calls `sample`)."""

    def __init__(self, model: Any, grammar_text: str, root: str, n_vocab: int, temperature: float = 0.0,
                 top_k: int = 40, seed: int | None = None, control: np.ndarray | None = None) -> None:
        self._grammar = llama_cpp.llama_sampler_init_grammar(model.vocab, grammar_text.encode("utf-8"),
                                                             root.encode("utf-8"))
        if not self._grammar:
            raise ValueError("llama.cpp could not parse the grammar")
        self.n_vocab = n_vocab
        self.control = control_tokens(model.vocab, n_vocab) if control is None else control
        self.temperature = temperature
        self.top_k = max(1, top_k)
        self.rng = np.random.default_rng(seed)
        self.stats = SamplerStats()
        self._one = (llama_cpp.llama_token_data * 1)()

    def close(self) -> None:
        if self._grammar:
            llama_cpp.llama_sampler_free(self._grammar)
            self._grammar = None

    def __del__(self) -> None:
        self.close()

    def sample(self, ctx: Any, idx: int = -1) -> int:
        pointer = llama_cpp.llama_get_logits_ith(ctx.ctx, idx)
        return self.choose(np.ctypeslib.as_array(pointer, shape=(self.n_vocab,)))

    def choose(self, logits: np.ndarray) -> int:
        """The next token for these logits (changed in place: control tokens are ruled out), accepted
        into the grammar."""
        started = time.perf_counter()
        self.stats.tokens += 1
        # llama.cpp's grammar reads a control token as its text, so `<|im_start|>` passed as 12
        # characters of a JSON string, yet it detokenizes to nothing: inside a file's content the
        # 1.5B model emitted it 300 times in a row and the app saw no text for 60 s ("stalled",
        # the clone acceptance test in CI). No action's text is ever a control token.
        logits[self.control] = -np.inf
        token = self._first_choice(logits)
        if self._allowed(token, float(logits[token])):
            self.stats.first_choice_allowed += 1
        else:
            token = self._choose_allowed(logits)
        llama_cpp.llama_sampler_accept(self._grammar, token)
        self.stats.seconds += time.perf_counter() - started
        return token

    def _first_choice(self, logits: np.ndarray) -> int:
        if self.temperature <= 0:
            return int(np.argmax(logits))
        top = np.argpartition(-logits, min(self.top_k, self.n_vocab - 1))[: self.top_k]
        return int(self._draw(top, logits[top]))

    def _draw(self, tokens: np.ndarray, values: np.ndarray) -> int:
        weights = np.exp((values - values.max()) / self.temperature)
        return int(tokens[self.rng.choice(len(tokens), p=weights / weights.sum())])

    def _allowed(self, token: int, logit: float) -> bool:
        self._one[0].id, self._one[0].logit, self._one[0].p = token, logit, 0.0
        array = llama_cpp.llama_token_data_array(self._one, 1, -1, False)
        llama_cpp.llama_sampler_apply(self._grammar, ctypes.byref(array))
        return self._one[0].logit != -math.inf

    def _filter(self, tokens: np.ndarray, logits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The tokens among `tokens` the grammar allows, with their logits (one call into llama.cpp)."""
        data = np.zeros(len(tokens), dtype=TOKEN_DATA)
        data["id"], data["logit"] = tokens, logits[tokens]
        array = llama_cpp.llama_token_data_array(data.ctypes.data_as(ctypes.POINTER(llama_cpp.llama_token_data)),
                                                 len(tokens), -1, False)
        llama_cpp.llama_sampler_apply(self._grammar, ctypes.byref(array))
        kept = data["logit"] != -np.inf
        return data["id"][kept], data["logit"][kept]

    def _choose_allowed(self, logits: np.ndarray) -> int:
        shortlist = np.argpartition(-logits, SHORTLIST)[:SHORTLIST]
        allowed, values = self._filter(shortlist, logits)
        if len(allowed):
            self.stats.shortlist += 1
        else:
            self.stats.full_vocabulary += 1
            allowed, values = self._filter(np.arange(self.n_vocab, dtype=np.int32), logits)
            if not len(allowed):
                raise RuntimeError("the grammar allows no token here")
        if self.temperature <= 0:
            return int(allowed[int(np.argmax(values))])
        return self._draw(allowed, values)


# llama-cpp-python's JSON-schema converter lets a string hold any character but `"` and `\`, raw
# newlines and control characters included, which is not JSON: a constrained reply with a raw
# newline in a path or command failed to parse, and runaway strings filled up on "\n{ }".
LOOSE_STRING_CHAR = 'char ::= [^"\\\\] |'
JSON_STRING_CHAR = 'char ::= [^"\\\\\\x7F\\x00-\\x1F] |'


# The last string of an action (a file's content, a command, a summary) may hold a raw `"` that is
# not followed by `}`: the object ends only at `"}`. A small model writing code inside a JSON string
# forgets to escape a quote now and then (`print("hello")`); with JSON's own string rule that quote
# closed the string, the grammar could then only close the object, and the file was cut at `print(`.
# The parser reads such a reply back (reply/parsing.py, raw_quotes_escaped) and says so as a repair.
LAST_STRING_RULES = ('smallops-last-string ::= "\\"" smallops-last-char* "\\"" space\n'
                     'smallops-last-char ::= char | "\\"" [^}"\\\\\\x7F\\x00-\\x1F]\n')
_OBJECT_RULE = re.compile(r'^\S+ ::= "\{" .* (\S+-kv) "\}" space$', re.MULTILINE)


def _last_strings_take_raw_quotes(grammar: str) -> str:
    """`grammar` with the last string-valued property of each object (a path aside) read by
    `smallops-last-string` rather than JSON's string."""
    lasts = {m.group(1) for m in _OBJECT_RULE.finditer(grammar) if not m.group(1).endswith("path-kv")}
    changed = 0
    for kv in lasts:
        pattern = re.compile(rf"^({re.escape(kv)} ::= .* space) string$", re.MULTILINE)
        grammar, n = pattern.subn(r"\1 smallops-last-string", grammar)
        changed += n
    return grammar.rstrip("\n") + "\n" + LAST_STRING_RULES if changed else grammar


# The `fenced` form: an action's `content` leaves the JSON and follows it as a ``` block, code as it
# is, with no escapes to get wrong. The block's lines are any text; the reply ends with a line that
# is ``` (one may also be content: the model ends the reply where it means the block to end, and the
# parser takes the last one; reply/parsing.py, fenced_content).
# The fence line may name a language, from a short list: with any word allowed there, the 1.5B model
# copying a text file wrote the file's first word on the fence line (```Line), and the copy lost it.
FENCE_LANGUAGES = ("python", "py", "javascript", "js", "typescript", "ts", "json", "toml", "yaml", "yml", "ini",
                   "cfg", "markdown", "md", "text", "txt", "sh", "bash", "html", "css", "sql", "go", "rust", "c")
FENCED_RULES = (r'smallops-fenced ::= "\n```" smallops-fence-language? "\n" smallops-fenced-line* "```"' "\n"
                "smallops-fence-language ::= " + " | ".join(f'"{name}"' for name in FENCE_LANGUAGES) + "\n"
                r'smallops-fenced-line ::= [^\n]* "\n"' "\n")
_CONTENT_LAST = re.compile(r'^(\S+ ::= "\{" .*) "," space \S+-content-kv "\}" space$', re.MULTILINE)


def _content_fenced(grammar: str) -> str:
    """`grammar` with each object whose last property is `content` closed before it, the content
    following as a ``` block."""
    grammar, changed = _CONTENT_LAST.subn(r'\1 "}" smallops-fenced', grammar)
    return grammar.rstrip("\n") + "\n" + FENCED_RULES if changed else grammar


PLAN_TAIL = 120  # characters a plan at its limit may take to end its sentence


def json_grammar(schema_json: str, plan: int = 0, raw_quotes: bool = True, fenced: bool = False) -> str:
    """The GBNF for a JSON schema, as llama-cpp-python converts it, with strings limited to what
    JSON allows unescaped (no control characters), and (`raw_quotes`) an action's last string
    allowed a raw `"` not followed by `}`. `plan`: the reply may (and must) start with a
    free-text plan of at most this many characters inside <think>…</think>, then the JSON: a small
    model that is not a reasoning model gets room to think before it acts, and the app shows it live.
    `fenced`: an action's content follows its JSON as a ``` block (FENCED_RULES)."""
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    grammar = json_schema_to_gbnf(schema_json).replace(LOOSE_STRING_CHAR, JSON_STRING_CHAR)
    if fenced:
        grammar = _content_fenced(grammar)
    if raw_quotes:
        grammar = _last_strings_take_raw_quotes(grammar)
    if plan <= 0:
        return grammar
    # The schema's own root is renamed to a name no schema rule can have (a property called `action`
    # becomes a rule `action`, and two rules of one name are one rule with both alternatives).
    grammar = re.sub(r"^root ::=", "smallops-planned-action ::=", grammar, count=1, flags=re.MULTILINE)
    # `<` cannot occur inside the plan, so the first `</think>` is the one that closes it. A plan that
    # fills its room may finish its sentence (PLAN_TAIL more characters, to a full stop or a line's
    # end): cut mid-sentence, the 1.5B model went on with the sentence inside the action, as a
    # write's content ("...late join fee if applicable", heldout8's r06, three times).
    short = f"smallops-plan-char{{1,{plan - 1}}} | " if plan > 1 else ""
    return (f'root ::= "<think>" smallops-plan "</think>" [ \\t\\n]* smallops-planned-action\n'
            f"smallops-plan ::= {short}smallops-plan-char{{{plan}}} smallops-plan-tail\n"
            f'smallops-plan-tail ::= ([^<.\\n]{{0,{PLAN_TAIL}}} [.\\n])?\n'
            f"smallops-plan-char ::= [^<]\n{grammar}")


GRAMMAR_PATHS = ("first-choice", "chain")  # ours, and llama-cpp-python's own (the grammar over every token)


class Llama(llama_cpp.Llama):
    """llama-cpp-python's Llama, with constrained decoding through `GrammarFirstChoiceSampler`.

    `Llama.generate` builds its sampler with `_init_sampler(...)` (keywords only) and then only
    calls its `sample(ctx, idx)`; this is the one place the grammar path is chosen. With a
    logits processor, or `grammar_path="chain"`, it is llama-cpp-python's own chain.
    """

    def __init__(self, *args: Any, grammar_path: str = "first-choice", prompt_lookup: int = 0, **kwargs: Any) -> None:
        if grammar_path not in GRAMMAR_PATHS:
            raise ValueError(f"unknown grammar path {grammar_path!r}; choose one of: {', '.join(GRAMMAR_PATHS)}")
        self.grammar_path = grammar_path
        self.last_sampler: GrammarFirstChoiceSampler | None = None
        self._control: np.ndarray | None = None  # control_tokens(), once per model
        super().__init__(*args, **kwargs)
        # Prompt lookup (speculative decoding with the context as the draft): after each token, up to
        # `prompt_lookup` tokens that followed the same two tokens earlier in the context are guessed,
        # evaluated in one batch, and kept while the sampler chooses the same ones, so greedy output is
        # unchanged. Set after loading: llama-cpp-python's own way (`draft_model=`) keeps the logits of
        # every prompt position, n_ctx x n_vocab floats (5 GB for Qwen2.5 at 8,192); only the small
        # batches of a guess need them (`eval` below).
        self.prompt_lookup = max(0, prompt_lookup)
        if self.prompt_lookup:
            from llama_cpp.llama_speculative import LlamaPromptLookupDecoding

            self.draft_model = LlamaPromptLookupDecoding(max_ngram_size=2, num_pred_tokens=self.prompt_lookup)

    def eval(self, tokens: Any) -> None:
        """llama-cpp-python's eval, except that a guessed continuation (a token and its draft) keeps the
        logits of every position, where the sampler reads them (`llama_get_logits_ith`, from the end)."""
        if not self.prompt_lookup or len(tokens) > self.prompt_lookup + 1:
            super().eval(tokens)
            return
        batch = list(tokens)
        self._ctx.kv_cache_seq_rm(-1, self.n_tokens, -1)
        self._batch.set_batch(batch=batch, n_past=self.n_tokens, logits_all=True)
        self._ctx.decode(self._batch)
        self.input_ids[self.n_tokens:self.n_tokens + len(batch)] = batch
        self.n_tokens += len(batch)
        self._requires_eval = False

    def __del__(self) -> None:
        if hasattr(self, "_stack"):  # not when __init__ refused before loading anything
            super().__del__()

    def control(self) -> np.ndarray:
        """control_tokens() of this model, found once."""
        if self._control is None:
            self._control = control_tokens(self._model.vocab, self._n_vocab)
        return self._control

    def _rule_out_control(self, input_ids: np.ndarray, scores: np.ndarray) -> np.ndarray:
        scores[self.control()] = -np.inf
        return scores

    def _init_sampler(self, *args: Any, **kwargs: Any) -> Any:
        grammar = kwargs.get("grammar")
        if grammar is None and not args and kwargs.get("logits_processor") is None:
            # Free decoding (constrained off) is as blind to a control token as a grammar is.
            kwargs["logits_processor"] = llama_cpp.LogitsProcessorList([self._rule_out_control])
            return super()._init_sampler(**kwargs)
        if args or grammar is None or kwargs.get("logits_processor") is not None or self.grammar_path == "chain":
            return super()._init_sampler(*args, **kwargs)
        if self.last_sampler is not None:
            self.last_sampler.close()
        self.last_sampler = GrammarFirstChoiceSampler(self._model, grammar._grammar, grammar._root, self._n_vocab,
                                                      temperature=kwargs.get("temp", 0.8),
                                                      top_k=kwargs.get("top_k", 40), seed=self._seed,
                                                      control=self.control())
        return self.last_sampler
