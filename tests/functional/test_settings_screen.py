"""The settings screen (Pilot, a live session against the replaying server): `,` and the palette
open it on the config file's values; a save writes only what changed, through tomlkit, keeping the
file's comments and quoting, and the file loads back to the exact values; the theme and the
signals apply at once; a bad value is refused beside its field with the field and the reason, and
nothing is written; an emptied setting leaves the file; the key can be remapped."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from smallops_tui.config import load_settings
from smallops_tui.ui.screens.settings import SettingsScreen

from ..harness import run_app, toast_texts
from .test_palette_providers import options
from ..streams import turn
from ..waiting import wait_for
from .test_widths import footer_text
from ..typed import live_screen, plain

LIST = {"action": "list_dir", "path": "."}
DONE = {"action": "done", "summary": "looked"}
CONFIG = """\
# my settings: written by hand
theme = 'smallops-dark'   # dark at night
model = "qwen2.5-coder:1.5b"  # the small one
context = 8192

[keymap]
reject = "x"  # n is next to m
"""


def config_path() -> Path:
    return Path(os.environ["SMALLOPS_CONFIG_DIR"]) / "config.toml"


@pytest.fixture
def config() -> Path:
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(CONFIG)
    return path


async def open_screen(h, key: str = "comma") -> SettingsScreen:
    await h.proposal(1)
    await h.pilot.press(key)
    await wait_for(h.pilot, lambda: isinstance(h.app.screen, SettingsScreen), "the settings screen")
    return h.app.screen


def editor(screen: SettingsScreen, name: str):
    return screen.query_one(f"#setting-{name}")


async def test_the_key_opens_it_on_the_files_values_and_the_footer_and_palette_say_so(workspace, tmp_path,
                                                                                     config) -> None:
    # (wide: at a proposal in 120 columns the settings key is the first to leave the footer; ? and the palette keep it)
    async with run_app([turn(LIST), turn(DONE)], workspace, tmp_path, size=(170, 40)) as h:
        await h.proposal(1)
        # The footer is fitted to the keys after the proposal is drawn: wait for it, as test_widths does.
        await wait_for(h.pilot, lambda: ", settings" in footer_text(h.app), "the footer with the settings key")
        palette = {c.title: c.help for c in h.app.get_system_commands(h.app.screen)}
        assert palette["Settings"].endswith("— key ,")
        assert any(meaning.startswith("settings:") and keys == "," for keys, meaning in live_screen(h.app).help_rows())
        screen = await open_screen(h)
        assert editor(screen, "model").value == "qwen2.5-coder:1.5b"
        assert editor(screen, "context").value == "8192" and editor(screen, "think_budget").value == ""
        assert editor(screen, "theme").value == "smallops-dark" and editor(screen, "bell").value is True
        assert editor(screen, "approval").value == "manual" and editor(screen, "sandbox").value == "auto"
        await h.pilot.press("escape")
        await wait_for(h.pilot, lambda: not isinstance(h.app.screen, SettingsScreen), "the screen closed")
        assert config.read_text() == CONFIG and live_screen(h.app).awaiting_decision


async def test_saving_keeps_comments_and_quoting_and_loads_back_exactly(workspace, tmp_path, config) -> None:
    value = 'my "best" model \\ 2'
    async with run_app([turn(LIST), turn(DONE)], workspace, tmp_path) as h:
        screen = await open_screen(h)
        model = editor(screen, "model")
        model.focus()
        model.value = ""
        await h.pilot.press(*value)  # typed, as a person types it
        assert model.value == value
        editor(screen, "theme").value = "smallops-solarized"
        editor(screen, "think_budget").value = "300"
        editor(screen, "bell").value = False
        await h.pilot.press("ctrl+s")
        await wait_for(h.pilot, lambda: not isinstance(h.app.screen, SettingsScreen), "the screen saved and closed")
        await wait_for(h.pilot, lambda: h.app.theme == "smallops-solarized", "the theme applied now")
        assert h.app.attention.wanted.bell is False and h.app.attention.wanted.notify is True
        assert any("think_budget: from the next session" in toast for toast in toast_texts(h.app))
    text = config.read_text()
    for kept in ("# my settings: written by hand", "# dark at night", "# the small one", "# n is next to m",
                 "theme = 'smallops-solarized'   # dark at night", "context = 8192"):
        assert kept in text, text
    settings = load_settings(path=config, environ={})
    assert settings.model == value and settings.theme == "smallops-solarized" and settings.think_budget == 300
    assert settings.bell is False and settings.keymap == {"reject": "x"} and settings.context == 8192


@pytest.mark.parametrize("name,typed,reason", [
    ("context", "12", "context: Input should be greater than or equal to 256"),
    ("think_budget", "lots", "think_budget: Input should be a valid integer, unable to parse string as an integer"),
    ("think_budget", "0", "think_budget: Input should be greater than or equal to 1"),
])
async def test_a_bad_value_is_refused_with_the_field_and_the_reason(workspace, tmp_path, config, name, typed,
                                                                    reason) -> None:
    async with run_app([turn(LIST), turn(DONE)], workspace, tmp_path) as h:
        screen = await open_screen(h)
        editor(screen, "model").value = "another"  # a good change beside it is not saved either
        editor(screen, name).value = typed
        await h.pilot.press("ctrl+s")
        await wait_for(h.pilot, lambda: screen.refusals, "the refusal")
        assert screen.refusals == {name: reason}
        assert h.app.screen is screen and screen.focused is editor(screen, name)
        shown = plain(screen.query_one(f"#refusal-{name}"))
        summary = plain(screen.query_one("#settings-summary"))
        assert shown == reason and summary == f"not saved: {reason}"
        assert screen.query_one(f"#row-{name}").has_class("-refused")
        assert config.read_text() == CONFIG
        editor(screen, name).value = ""  # corrected (emptied): saved, the refusal gone
        await h.pilot.press("ctrl+s")
        await wait_for(h.pilot, lambda: h.app.screen is not screen, "the screen saved and closed")
    settings = load_settings(path=config, environ={})
    assert settings.model == "another" and getattr(settings, name) is None
    assert f"{name} =" not in config.read_text()  # emptied: out of the file, the default applies again


async def test_a_setting_the_environment_replaces_says_so(workspace, tmp_path, config, monkeypatch) -> None:
    monkeypatch.setenv("SMALLOPS_MODEL", "from-env")
    async with run_app([turn(LIST), turn(DONE)], workspace, tmp_path) as h:
        screen = await open_screen(h)
        assert editor(screen, "model").value == "qwen2.5-coder:1.5b"  # the file's value is what is edited
        help_text = plain(screen.query_one("#row-model").query(".setting-help").first())
        assert "now replaced by SMALLOPS_MODEL, which wins over the file" in help_text


async def test_a_config_file_that_cannot_be_used_keeps_the_screen_shut_with_a_sentence(workspace, tmp_path,
                                                                                       config) -> None:
    config.write_text("context = 'unclosed\n")
    async with run_app([turn(LIST), turn(DONE)], workspace, tmp_path) as h:
        await h.proposal(1)
        await h.pilot.press("comma")
        await wait_for(h.pilot, lambda: any("cannot be edited here" in t for t in toast_texts(h.app)), "the sentence")
        assert not isinstance(h.app.screen, SettingsScreen)
        assert any("is not valid TOML" in t for t in toast_texts(h.app))


async def test_the_palette_opens_it_and_the_keymap_moves_it(workspace, tmp_path, config) -> None:
    async with run_app([turn(LIST), turn(DONE)], workspace, tmp_path, size=(170, 40), keymap={"settings": "f2"}) as h:
        await h.proposal(1)
        await wait_for(h.pilot, lambda: "f2 settings" in footer_text(h.app), "the footer with the person's key")
        await h.pilot.press("comma")
        assert not isinstance(h.app.screen, SettingsScreen)
        await h.pilot.press("ctrl+p")
        await h.pilot.press(*"settings")
        # (the providers answer one by one: enter once the best hit is the command)
        await wait_for(h.pilot, lambda: options(h.app)[:1] and options(h.app)[0].startswith("Settings"), "the entry")
        await h.pilot.press("enter")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, SettingsScreen), "the screen, from the palette")
        await h.pilot.press("escape")
        await wait_for(h.pilot, lambda: not isinstance(h.app.screen, SettingsScreen), "closed")
        await h.pilot.press("f2")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, SettingsScreen), "the screen, on f2")


def test_the_choices_are_the_settings_own() -> None:
    from smallops_tui.ui.screens.settings_form import choices

    assert choices("sandbox", []) == ["auto", "landlock", "bwrap", "off"]
    assert choices("approval", []) == ["manual", "auto-low"]
    assert choices("theme", ["a", "b"]) == ["a", "b"]
