"""Where the context window comes from, discovered against a real local HTTP server (the replay
server serving Ollama's /api/tags, /api/show and /api/ps, and llama.cpp's /props): the num_ctx in
effect for Ollama, llama.cpp's n_ctx, the embedded model's n_ctx, and --context over all of them."""

from __future__ import annotations

import json
from typing import cast

from smallops_tui.agent.session.context import ContextWindow
from smallops_tui.config import Settings
from smallops_tui.backends.protocol import ServingBackend
from smallops_tui.launch import Prepared, context_for, prepare_backend

from ..replay_server import ReplayServer, Reply


def fixture_json(name: str) -> dict:
    from ..replay_server import load_fixture

    return json.loads(load_fixture(name).body)


def show(parameters: str | None = None, trained: int | None = 40960) -> Reply:
    data = fixture_json("ollama_show_qwen3.json")
    if parameters is not None:
        data["parameters"] = parameters
    data["model_info"] = {"general.architecture": "qwen3"} | ({"qwen3.context_length": trained} if trained else {})
    return Reply("ollama_show_qwen3.json", body=json.dumps(data).encode())


def ps(models: list[object]) -> Reply:
    return Reply("ollama_version.json", body=json.dumps({"models": models}).encode())


def ollama(show_reply: Reply, ps_reply: Reply) -> dict:
    tags = fixture_json("ollama_tags.json")
    tags["models"] = tags["models"][:1]  # qwen3:1.7b only: one /api/show
    return {"/api/tags": [Reply("ollama_tags.json", body=json.dumps(tags).encode())], "/api/show": [show_reply],
            "/api/ps": [ps_reply]}


async def window_of(routes: dict, **settings) -> tuple[ContextWindow | None, ReplayServer]:
    async with ReplayServer(routes) as server:
        prepared = await prepare_backend(Settings(url=server.url, **settings))
        await prepared.backend.aclose()
    return prepared.context, server


async def test_ollama_a_loaded_model_says_its_context_in_api_ps() -> None:
    loaded = ps([{"name": "qwen3:1.7b", "model": "qwen3:1.7b", "context_length": 8192}])
    window, server = await window_of(ollama(show("temperature 0.6\nnum_ctx 4096"), loaded), backend="ollama")
    assert window == ContextWindow(8192, "Ollama /api/ps: the model as loaded")
    assert [r.path for r in server.requests] == ["/api/tags", "/api/show", "/api/ps"]


async def test_ollama_not_loaded_the_modelfile_num_ctx_counts() -> None:
    window, _ = await window_of(ollama(show("temperature 0.6\nnum_ctx 6144"), ps([])), backend="ollama")
    assert window == ContextWindow(6144, "the model's Modelfile num_ctx (/api/show)")


async def test_ollama_with_nothing_said_assumes_its_default_and_says_so() -> None:
    window, _ = await window_of(ollama(show("temperature 0.6"), ps([])), backend="ollama")
    assert window is not None and window.tokens == 4096
    assert window.source.startswith("Ollama's default num_ctx, assumed")


async def test_ollama_never_exceeds_the_trained_context() -> None:
    window, _ = await window_of(ollama(show("temperature 0.6", trained=2048), ps([])), backend="ollama")
    assert window is not None and window.tokens == 2048 and "capped at the model's trained context" in window.source


async def test_ollama_the_num_ctx_smallops_sends_is_the_one_in_effect() -> None:
    loaded = ps([{"name": "qwen3:1.7b", "model": "qwen3:1.7b", "context_length": 4096}])
    window, _ = await window_of(ollama(show("num_ctx 4096"), loaded), backend="ollama", num_ctx=16384)
    assert window == ContextWindow(16384, "num_ctx sent with each request")


async def test_ollama_a_hostile_ps_is_no_window_from_ps() -> None:
    hostile = ps([{"name": "qwen3:1.7b", "context_length": "lots"}, "junk"])
    window, _ = await window_of(ollama(show("num_ctx 3000"), hostile), backend="ollama")
    assert window == ContextWindow(3000, "the model's Modelfile num_ctx (/api/show)")


async def test_llama_cpp_props_n_ctx() -> None:
    props = {"default_generation_settings": {"n_ctx": 2048, "temperature": 0.8}, "total_slots": 1}
    routes = {"/props": [Reply("openai_models.json", body=json.dumps(props).encode())]}
    window, server = await window_of(routes, backend="openai", model="any")
    assert window == ContextWindow(2048, "llama.cpp /props n_ctx")
    assert [(r.method, r.path) for r in server.requests] == [("GET", "/props")]


