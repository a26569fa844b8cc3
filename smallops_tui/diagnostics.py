"""`smallops models` and `smallops doctor`: what a server offers, and whether it is usable.

Every check prints one line: a mark, what was found, and — when something is wrong — exactly
what to do about it. No tracebacks: backend failures are already sentences.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from .agent import parse_reply, vocabulary_schema
from .agent.reply.backend import Backend
from .agent.session.prompts import system_prompt
from .agent.reply.stream import Failed, Finished, StreamNotice
from .backends import DiscoveryError, ModelInfo, make_backend
from .backends.kind import BackendKind, backend_kind

OK, WARN, FAIL = "✓", "!", "✗"
DOCTOR_TASK = "List the files in the current directory."


@dataclass
class Check:
    mark: str
    text: str

    def __str__(self) -> str:
        return f"{self.mark} {self.text}"


async def list_models(kind: str, url: str | None) -> list[ModelInfo]:
    """The models the server at `url` offers (DiscoveryError: a sentence saying why not)."""
    backend = make_backend(kind, url)
    async with backend:
        return await backend.list_models()


async def doctor(name: str, url: str | None, model: str | None, constrained: bool = True) -> tuple[bool, list[Check]]:
    kind = backend_kind(name)
    checks: list[Check] = []
    try:
        made = kind.make(url, model or "")
    except DiscoveryError as exc:
        return False, [Check(FAIL, exc.message)]
    async with made as backend:
        try:
            greeting = await kind.greet(backend)
            if greeting is not None:
                checks.append(Check(OK, greeting))
            models = await backend.list_models()
            if greeting is None:
                checks.append(Check(OK, f"{kind.title} answers at {backend.base_url}"))
        except DiscoveryError as failure:
            checks.append(Check(FAIL, failure.message))
            return False, checks
        except Exception as failure:  # a model that runs here: missing extra, unreadable model file
            checks.append(Check(FAIL, str(failure)))
            return False, checks
        chosen = _choose_model(models, model, kind, checks)
        if chosen is None:
            return False, checks
        try:
            chosen = await kind.details(backend, chosen)
        except DiscoveryError as failure:
            checks.append(Check(FAIL, failure.message))
            return False, checks
        backend.model = chosen.name
        think, well, said = kind.thinking(chosen)
        checks.append(Check(OK if well else WARN, said))
        if constrained:
            ok = await _constrained_check(backend, chosen, think, checks)
            if not ok:
                return False, checks
    return all(c.mark != FAIL for c in checks), checks


def _choose_model(models: list[ModelInfo], wanted: str | None, kind: BackendKind[Any],
                  checks: list[Check]) -> ModelInfo | None:
    if not models:
        checks.append(Check(FAIL, f"the server has no models — {kind.no_models_fix()}"))
        return None
    if kind.runs_here or (wanted is None and len(models) == 1):
        checks.append(Check(OK, f"model {models[0].name}"))
        return models[0]
    if wanted:
        for m in models:
            if m.name == wanted or m.name == f"{wanted}:latest":
                checks.append(Check(OK, f"model {m.name} is available"))
                return m
        names = ", ".join(m.name for m in models[:8])
        checks.append(Check(FAIL, f"model {wanted!r} is not on the server — {kind.missing_model_fix(wanted)} "
                                  f"(it has: {names})"))
        return None
    checks.append(Check(WARN, f"no --model given; checking the first one the server lists, {models[0].name}"))
    return models[0]


async def _constrained_check(backend: Backend, model: ModelInfo, think: bool, checks: list[Check]) -> bool:
    messages = [{"role": "system", "content": system_prompt()}, {"role": "user", "content": DOCTOR_TASK}]
    started = time.monotonic()
    final: Finished | Failed | None = None
    notices = []
    async for event in backend.stream_chat(messages, schema=vocabulary_schema(), think=think, num_predict=256,
                                           forced_think=model.forced_think):
        match event:
            case StreamNotice(text=text):
                notices.append(text)
            case Finished() | Failed():
                final = event
    seconds = time.monotonic() - started
    for notice in notices:
        checks.append(Check(WARN, notice))
    if not isinstance(final, Finished):
        message = final.error.message if final is not None else "no reply"
        checks.append(Check(FAIL, f"a constrained request failed: {message}"))
        return False
    result = parse_reply(final.content)
    rate = final.usage.tokens_per_second if final.usage else None
    speed = f", {rate:.0f} tokens/s" if rate else ""
    if result.action is None:
        checks.append(Check(FAIL, f"constrained decoding did not give a valid action ({result.failure}); the server may "
                                  "ignore the schema — upgrade it, or run sessions with --no-constrained"))
        return False
    shown = final.content.strip().replace("\n", " ")
    checks.append(Check(OK, f"constrained decoding works: {shown[:80]} in {seconds:.1f} s{speed}"))
    return True
