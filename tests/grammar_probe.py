"""llama.cpp's own grammar parser and matcher, on a vocab-only load of a shipped model (no weights).

`GrammarProbe.parses(gbnf)` is what the embedded engine does with a grammar before it samples a
token: `llama_sampler_init_grammar`, which is NULL when llama.cpp's GBNF parser refuses the text.
`GrammarProbe.accepts(gbnf, text)` feeds the text's tokens through that grammar one by one, asking
first whether each is allowed (accepting a refused token throws inside llama.cpp, which would end
the process), and at the end whether the grammar may stop there (end of generation allowed).
"""

from __future__ import annotations

import ctypes
import math
from collections.abc import Iterator
from contextlib import contextmanager

import llama_cpp


class GrammarProbe:
    def __init__(self, model_path: str) -> None:
        llama_cpp.llama_backend_init()
        params = llama_cpp.llama_model_default_params()
        params.vocab_only = True
        self._model = llama_cpp.llama_model_load_from_file(model_path.encode(), params)
        if not self._model:
            raise RuntimeError(f"llama.cpp could not load the vocabulary of {model_path}")
        self._vocab = llama_cpp.llama_model_get_vocab(self._model)
        self._one = (llama_cpp.llama_token_data * 1)()

    def close(self) -> None:
        if self._model:
            llama_cpp.llama_model_free(self._model)
            self._model = None

    @contextmanager
    def _sampler(self, gbnf: str) -> Iterator[ctypes.c_void_p | None]:
        sampler = llama_cpp.llama_sampler_init_grammar(self._vocab, gbnf.encode("utf-8"), b"root")
        try:
            yield sampler or None
        finally:
            if sampler:
                llama_cpp.llama_sampler_free(sampler)

    def parses(self, gbnf: str) -> bool:
        with self._sampler(gbnf) as sampler:
            return sampler is not None

    def tokenize(self, text: str) -> list[int]:
        data = text.encode("utf-8", "surrogatepass")
        room = len(data) + 16
        tokens = (llama_cpp.llama_token * room)()
        n = llama_cpp.llama_tokenize(self._vocab, data, len(data), tokens, room, False, False)
        if n < 0:
            raise RuntimeError("tokenizing failed")
        return list(tokens[:n])

    def _allowed(self, sampler: ctypes.c_void_p, token: int) -> bool:
        self._one[0].id, self._one[0].logit, self._one[0].p = token, 1.0, 0.0
        array = llama_cpp.llama_token_data_array(self._one, 1, -1, False)
        llama_cpp.llama_sampler_apply(sampler, ctypes.byref(array))
        return self._one[0].logit != -math.inf

    def accepts(self, gbnf: str, text: str) -> bool:
        """Whether the grammar lets a model write exactly `text` and then stop."""
        with self._sampler(gbnf) as sampler:
            if sampler is None:
                raise AssertionError("llama.cpp refused the grammar")
            for token in self.tokenize(text):
                if not self._allowed(sampler, token):
                    return False
                llama_cpp.llama_sampler_accept(sampler, token)
            return self._allowed(sampler, llama_cpp.llama_vocab_eos(self._vocab))
