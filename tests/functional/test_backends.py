"""Both backends against a real local server replaying recorded streams, with faults."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine

import pytest

from smallops_tui.agent.reply.stream import (ContentChunk, Failed, Finished, MovedChunk, StreamNotice, ThinkingChunk,
                                             Usage)
from smallops_tui.agent import Done, ReadFile, WriteFile, parse_reply, vocabulary_schema
from smallops_tui.backends import OllamaBackend, OpenAIBackend, StreamEvent
from smallops_tui.backends.ollama import default_url
from smallops_tui.backends.openai import SSEParser

from ..harness import free_port
from ..typed import first, last
from ..replay_server import FIXTURES, ReplayServer, Reply, load_fixture

MESSAGES = [{"role": "user", "content": "fix the bug"}]
CHAT = "/api/chat"
COMPLETIONS = "/v1/chat/completions"


async def collect(backend, **options) -> list[StreamEvent]:
    return [event async for event in backend.stream_chat(MESSAGES, **options)]


def usage_of(finished: Finished) -> Usage:
    """What the server said of the reply (it must have said something)."""
    assert finished.usage is not None, finished
    return finished.usage


def joined(events: list[StreamEvent], kind: type[ThinkingChunk | ContentChunk | MovedChunk | StreamNotice]) -> str:
    return "".join(e.text for e in events if isinstance(e, kind))


def live_view(events: list[StreamEvent]) -> tuple[str, str]:
    """Rebuild reasoning and answer as a live view would, applying `moved`."""
    thinking, answer = "", ""
    for e in events:
        if isinstance(e, MovedChunk):
            assert answer == e.text
            thinking, answer = thinking + e.text, ""
        elif isinstance(e, ThinkingChunk):
            thinking += e.text
        elif isinstance(e, ContentChunk):
            answer += e.text
    return thinking, answer


def test_every_fixture_says_where_it_comes_from() -> None:
    for path in FIXTURES.iterdir():
        assert load_fixture(path.name).source


# -- Ollama -------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
async def test_ollama_thinking_field_split_at_random_bytes(seed: int) -> None:
    async with ReplayServer({CHAT: [Reply("ollama_thinking.ndjson", seed=seed)]}) as server:
        async with OllamaBackend(server.url, "qwen3:1.7b") as backend:
            events = await collect(backend, think=True)
    assert joined(events, ThinkingChunk) == "The user wants the bug in math.py fixed — first I should read it. ☃"
    finished = events[-1]
    assert isinstance(finished, Finished) and finished.content == '{"action": "read_file", "path": "math.py"}'
    assert usage_of(finished).tokens_per_second == pytest.approx(80.0)
    assert usage_of(finished).prompt_tokens == 181 and usage_of(finished).answer_tokens == 40
    assert isinstance(action := parse_reply(finished.content).action, ReadFile) and action.path == "math.py"


async def test_ollama_request_body() -> None:
    async with ReplayServer({CHAT: [Reply("ollama_plain_answer.ndjson")]}) as server:
        async with OllamaBackend(server.url, "llama3.2:1b") as backend:
            await collect(backend, schema=vocabulary_schema("seed"), num_ctx=8192, seed=7, keep_alive="10m")
    body = server.requests[0].json()
    assert body["stream"] is True and body["think"] is False  # think is always sent explicitly
    assert body["format"] == vocabulary_schema("seed")
    assert body["options"] == {"temperature": 0.0, "num_ctx": 8192, "seed": 7}
    assert body["keep_alive"] == "10m"


@pytest.mark.parametrize("seed", range(6))
async def test_ollama_inline_think_tags_split_anywhere(seed: int) -> None:
    async with ReplayServer({CHAT: [Reply("ollama_inline_think.ndjson", seed=seed)]}) as server:
        async with OllamaBackend(server.url, "deepseek-r1:1.5b") as backend:
            events = await collect(backend)
    assert joined(events, ThinkingChunk) == "List the directory first, café.\n"
    assert last(events, Finished).content == '{"action": "list_dir", "path": "."}'


async def test_ollama_only_closing_tag_moves_text_to_reasoning() -> None:
    async with ReplayServer({CHAT: [Reply("ollama_close_only.ndjson", split="bytes")]}) as server:
        async with OllamaBackend(server.url, "qwen3:0.6b") as backend:
            events = await collect(backend)
    assert live_view(events) == ("Okay, the file must exist first.\n", '{"action": "done", "summary": "nothing to do"}')
    assert last(events, Finished).thinking == "Okay, the file must exist first.\n"


async def test_ollama_final_done_chunk_text_is_kept() -> None:
    async with ReplayServer({CHAT: [Reply("ollama_constrained_action.ndjson", split="lines")]}) as server:
        async with OllamaBackend(server.url, "qwen2.5-coder:1.5b") as backend:
            events = await collect(backend, schema=vocabulary_schema())
    result = parse_reply(last(events, Finished).content)
    assert isinstance(result.action, WriteFile) and result.action.content == "def add(a, b):\n    return a + b\n"


async def test_ollama_length_is_reported_as_truncated() -> None:
    async with ReplayServer({CHAT: [Reply("ollama_length.ndjson")]}) as server:
        async with OllamaBackend(server.url, "llama3.2:1b") as backend:
            events = await collect(backend)
    assert isinstance(events[-1], Finished) and events[-1].truncated
    assert (failure := parse_reply(last(events, Finished).content).failure) is not None and failure.kind == "invalid_json"


async def test_ollama_error_line_mid_stream_keeps_partial_text() -> None:
    async with ReplayServer({CHAT: [Reply("ollama_error_midstream.ndjson")]}) as server:
        async with OllamaBackend(server.url, "gemma3:1b") as backend:
            events = await collect(backend)
    error = last(events, Failed).error
    assert error.kind == "stream_error" and "an error was encountered while running the model" in error.message
    assert error.partial == '{"action": "can' and error.incomplete


async def test_ollama_model_missing_says_pull() -> None:
    async with ReplayServer({CHAT: [Reply("ollama_model_missing.json")]}) as server:
        async with OllamaBackend(server.url, "llama9") as backend:
            events = await collect(backend)
    assert len(events) == 1 and first(events, Failed).error.kind == "model_missing"
    assert "ollama pull llama9" in first(events, Failed).error.message


async def test_ollama_thinking_unsupported_retries_once_without_think() -> None:
    routes = {CHAT: [Reply("ollama_think_unsupported.json"), Reply("ollama_plain_answer.ndjson")]}
    async with ReplayServer(routes) as server:
        async with OllamaBackend(server.url, "llama3.2:1b") as backend:
            events = await collect(backend, think=True)
    assert [type(e) for e in events if isinstance(e, (StreamNotice, Finished, Failed))] == [StreamNotice, Finished]
    assert "does not support thinking" in first(events, StreamNotice).text
    assert server.requests[0].json()["think"] is True and "think" not in server.requests[1].json()


async def test_ollama_thinking_unsupported_twice_is_an_error() -> None:
    async with ReplayServer({CHAT: [Reply("ollama_think_unsupported.json")]}) as server:
        async with OllamaBackend(server.url, "llama3.2:1b") as backend:
            events = await collect(backend, think="high")
    assert len(server.requests) == 2
    assert isinstance(events[-1], Failed)


async def test_ollama_http_error_body_is_read_before_the_stream() -> None:
    async with ReplayServer({CHAT: [Reply("ollama_server_error.json")]}) as server:
        async with OllamaBackend(server.url, "gemma3:1b") as backend:
            events = await collect(backend)
    assert first(events, Failed).error.kind == "http_error" and first(events, Failed).error.status == 500
    assert "more system memory" in first(events, Failed).error.message


async def test_no_server_is_one_clear_sentence() -> None:
    port = free_port()
    async with OllamaBackend(f"http://127.0.0.1:{port}", "m") as backend:
        events = await collect(backend)
    assert first(events, Failed).error.kind == "unreachable"
    assert first(events, Failed).error.message.startswith(f"no Ollama at http://127.0.0.1:{port} — start it with `ollama serve`")


async def test_dropped_connection_keeps_partial_text_marked_incomplete() -> None:
    async with ReplayServer({CHAT: [Reply("ollama_thinking.ndjson", split="lines", drop_after=600)]}) as server:
        async with OllamaBackend(server.url, "qwen3:1.7b") as backend:
            events = await collect(backend, think=True)
    error = last(events, Failed).error
    assert error.kind == "dropped" and error.incomplete
    assert error.partial_thinking.startswith("The user wants")


async def test_stall_hits_the_idle_timeout() -> None:
    reply = Reply("ollama_thinking.ndjson", split="lines", stall_after=300, stall_seconds=30)
    async with ReplayServer({CHAT: [reply]}) as server:
        async with OllamaBackend(server.url, "qwen3:1.7b") as backend:
            events = await collect(backend, think=True, idle_timeout=0.3)
    assert last(events, Failed).error.kind == "stalled" and "0.3 s" in last(events, Failed).error.message
    assert last(events, Failed).error.partial_thinking


async def test_a_slow_consumer_is_not_a_stall_and_is_never_cancelled() -> None:
    # The idle timeout measures the server's silence while the reader waits for a chunk; time the
    # consumer spends on an event (the screen, a slow disk) is not silence, and is never cut short.
    reply = Reply("ollama_thinking.ndjson", split="lines")
    async with ReplayServer({CHAT: [reply]}) as server:
        async with OllamaBackend(server.url, "qwen3:1.7b") as backend:
            events = []
            async for event in backend.stream_chat([{"role": "user", "content": "x"}], think=True,
                                                   idle_timeout=0.1):
                events.append(event)
                if len(events) in (1, 5):
                    await asyncio.sleep(0.35)  # three idle allowances, spent by the consumer
    assert isinstance(events[-1], Finished)


async def test_cold_load_hits_the_first_byte_timeout_not_the_idle_one() -> None:
    reply = Reply("ollama_plain_answer.ndjson", head_delay=30)
    async with ReplayServer({CHAT: [reply]}) as server:
        async with OllamaBackend(server.url, "llama3.2:1b") as backend:
            events = await collect(backend, first_byte_timeout=0.3, idle_timeout=0.05)
        await server.wait_for_early_close()
    assert last(events, Failed).error.kind == "first_byte_timeout" and "still loading" in last(events, Failed).error.message


async def test_slow_cold_load_within_the_first_byte_timeout_is_fine() -> None:
    reply = Reply("llamacpp_reasoning.sse", head_delay=0.3)
    async with ReplayServer({COMPLETIONS: [reply]}) as server:
        async with OpenAIBackend(server.url, "m") as backend:
            events = await collect(backend, first_byte_timeout=10, idle_timeout=0.1)
    assert isinstance(events[-1], Finished)


async def test_slow_drip_is_not_a_stall() -> None:
    reply = Reply("ollama_plain_answer.ndjson", split="bytes", delay=0.001)
    async with ReplayServer({CHAT: [reply]}) as server:
        async with OllamaBackend(server.url, "llama3.2:1b") as backend:
            events = await collect(backend, idle_timeout=5)
    assert isinstance(events[-1], Finished) and events[-1].content == '{"action": "list_dir", "path": "."}'


async def test_garbage_line_is_skipped_with_a_notice() -> None:
    async with ReplayServer({CHAT: [Reply("ollama_thinking.ndjson", garbage_after_line=2)]}) as server:
        async with OllamaBackend(server.url, "qwen3:1.7b") as backend:
            events = await collect(backend, think=True)
    assert any(isinstance(e, StreamNotice) and "not JSON" in e.text for e in events)
    assert isinstance(events[-1], Finished) and events[-1].content == '{"action": "read_file", "path": "math.py"}'


async def test_cancellation_closes_the_server_side_connection() -> None:
    reply = Reply("ollama_thinking.ndjson", split="bytes", delay=0.02)
    async with ReplayServer({CHAT: [reply]}) as server:
        async with OllamaBackend(server.url, "qwen3:1.7b") as backend:
            started = asyncio.Event()

            async def consume() -> None:
                async for event in backend.stream_chat(MESSAGES, think=True):
                    if isinstance(event, ThinkingChunk):
                        started.set()

            task = asyncio.create_task(consume())
            await asyncio.wait_for(started.wait(), 10)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            await server.wait_for_early_close()
            assert server.client_closed_early == 1
            # No connection leaked: the pool has nothing left open.
            assert backend.client._transport._pool.connections == []


async def test_breaking_out_of_the_stream_also_closes_it() -> None:
    reply = Reply("ollama_thinking.ndjson", split="bytes", delay=0.02)
    async with ReplayServer({CHAT: [reply]}) as server:
        async with OllamaBackend(server.url, "qwen3:1.7b") as backend:
            stream = backend.stream_chat(MESSAGES, think=True)
            async for event in stream:
                if isinstance(event, ThinkingChunk):
                    break
            await stream.aclose()
            await server.wait_for_early_close()


# -- discovery ----------------------------------------------------------------------------------

async def test_ollama_discovery() -> None:
    routes = {"/api/tags": [Reply("ollama_tags.json")],
              "/api/show": [Reply("ollama_show_qwen3.json"), Reply("ollama_show_llama.json")],
              "/api/version": [Reply("ollama_version.json")]}
    async with ReplayServer(routes) as server:
        async with OllamaBackend(server.url) as backend:
            assert await backend.version() == "0.12.6"
            models = await backend.list_models()
    assert [m.name for m in models] == ["qwen3:1.7b", "llama3.2:1b"]
    assert models[0].capabilities == ("completion", "tools", "thinking") and models[0].context_length == 40960
    assert models[1].quantization == "Q8_0" and "thinking" not in models[1].capabilities
    assert server.requests[2].json() == {"model": "qwen3:1.7b"}


async def test_openai_model_list() -> None:
    async with ReplayServer({"/v1/models": [Reply("openai_models.json")]}) as server:
        async with OpenAIBackend(server.url + "/v1/") as backend:
            models = await backend.list_models()
    assert [m.name for m in models] == ["gemma-3-270m-it", "qwen3-1.7b"]


def test_ollama_host(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OLLAMA_HOST", raising=False)
    assert default_url() == "http://127.0.0.1:11434"
    for value, expected in [("0.0.0.0", "http://127.0.0.1:11434"), ("example:1234", "http://example:1234"),
                            ("https://gpu.lan:443/", "https://gpu.lan:443"), ("10.1.2.3", "http://10.1.2.3:11434")]:
        monkeypatch.setenv("OLLAMA_HOST", value)
        assert default_url() == expected


# -- OpenAI-compatible --------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
async def test_llamacpp_reasoning_content_usage_and_timings(seed: int) -> None:
    async with ReplayServer({COMPLETIONS: [Reply("llamacpp_reasoning.sse", seed=seed)]}) as server:
        async with OpenAIBackend(server.url, "gemma-3-270m-it") as backend:
            events = await collect(backend, schema=vocabulary_schema())
    assert joined(events, ThinkingChunk) == "Read the file before editing — naïve?"
    finished = last(events, Finished)
    assert finished.content == '{"action": "read_file", "path": "math.js"}'
    assert usage_of(finished).tokens_per_second == 80.0 and usage_of(finished).answer_tokens == 24
    assert usage_of(finished).done_reason == "stop"
    body = server.requests[0].json()
    assert body["response_format"]["json_schema"]["schema"] == vocabulary_schema()
    assert body["stream_options"] == {"include_usage": True}


@pytest.mark.parametrize("seed", range(4))
async def test_vllm_reasoning_and_usage_chunk(seed: int) -> None:
    async with ReplayServer({COMPLETIONS: [Reply("vllm_reasoning.sse", seed=seed)]}) as server:
        async with OpenAIBackend(server.url, "Qwen3-1.7B") as backend:
            events = await collect(backend)
    assert joined(events, ThinkingChunk) == "我想 list first."
    assert usage_of(last(events, Finished)).answer_tokens == 18 and usage_of(last(events, Finished)).prompt_tokens == 120


async def test_openai_inline_think_tags() -> None:
    async with ReplayServer({COMPLETIONS: [Reply("ollama_v1_inline_think.sse", split="bytes")]}) as server:
        async with OpenAIBackend(server.url + "/v1", "deepseek-r1:1.5b") as backend:
            events = await collect(backend)
    assert joined(events, ThinkingChunk) == "Okay, the user said done.\n"
    assert isinstance(action := parse_reply(last(events, Finished).content).action, Done) and action.summary == "READY"


@pytest.mark.parametrize("fixture", ["openai_error_in_stream.sse", "llamacpp_legacy_error.sse"])
async def test_openai_error_inside_the_stream(fixture: str) -> None:
    async with ReplayServer({COMPLETIONS: [Reply(fixture)]}) as server:
        async with OpenAIBackend(server.url, "m") as backend:
            events = await collect(backend)
    assert last(events, Failed).error.kind == "stream_error" and "context size" in last(events, Failed).error.message


async def test_openai_model_missing() -> None:
    async with ReplayServer({COMPLETIONS: [Reply("openai_model_missing.json")]}) as server:
        async with OpenAIBackend(server.url, "gemma3:12b") as backend:
            events = await collect(backend)
    assert first(events, Failed).error.kind == "model_missing" and "smallops models" in first(events, Failed).error.message


async def test_openai_stream_without_done_is_dropped() -> None:
    async with ReplayServer({COMPLETIONS: [Reply("llamacpp_reasoning.sse", split="lines", drop_after=900)]}) as server:
        async with OpenAIBackend(server.url, "m") as backend:
            events = await collect(backend)
    assert last(events, Failed).error.kind == "dropped" and last(events, Failed).error.incomplete


async def test_openai_api_key_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SMALLOPS_API_KEY", "sk-test")
    async with ReplayServer({COMPLETIONS: [Reply("vllm_reasoning.sse")]}) as server:
        async with OpenAIBackend(server.url, "m") as backend:
            assert backend.client.headers["authorization"] == "Bearer sk-test"
            await collect(backend)


def test_sse_parser_framing() -> None:
    parser = SSEParser()
    frames = []
    for line in ["event: message", "data:{\"a\":", "data: 1}", "", ": ping", "", "id: 4", "retry: 10", "data: [DONE]", ""]:
        frames += parser.feed(line)
    assert frames == [("message", '{"a":\n1}'), ("message", "[DONE]")]


def test_unknown_option_is_a_programming_error() -> None:
    backend = OllamaBackend("http://127.0.0.1:1", "m")
    with pytest.raises(TypeError, match="unknown chat options"):
        first_step = backend.stream_chat(MESSAGES, temprature=1).__anext__()
        assert isinstance(first_step, Coroutine)  # (an async generator's step)
        first_step.send(None)


@pytest.mark.parametrize("kind", ["ollama", "openai"])
@pytest.mark.parametrize("deep", [b"[" * 200_000 + b"]" * 200_000, b'{"n": ' + b"1" * 5000 + b"}"],
                         ids=["nested", "digits"])
async def test_a_deeply_nested_line_is_skipped_like_any_line_that_is_not_json(kind: str, deep: bytes) -> None:
    """`[[[[...` 200,000 deep makes json.loads raise RecursionError, a 5,000-digit number a plain
    ValueError (not a JSONDecodeError): one such line must not end the reply."""
    fixture = "ollama_thinking.ndjson" if kind == "ollama" else "llamacpp_reasoning.sse"
    lines = load_fixture(fixture).body.split(b"\n")
    body = b"\n".join(lines[:2] + [deep if kind == "ollama" else b"data: " + deep, b""] + lines[2:])
    route, backend_class = (CHAT, OllamaBackend) if kind == "ollama" else (COMPLETIONS, OpenAIBackend)
    async with ReplayServer({route: [Reply(fixture, body=body, split="lines")]}) as server:
        async with backend_class(server.url, "m") as backend:
            events = await collect(backend)
    assert any(isinstance(e, StreamNotice) and "not JSON" in e.text for e in events), events
    assert isinstance(events[-1], Finished), events[-1]
