"""The backends satisfy the Protocols the session and the front ends ask for, and a capability a
backend lacks is asked with isinstance, never probed by name: a stand-in without it is without it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from smallops_tui.agent.reply.backend import Backend, ChatStream, SwitchesModels
from smallops_tui.agent.reply.stream import Finished, StreamEvent
from smallops_tui.agent.session.steering import model_switch_refusal
from smallops_tui.backends import OllamaBackend, OpenAIBackend, backend_info
from smallops_tui.backends.embedded import EmbeddedBackend
from smallops_tui.backends.protocol import Closes, Describes, ListsModels, Plans, ServingBackend, TracksLoading
from smallops_tui.session_setup import with_levers
from smallops_tui.agent import SessionConfig, Workspace
from smallops_tui.ui.model_switch import available_models, mark_cold_load


class StandIn:
    """Streams, names a model, and nothing else (as the tests' and a plug-in's backends)."""

    model = "stand-in"

    async def stream_chat(self, messages: list[dict[str, str]], **options: object) -> AsyncIterator[StreamEvent]:
        yield Finished()


def backends() -> list[object]:
    return [OllamaBackend("http://127.0.0.1:9", "m"), OpenAIBackend("http://127.0.0.1:9", "m"),
            EmbeddedBackend(model="")]


@pytest.mark.parametrize("backend", backends(), ids=lambda b: type(b).__name__)
def test_every_backend_serves_what_the_front_ends_ask(backend: object) -> None:
    for protocol in (ChatStream, Backend, SwitchesModels, Describes, ListsModels, Closes, ServingBackend):
        assert isinstance(backend, protocol), protocol.__name__


def test_capabilities_only_some_backends_have() -> None:
    ollama, openai, embedded = backends()
    assert [isinstance(b, TracksLoading) for b in (ollama, openai, embedded)] == [True, False, False]
    assert [isinstance(b, Plans) and b.plans for b in (ollama, openai, embedded)] == [False, False, True]


def test_a_stand_in_is_a_backend_without_the_optional_capabilities() -> None:
    stand_in = StandIn()
    assert isinstance(stand_in, Backend)
    assert not isinstance(stand_in, (SwitchesModels, Describes, ListsModels, Closes, TracksLoading, Plans))
    assert model_switch_refusal(stand_in) == "this backend cannot switch models mid-session"
    assert backend_info(stand_in).kind == ""
    assert not isinstance(object(), Backend)


def test_a_backend_says_itself_whether_it_switches() -> None:
    ollama, _, embedded = backends()
    assert model_switch_refusal(ollama) is None
    refusal = model_switch_refusal(embedded)
    assert refusal is not None and "embedded" in refusal
    assert backend_info(ollama).kind == "ollama" and backend_info(embedded).kind == "embedded"


async def test_the_palette_offers_no_models_from_a_backend_that_cannot_list_them() -> None:
    class Switches(StandIn):
        def model_switch_refusal(self) -> str | None:
            return None

    models, why = await available_models(Switches())
    assert models == [] and why == "this backend does not list its models"
    await mark_cold_load(Switches(), "other")  # tracks no loading: nothing to mark, no error


def test_the_plan_lever_only_where_the_grammar_allows_it(tmp_path) -> None:
    ollama, _, embedded = backends()
    config = SessionConfig(task="t", levers=("plan",))
    workspace = Workspace(tmp_path)
    assert with_levers(config, workspace, embedded).levers == ("plan",)
    assert with_levers(config, workspace, ollama).levers == ()
    assert with_levers(config, workspace, StandIn()).levers == ()