async def test_a_server_without_props_has_no_window_until_told() -> None:
    window, _ = await window_of({}, backend="openai", model="any")  # /props answers 404 here
    assert window is None
    assert context_for(Settings(context=32768), _prepared(window)) == ContextWindow(32768, "--context")


async def test_context_overrides_what_discovery_found() -> None:
    loaded = ps([{"name": "qwen3:1.7b", "model": "qwen3:1.7b", "context_length": 8192}])
    async with ReplayServer(ollama(show("num_ctx 4096"), loaded)) as server:
        settings = Settings(url=server.url, backend="ollama", context=1000)
        prepared = await prepare_backend(settings)
        await prepared.backend.aclose()
    assert prepared.context == ContextWindow(8192, "Ollama /api/ps: the model as loaded")
    assert context_for(settings, prepared) == ContextWindow(1000, "--context")


async def test_the_embedded_model_knows_its_n_ctx() -> None:
    prepared = await prepare_backend(Settings(backend="embedded"))
    assert prepared.context == ContextWindow(8192, "the embedded model's n_ctx")


def _prepared(context: ContextWindow | None) -> Prepared:
    """A Prepared with no backend behind it: context_for and session_config read none."""
    return Prepared(cast(ServingBackend, None), "openai", None, context=context)


def test_the_settings_reach_the_session_and_its_log_header(tmp_path) -> None:
    from smallops_tui.agent import Workspace
    from smallops_tui.agent.session.records import make_header
    from smallops_tui.cli.parser import build_parser
    from smallops_tui.session_setup import session_config
    from smallops_tui.config import load_settings

    args = build_parser().parse_args(["run", "t", "--think-budget", "800", "--context", "3000",
                                      "--context-rule", "drop-oldest", "--keep-turns", "2"])
    settings = load_settings({"think_budget": args.think_budget, "context": args.context,
                              "context_rule": args.context_rule, "keep_turns": args.keep_turns},
                             path=tmp_path / "none.toml", environ={})
    config = session_config("t", settings, _prepared(ContextWindow(8192, "llama.cpp /props n_ctx")))
    assert (config.think_budget, config.context_window, config.context_source) == (800, 3000, "--context")
    assert (config.context_rule, config.keep_turns) == ("drop-oldest", 2)
    options = make_header(config, Workspace(tmp_path)).options
    assert options["think_budget"] == 800 and options["context_window"] == 3000
    assert options["context_rule"] == "drop-oldest" and options["keep_turns"] == 2


def test_a_bad_budget_is_a_sentence(tmp_path) -> None:
    import pytest

    from smallops_tui.config import ConfigError, load_settings

    with pytest.raises(ConfigError, match="think_budget"):
        load_settings({"think_budget": 0}, path=tmp_path / "none.toml", environ={})
    with pytest.raises(ConfigError, match="context_rule"):
        load_settings({}, path=tmp_path / "none.toml", environ={"SMALLOPS_CONTEXT_RULE": "summarise"})


def test_the_budget_and_the_context_come_from_the_config_file_too(tmp_path) -> None:
    from smallops_tui.config import load_settings

    config = tmp_path / "config.toml"
    config.write_text('think_budget = 1200\ncontext = 16384\ncontext_rule = "drop-oldest"\n')
    settings = load_settings({}, path=config, environ={})
    assert (settings.think_budget, settings.context, settings.context_rule) == (1200, 16384, "drop-oldest")
    assert load_settings({"think_budget": 300}, path=config, environ={}).think_budget == 300  # the flag wins


def test_hostile_discovery_answers_give_no_window_not_a_traceback() -> None:
    from smallops_tui.backends.context_window import llama_cpp_window
    from smallops_tui.backends.ollama import _parameter

    hostile: list[dict[str, object]] = [
        {}, {"default_generation_settings": "n_ctx"}, {"default_generation_settings": {"n_ctx": "4096"}},
        {"default_generation_settings": {"n_ctx": True}}, {"default_generation_settings": {"n_ctx": -1}}]
    for props in hostile:
        assert llama_cpp_window(props) is None
    assert _parameter("num_ctx lots\nnum_ctx", "num_ctx") is None
    assert _parameter("temperature 0.6\nnum_ctx 0", "num_ctx") is None
    assert _parameter('stop "<|im_end|>"\nnum_ctx 2048', "num_ctx") == 2048
