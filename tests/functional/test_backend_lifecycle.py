"""A backend's HTTP client belongs to the event loop that uses it, and a server cannot exhaust
the app: each test talks to a real keep-alive server on 127.0.0.1.

`smallops run` discovers models inside one `asyncio.run`, then the app runs its own loop. A
kept-alive connection from the first loop reused by the second fails with "Event loop is
closed" — the bug every Ollama session hit at step 1. These tests reproduce that path exactly.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import tracemalloc

import httpx
import pytest

from smallops_tui.agent.reply.stream import Failed, Finished, StreamNotice
from smallops_tui.backends import OllamaBackend, StreamEvent
from smallops_tui.backends import http as http_module
from smallops_tui.config import Settings
from smallops_tui.launch import prepare_backend

from ..replay_server import ReplayServer, Reply, ThreadedReplayServer
from ..streams import turn
from smallops_tui.backends.protocol import ServingBackend

MESSAGES = [{"role": "user", "content": "fix the bug"}]
CHAT = "/api/chat"


def discovery_routes(*chat: Reply) -> dict[str, list[Reply]]:
    return {"/api/version": [Reply("ollama_version.json")], "/api/tags": [Reply("ollama_tags.json")],
            "/api/show": [Reply("ollama_show_qwen3.json"), Reply("ollama_show_llama.json")], CHAT: list(chat)}


async def _two_turns(backend: ServingBackend) -> list[list[StreamEvent]]:
    turns = []
    for _ in range(2):
        turns.append([event async for event in backend.stream_chat(MESSAGES)])
    await backend.aclose()
    return turns


def test_discovery_then_two_turns_on_the_apps_own_loop_as_smallops_run_does() -> None:
    replies = (turn({"action": "read_file", "path": "a.py"}), turn({"action": "done", "summary": "ok"}))
    with ThreadedReplayServer(discovery_routes(*replies)) as server:
        # Exactly as `smallops run` (cli/run.py): discovery in its own asyncio.run, the session in another loop.
        prepared = asyncio.run(prepare_backend(Settings(backend="ollama", url=server.url, model="qwen3:1.7b")))
        # Discovery asks /api/show for several models at once (SHOW_AT_ONCE), one connection each.
        by_discovery = server.connections_opened
        first, second = asyncio.run(_two_turns(prepared.backend))
    assert isinstance(first[-1], Finished), first[-1]
    assert isinstance(second[-1], Finished), second[-1]
    assert json.loads(second[-1].content) == {"action": "done", "summary": "ok"}
    chats = [r for r in server.requests if r.path == CHAT]
    assert len(chats) == 2 and len(server.requests) > 2
    # The server kept connections alive: discovery's, then one connection for both turns.
    assert 1 <= by_discovery <= 2 and server.connections_opened == by_discovery + 1


def test_a_backend_used_on_a_closed_loop_opens_a_new_client_on_the_next() -> None:
    with ThreadedReplayServer({CHAT: [turn({"action": "list_dir", "path": "."})]}) as server:
        backend = OllamaBackend(server.url, "m")

        async def one_turn() -> list[StreamEvent]:
            return [event async for event in backend.stream_chat(MESSAGES)]  # not closed: the pool stays

        first = asyncio.run(one_turn())
        second = asyncio.run(one_turn())
        asyncio.run(backend.aclose())
    assert isinstance(first[-1], Finished) and isinstance(second[-1], Finished)
    assert server.connections_opened == 2  # the second loop did not touch the first loop's socket


def test_a_transport_that_raises_runtime_error_ends_as_an_error_event() -> None:
    """An injected client whose pool belongs to a closed loop raises RuntimeError deep in the
    transport; the stream must still end as one `error` event, never an exception."""
    with ThreadedReplayServer({CHAT: [turn({"action": "list_dir", "path": "."})]}) as server:
        client = httpx.AsyncClient(trust_env=False)

        async def warm() -> None:
            response = await client.post(server.url + CHAT, json={"model": "m", "messages": []})
            assert response.status_code == 200  # the connection stays in the pool, bound to this loop

        asyncio.run(warm())

        async def reuse() -> list[StreamEvent]:
            backend = OllamaBackend(server.url, "m", client=client)
            return [event async for event in backend.stream_chat(MESSAGES)]

        events = asyncio.run(reuse())
    assert isinstance(events[-1], Failed), events
    assert events[-1].error.kind == "http_error" and "RuntimeError" in events[-1].error.message


# -- bounds: a server is hostile input too ------------------------------------------------------

async def test_an_error_body_that_never_ends_is_cut_in_bounded_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http_module, "ERROR_BODY_SECONDS", 0.5)
    reply = Reply("ollama_server_error.json", stall_after=10, stall_seconds=3600)
    async with ReplayServer({CHAT: [reply]}) as server:
        async with OllamaBackend(server.url, "m") as backend:
            events = [event async for event in backend.stream_chat(MESSAGES)]
    assert isinstance(events[-1], Failed) and events[-1].error.kind == "http_error"
    assert events[-1].error.status == 500 and "(cut)" in events[-1].error.message


async def stream_traced(reply: Reply) -> tuple[list[StreamEvent], int]:
    """One turn's events, and the peak memory Python allocated meanwhile (server's share included)."""
    tracemalloc.start()
    try:
        async with ReplayServer({CHAT: [reply]}) as server:
            async with OllamaBackend(server.url, "m") as backend:
                events = [event async for event in backend.stream_chat(MESSAGES)]
        return events, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


async def test_a_huge_single_line_is_refused_without_holding_it() -> None:
    body = b'{"message": {"content": "' + b"x" * (http_module.MAX_LINE_BYTES + 1024)
    events, peak = await stream_traced(Reply("ollama_plain_answer.ndjson", body=body, split="whole"))
    assert isinstance(events[-1], Failed) and events[-1].error.kind == "bad_response"
    assert "longer than 8 MiB" in events[-1].error.message
    assert peak < 8 * http_module.MAX_LINE_BYTES  # the server's own copy of the body is in there too


async def test_a_gzip_bomb_is_inflated_in_bounded_steps() -> None:
    bomb = gzip.compress(b"\0" * (200 * 2**20), compresslevel=9)  # 200 MiB of zeros in ~200 KB
    assert len(bomb) < 400 * 1024
    reply = Reply("ollama_plain_answer.ndjson", body=bomb, split="whole", extra_headers="Content-Encoding: gzip\r\n")
    events, peak = await stream_traced(reply)
    assert isinstance(events[-1], Failed) and events[-1].error.kind == "bad_response"
    assert peak < 4 * http_module.MAX_LINE_BYTES  # far below the 200 MiB the bomb inflates to


async def test_a_gzipped_stream_from_a_proxy_is_still_read() -> None:
    body = (b'{"message": {"role": "assistant", "content": "{\\"action\\": \\"done\\", \\"summary\\": \\"ok\\"}"}, '
            b'"done": false}\n{"message": {"role": "assistant", "content": ""}, "done": true, "done_reason": "stop"}\n')
    reply = Reply("ollama_plain_answer.ndjson", body=gzip.compress(body), extra_headers="Content-Encoding: gzip\r\n")
    async with ReplayServer({CHAT: [reply]}) as server:
        async with OllamaBackend(server.url, "m") as backend:
            events = [event async for event in backend.stream_chat(MESSAGES)]
    assert isinstance(events[-1], Finished) and json.loads(events[-1].content)["summary"] == "ok"


async def test_discovery_answers_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http_module, "MAX_DISCOVERY_BODY", 1024)
    huge = json.dumps({"models": [{"name": f"m{i}"} for i in range(500)]}).encode()
    async with ReplayServer({"/api/tags": [Reply("ollama_tags.json", body=huge)]}) as server:
        async with OllamaBackend(server.url) as backend:
            with pytest.raises(http_module.StreamFailure, match="more than"):
                await backend.list_models()


# -- llama-cpp-python's server (recorded from the real thing) ----------------------------------

async def test_a_server_that_refuses_json_schema_gets_json_object_with_the_schema() -> None:
    from smallops_tui.agent import parse_reply, vocabulary_schema
    from smallops_tui.backends import OpenAIBackend

    completions = "/v1/chat/completions"
    replies = [Reply("llamacpp_python_json_schema_refused.json"), Reply("llamacpp_python_constrained.sse"),
               Reply("llamacpp_python_constrained.sse")]
    async with ReplayServer({completions: replies}) as server:
        async with OpenAIBackend(server.url, "gemma") as backend:
            first = [event async for event in backend.stream_chat(MESSAGES, schema=vocabulary_schema())]
            second = [event async for event in backend.stream_chat(MESSAGES, schema=vocabulary_schema())]
    bodies = [request.json() for request in server.requests]
    assert bodies[0]["response_format"]["type"] == "json_schema"
    assert bodies[1]["response_format"] == {"type": "json_object", "schema": vocabulary_schema()}
    assert bodies[2]["response_format"]["type"] == "json_object"  # remembered: asked once, not every turn
    assert any(isinstance(e, StreamNotice) and "json_object" in e.text for e in first)
    assert not any(isinstance(e, Failed) for e in first + second)
    for events in (first, second):
        assert isinstance(events[-1], Finished) and (action := parse_reply(events[-1].content).action) is not None \
            and action.action == "list_dir"
        # The server sent no usage: the rate is estimated from the chunks, the count left unknown.
        assert (usage := events[-1].usage) is not None and usage.answer_tokens is None and usage.tokens_per_second


async def test_wrongly_typed_usage_fields_become_unknown_not_an_exception() -> None:
    body = (b'{"message": {"role": "assistant", "content": "{\\"action\\": \\"done\\", \\"summary\\": \\"x\\"}"}, '
            b'"done": false}\n{"message": {"role": "assistant", "content": ""}, "done": true, '
            b'"done_reason": ["stop"], "eval_count": "many", "prompt_eval_count": -3, "eval_duration": "soon", '
            b'"load_duration": true}\n')
    async with ReplayServer({CHAT: [Reply("ollama_plain_answer.ndjson", body=body)]}) as server:
        async with OllamaBackend(server.url, "m") as backend:
            events = [event async for event in backend.stream_chat(MESSAGES)]
    usage = events[-1].usage
    assert isinstance(events[-1], Finished)
    assert (usage.answer_tokens, usage.prompt_tokens, usage.done_reason, usage.load_seconds) == (None, None, None, None)
