"""Issue 20 (minor): 10,000 models made `smallops models` and the start of `run` take minutes, one
/api/show each, in sequence. A listing now asks for the details of the first SHOW_LIMIT only,
SHOW_AT_ONCE at a time; the rest are named from /api/tags, and `models` says so. A model chosen
from past the bound gets its details when it is chosen."""

from __future__ import annotations

import json

from smallops_tui.backends import OllamaBackend
from smallops_tui.backends.ollama import SHOW_AT_ONCE, SHOW_LIMIT
from smallops_tui.cli import main
from smallops_tui.config import Settings
from smallops_tui.diagnostics import doctor
from smallops_tui.launch import prepare_backend

from ..replay_server import Reply, ReplayServer, ThreadedReplayServer

MANY = 10_000


def _routes() -> dict[str, list[Reply]]:
    tags = {"models": [{"name": f"m{k}:latest", "details": {"parameter_size": "1B", "quantization_level": "Q4_0"}}
                       for k in range(MANY)]}
    return {"/api/version": [Reply("ollama_version.json")], "/api/tags": [Reply("ollama_tags.json",
                                                                                 body=json.dumps(tags).encode(), split="whole")],
            "/api/show": [Reply("ollama_show_qwen3.json")], "/api/ps": [Reply("ollama_version.json",
                                                                              body=b'{"models": []}')]}


async def test_a_listing_of_10000_models_asks_for_a_bounded_number_of_details() -> None:
    async with ReplayServer(_routes()) as server:
        async with OllamaBackend(server.url, "") as backend:
            models = await backend.list_models()
        shows = [r for r in server.requests if r.path == "/api/show"]
    assert len(models) == MANY and [m.name for m in models[:2]] == ["m0:latest", "m1:latest"]
    assert len(shows) == SHOW_LIMIT < MANY and 1 < SHOW_AT_ONCE <= SHOW_LIMIT
    assert all(m.shown for m in models[:SHOW_LIMIT]) and not any(m.shown for m in models[SHOW_LIMIT:])
    assert models[-1].parameter_size == "1B" and models[0].capabilities  # the list's own details, and /api/show's


def test_smallops_models_lists_them_all_and_says_which_have_details(capsys) -> None:
    with ThreadedReplayServer(_routes()) as server:
        assert main(["models", "--backend", "ollama", "--url", server.url]) == 0
        shows = [r for r in server.requests if r.path == "/api/show"]
    said = capsys.readouterr()
    assert said.out.count(":latest") == MANY and len(shows) == SHOW_LIMIT
    assert f"{MANY:,} models: the details of the first {SHOW_LIMIT} only" in said.err


async def test_a_model_chosen_from_past_the_bound_gets_its_details() -> None:
    async with ReplayServer(_routes()) as server:
        prepared = await prepare_backend(Settings(backend="ollama", url=server.url, model="m9999"))
        await prepared.backend.aclose()
        shown = [r.json()["model"] for r in server.requests if r.path == "/api/show"]
    assert prepared.backend.model == "m9999:latest" and shown[-1] == "m9999:latest"


async def test_doctor_checks_the_details_of_a_model_past_the_bound() -> None:
    async with ReplayServer(_routes()) as server:
        ok, checks = await doctor("ollama", server.url, "m9999", constrained=False)
        shown = [r.json()["model"] for r in server.requests if r.path == "/api/show"]
    said = [c.text for c in checks]
    assert ok and shown[-1] == "m9999:latest", said
    assert "m9999:latest can think: its reasoning will stream live" in said  # /api/show's capabilities, not none
