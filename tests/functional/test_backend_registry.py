"""The registry of backends (backend_names.py) is the only list of them: every registered backend
is a module whose KIND makes it under its own name, and the flags of every subcommand, the settings,
the settings screen's choices and the fork dialog offer exactly the registry's names. Parametrized
from the registry: a new backend is covered by its line alone."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import Input, Static

from smallops_tui.backend_names import AUTO, AUTO_ORDER, BACKENDS, choices, discovery_text
from smallops_tui.backends import backend_info
from smallops_tui.backends.kind import FallsBack, backend_kind
from smallops_tui.cli.parser import build_parser
from smallops_tui.config import ConfigError, Settings, load_settings
from smallops_tui.ui.screens.fork_dialog import ForkScreen, ForkTarget
from smallops_tui.ui.screens.settings_form import choices as form_choices

from ..waiting import wait_for

NAMES = [entry.name for entry in BACKENDS]
# Every subcommand that takes --backend, with the arguments it needs besides.
COMMANDS = [["run"], ["rerun", "x.jsonl"], ["models"], ["doctor"], ["bench"], ["acp"], ["replay", "--last"],
            ["sessions"]]


@pytest.mark.parametrize("name", NAMES)
async def test_a_registered_backend_is_its_modules_kind_and_is_made_under_its_name(name: str) -> None:
    kind = backend_kind(name)
    assert kind.name == name and kind.title
    backend = kind.make(None, "")
    try:
        assert backend_info(backend).kind == name
    finally:
        await backend.aclose()
    assert discovery_text(name, "http://127.0.0.1:1")


def test_auto_tries_registered_servers_and_falls_back_to_one_that_says_how() -> None:
    assert AUTO_ORDER and set(AUTO_ORDER) <= set(NAMES)
    assert isinstance(backend_kind(AUTO_ORDER[-1]), FallsBack)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_every_subcommand_takes_every_registered_backend_and_no_other(command: list[str],
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    for name in choices():
        assert parser.parse_args([*command, "--backend", name]).backend == name
    with pytest.raises(SystemExit):
        parser.parse_args([*command, "--backend", "nope"])
    said = capsys.readouterr().err
    assert "invalid choice: 'nope'" in said and all(repr(name) in said for name in NAMES)


def test_the_settings_take_the_registered_backends_and_say_which_when_another_is_asked() -> None:
    for name in choices():
        assert Settings(backend=name).backend == name
    assert form_choices("backend", []) == choices()
    with pytest.raises(ConfigError) as refused:
        load_settings({"backend": "nope"}, environ={})
    assert all(repr(name) in str(refused.value) for name in NAMES)


class ForkApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.answer: ForkTarget | None = None

    def on_mount(self) -> None:
        self.push_screen(ForkScreen(2, ForkTarget(AUTO, "", "m")), self._got)

    def _got(self, target: ForkTarget | None) -> None:
        self.answer = target


@pytest.mark.parametrize("name", NAMES)
async def test_the_fork_dialog_offers_every_registered_backend(name: str) -> None:
    app = ForkApp()
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ForkScreen), "the fork dialog")
        hint = " ".join(str(s.render()) for s in app.screen.query(Static))
        assert all(n in hint for n in NAMES)
        field = app.screen.query_one("#backend", Input)
        field.value = "nope"
        field.focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: "not 'nope'" in str(app.screen.query_one("#problem", Static).render()),
                       "the refusal")
        field.value = name
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.answer is not None, "the fork's target")
    assert app.answer == ForkTarget(name, "", "m")
