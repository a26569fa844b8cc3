"""Build wire-format reply bodies for multi-turn tests (the shapes of fixtures/streams/)."""

from __future__ import annotations

import json

from .replay_server import Reply


def ollama_body(answer: str, thinking: str = "", pieces: int = 4, done_reason: str = "stop",
                prompt_eval_count: int = 100) -> bytes:
    """An Ollama /api/chat NDJSON stream that sends `thinking` then `answer` in a few chunks."""
    lines = []
    for field, text in (("thinking", thinking), ("content", answer)):
        if not text:
            continue
        size = max(1, len(text) // pieces + 1)
        for i in range(0, len(text), size):
            message = {"role": "assistant", "content": ""}
            message[field] = text[i : i + size]
            lines.append({"model": "test", "created_at": "2026-01-01T00:00:00Z", "message": message, "done": False})
    lines.append({"model": "test", "created_at": "2026-01-01T00:00:01Z", "message": {"role": "assistant", "content": ""},
                  "done": True, "done_reason": done_reason, "prompt_eval_count": prompt_eval_count, "eval_count": 20,
                  "eval_duration": 250_000_000})
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines).encode()


def turn(answer: str | dict, thinking: str = "", prompt_eval_count: int = 100, **reply_options) -> Reply:
    text = json.dumps(answer) if isinstance(answer, dict) else answer
    return Reply("ollama_plain_answer.ndjson", body=ollama_body(text, thinking, prompt_eval_count=prompt_eval_count),
                 **reply_options)


def ollama_token_body(answer: str, thinking: str = "", token_chars: int = 4) -> bytes:
    """An /api/chat stream as Ollama sends it: one token (a few characters) per NDJSON line."""
    lines = []
    for field, text in (("thinking", thinking), ("content", answer)):
        for i in range(0, len(text), token_chars):
            message = {"role": "assistant", "content": ""}
            message[field] = text[i : i + token_chars]
            lines.append({"model": "test", "created_at": "2026-01-01T00:00:00Z", "message": message, "done": False})
    lines.append({"model": "test", "created_at": "2026-01-01T00:00:01Z", "message": {"role": "assistant", "content": ""},
                  "done": True, "done_reason": "stop", "prompt_eval_count": 100, "eval_count": len(lines),
                  "eval_duration": 250_000_000})
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines).encode()


def token_turn(answer: str | dict, thinking: str = "", **reply_options) -> Reply:
    """A turn streamed one token per HTTP chunk, as Ollama streams."""
    text = json.dumps(answer) if isinstance(answer, dict) else answer
    reply_options.setdefault("split", "lines")
    return Reply("ollama_plain_answer.ndjson", body=ollama_token_body(text, thinking), **reply_options)
