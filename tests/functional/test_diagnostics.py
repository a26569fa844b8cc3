"""`smallops models` and `smallops doctor` against the replaying server."""

from __future__ import annotations

import asyncio

import pytest

from smallops_tui.cli import main

from ..replay_server import ReplayServer, Reply
from ..harness import free_port


def ollama_routes(chat: str = "ollama_constrained_action.ndjson") -> dict:
    # /api/show answers per model, in the order /api/tags lists them: once for `auto`'s choice
    # (as `run` makes it), once for the listing or the check itself.
    return {"/api/tags": [Reply("ollama_tags.json")],
            "/api/show": [Reply("ollama_show_qwen3.json"), Reply("ollama_show_llama.json")] * 2,
            "/api/version": [Reply("ollama_version.json")],
            "/api/chat": [Reply(chat)]}


async def run_cli(*args: str) -> int:
    # The CLI runs its own event loop; the test server lives in this one.
    return await asyncio.to_thread(main, list(args))


async def test_models_table(capsys: pytest.CaptureFixture[str]) -> None:
    async with ReplayServer(ollama_routes()) as server:
        assert await run_cli("models", "--url", server.url) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["NAME", "PARAMS", "QUANT", "CONTEXT", "CAPABILITIES"]
    assert out[1].split()[:4] == ["qwen3:1.7b", "2.0B", "Q4_K_M", "40960"] and "thinking" in out[1]


async def test_models_openai(capsys: pytest.CaptureFixture[str]) -> None:
    async with ReplayServer({"/v1/models": [Reply("openai_models.json")]}) as server:
        assert await run_cli("models", "--backend", "openai", "--url", server.url) == 0
    assert "gemma-3-270m-it" in capsys.readouterr().out


async def test_models_without_a_server_is_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert await run_cli("models", "--backend", "ollama", "--url", f"http://127.0.0.1:{free_port()}") == 1
    err = capsys.readouterr().err
    assert "no Ollama at" in err and "ollama serve" in err and "Traceback" not in err


async def test_doctor_all_good(capsys: pytest.CaptureFixture[str]) -> None:
    async with ReplayServer(ollama_routes()) as server:
        assert await run_cli("doctor", "--url", server.url, "--model", "qwen3:1.7b") == 0
        request = server.requests[-1].json()
    out = capsys.readouterr().out
    assert "✓ Ollama 0.12.6" in out and "✓ model qwen3:1.7b is available" in out
    assert "can think" in out and "✓ constrained decoding works" in out and "ready for a session" in out
    assert request["format"]["oneOf"] and request["think"] is True


async def test_doctor_missing_model_says_what_to_do(capsys: pytest.CaptureFixture[str]) -> None:
    async with ReplayServer(ollama_routes()) as server:
        assert await run_cli("doctor", "--backend", "ollama", "--url", server.url, "--model", "phi9") == 1
    out = capsys.readouterr().out
    assert "✗ model 'phi9' is not on the server — `ollama pull phi9`" in out


async def test_doctor_catches_a_server_that_ignores_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    async with ReplayServer(ollama_routes(chat="ollama_length.ndjson")) as server:
        assert await run_cli("doctor", "--url", server.url, "--model", "llama3.2:1b") == 1
    out = capsys.readouterr().out
    assert "no thinking capability" in out
    assert "✗ constrained decoding did not give a valid action" in out and "--no-constrained" in out


async def test_doctor_without_a_server(capsys: pytest.CaptureFixture[str]) -> None:
    assert await run_cli("doctor", "--backend", "ollama", "--url", f"http://127.0.0.1:{free_port()}") == 1
    assert "✗ no Ollama at" in capsys.readouterr().out
