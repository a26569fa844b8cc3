"""Choosing the backend: Ollama when it answers, otherwise the embedded model."""

from __future__ import annotations

import pytest

from smallops_tui.config import Settings
from smallops_tui.launch import LaunchError, new_log_path, prepare_backend

from ..replay_server import ReplayServer, Reply
from ..harness import free_port


def ollama_routes() -> dict:
    return {"/api/version": [Reply("ollama_version.json")], "/api/tags": [Reply("ollama_tags.json")],
            "/api/show": [Reply("ollama_show_qwen3.json"), Reply("ollama_show_llama.json")]}


async def test_auto_uses_ollama_when_it_answers() -> None:
    async with ReplayServer(ollama_routes()) as server:
        prepared = await prepare_backend(Settings(backend="auto", url=server.url))
        await prepared.backend.aclose()
    assert prepared.label == "ollama" and prepared.backend.model == "qwen3:1.7b"
    assert prepared.think is True  # the model has the thinking capability
    assert any("no model configured" in note for note in prepared.notes)


async def test_forced_ollama_model_without_thinking_runs_with_think_off() -> None:
    async with ReplayServer(ollama_routes()) as server:
        prepared = await prepare_backend(Settings(backend="ollama", url=server.url, model="llama3.2:1b"))
        await prepared.backend.aclose()
    assert prepared.backend.model == "llama3.2:1b" and prepared.think is False


async def test_missing_model_is_a_sentence() -> None:
    async with ReplayServer(ollama_routes()) as server:
        with pytest.raises(LaunchError, match="ollama pull phi9"):
            await prepare_backend(Settings(backend="ollama", url=server.url, model="phi9"))


async def test_auto_falls_back_to_the_embedded_model_when_no_ollama_answers() -> None:
    from smallops_tui.backends.embedded import available

    settings = Settings(backend="auto", url=f"http://127.0.0.1:{free_port()}")
    if not available():
        with pytest.raises(LaunchError, match="embedded model is not installed"):
            await prepare_backend(settings)
        return
    prepared = await prepare_backend(settings)
    assert prepared.label == "embedded" and "no Ollama at" in prepared.notes[0]


def test_log_paths_never_collide(tmp_path) -> None:
    first = new_log_path("Fix the bug in math.py!", tmp_path)
    first.write_text("x")
    second = new_log_path("Fix the bug in math.py!", tmp_path)
    assert first != second and first.name.endswith("fix-the-bug-in-math-py.jsonl")


@pytest.mark.parametrize(("model", "shipped", "chat_format"), [
    ("qwen2.5-coder-1.5b", "qwen2.5-coder-1.5b", None),  # its file carries its chat template
    ("smollm2-135m", "smollm2-135m", None),  # so does this one
    ("gemma-3-270m", "gemma-3-270m", "gemma"),  # its file has none: Gemma's is named
    ("/models/any.gguf", None, None),
])
def test_the_embedded_model_by_name_or_path_with_its_chat_format(model: str, shipped: str | None,
                                                                  chat_format: str | None) -> None:
    from smallops_tui.backends.embedded import embedded_backend

    backend = embedded_backend(None, model)
    assert (backend.shipped.name if backend.shipped else None) == shipped and backend.chat_format == chat_format
    if shipped is None:
        assert str(backend.model_path) == model


def test_an_unknown_embedded_model_names_the_choices() -> None:
    from smallops_tui.backends.embedded import embedded_backend

    with pytest.raises(LaunchError, match="use one of qwen2.5-coder-1.5b, smollm2-135m, gemma-3-270m or the path of a .gguf file"):
        embedded_backend(None, "llama-70b")


def test_the_embedded_default_is_the_coder_chosen_by_measurement() -> None:
    from smallops_tui.backends.embedded import EmbeddedBackend
    from smallops_tui.backends.embedded import embedded_backend

    assert (shipped := embedded_backend(None, None).shipped) is not None and shipped.name == "qwen2.5-coder-1.5b"
    assert EmbeddedBackend().chat_format is None  # its own chat template
