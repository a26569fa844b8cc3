"""Settings layering, theme files, and the command palette."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.config import ConfigError, load_settings, save_setting
from smallops_tui.ui.themes import SHIPPED_DIR, load_themes
from ..apps import live_app


def test_layers_file_then_environment_then_flags(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('model = "from-file"\nstep_cap = 7\ntheme = "smallops-light"\n')
    env = {"SMALLOPS_MODEL": "from-env", "SMALLOPS_CONSTRAINED": "off"}
    settings = load_settings({"model": None, "step_cap": 3}, path=config, environ=env)
    assert settings.model == "from-env" and settings.step_cap == 3 and settings.theme == "smallops-light"
    assert settings.constrained is False
    assert load_settings({"model": "flag"}, path=config, environ=env).model == "flag"


@pytest.mark.parametrize("content,message", [
    ("step_cap = 0\n", "step_cap"),
    ("nonsense = 1\n", "unknown setting 'nonsense'"),
    ("this is not toml", "not valid TOML"),
    ('backend = "gpt"\n', "backend"),
])
def test_bad_config_file_is_a_sentence(tmp_path: Path, content: str, message: str) -> None:
    config = tmp_path / "config.toml"
    config.write_text(content)
    with pytest.raises(ConfigError, match=message):
        load_settings(path=config, environ={})


def test_bad_environment_value_names_the_source(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="SMALLOPS_"):
        load_settings(path=tmp_path / "none.toml", environ={"SMALLOPS_STEP_CAP": "lots"})


def test_theme_choice_persists_without_touching_other_settings(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('# mine\nmodel = "m"\n')
    save_setting("theme", "smallops-solarized", config)
    save_setting("theme", "smallops-light", config)
    text = config.read_text()
    assert text.count("theme =") == 1 and '# mine' in text
    assert load_settings(path=config, environ={}).theme == "smallops-light"


CONFIG = """\
# my settings: written by hand
theme = 'smallops-dark'   # dark at night
model = "qwen2.5-coder:1.5b"  # the small one

[keymap]
approve = "ctrl+y"  # y is too easy to hit
"""


@pytest.mark.parametrize("value", ['my "best" theme', "back\\slash", "it's", "smallops-light"])
def test_saving_keeps_comments_quoting_and_tables_and_escapes_the_value(value: str, tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(CONFIG)
    save_setting("theme", value, config)
    text = config.read_text()
    settings = load_settings(path=config, environ={})
    assert settings.theme == value and settings.model == "qwen2.5-coder:1.5b"
    assert settings.keymap == {"approve": "ctrl+y"}
    for kept in ("# my settings: written by hand", "# dark at night", "# the small one", "# y is too easy to hit",
                 'model = "qwen2.5-coder:1.5b"'):
        assert kept in text
    assert text.count("theme =") == 1
    if value == "smallops-light":
        assert "theme = 'smallops-light'   # dark at night" in text  # their quoting, where the value allows it


def test_a_new_setting_lands_above_the_tables(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[keymap]\napprove = \"ctrl+y\"\n")
    save_setting("theme", "smallops-light", config)
    settings = load_settings(path=config, environ={})
    assert settings.theme == "smallops-light" and settings.keymap == {"approve": "ctrl+y"}


def test_a_file_that_is_not_toml_is_not_touched(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("theme = \"unclosed\n# keep me\n")
    before = config.read_bytes()
    with pytest.raises(ConfigError, match=r"is not valid TOML .*; theme was not saved"):
        save_setting("theme", "smallops-light", config)
    assert config.read_bytes() == before


def test_shipped_themes_load_and_one_is_light() -> None:
    loaded = load_themes(user_dir=Path("/nonexistent"))
    assert loaded.errors == []
    names = {t.name: t for t in loaded.themes}
    assert {"smallops-dark", "smallops-light", "smallops-solarized"} <= set(names)
    assert not names["smallops-light"].dark
    assert len(list(SHIPPED_DIR.glob("*.toml"))) >= 3


def test_bad_user_theme_is_reported_not_fatal(tmp_path: Path) -> None:
    (tmp_path / "good.toml").write_text((SHIPPED_DIR / "smallops-dark.toml").read_text().replace(
        'name = "smallops-dark"', 'name = "mine"'))
    (tmp_path / "bad-colour.toml").write_text('name = "x"\nprimary = "not-a-colour"\n[variables]\n')
    (tmp_path / "missing.toml").write_text('name = "y"\nprimary = "#ffffff"\n[variables]\nrisk-low = "#00ff00"\n')
    (tmp_path / "broken.toml").write_text("name = ")
    loaded = load_themes(user_dir=tmp_path)
    assert "mine" in {t.name for t in loaded.themes}
    assert len(loaded.errors) == 3
    assert any("not a colour" in e for e in loaded.errors) and any("missing app colours" in e for e in loaded.errors)


async def test_user_theme_is_usable_and_errors_are_shown(tmp_path: Path, monkeypatch, workspace) -> None:
    from smallops_tui.agent.session.loop import SessionConfig

    themes = Path(tmp_path / "config" / "themes")
    themes.mkdir(parents=True)
    (themes / "mine.toml").write_text((SHIPPED_DIR / "smallops-light.toml").read_text().replace(
        'name = "smallops-light"', 'name = "mine"'))
    (themes / "bad.toml").write_text("name = ")
    chosen: list[str] = []
    app = live_app(object(), workspace, SessionConfig(task=""), theme="mine", on_theme_change=chosen.append)
    async with app.run_test() as pilot:
        assert app.theme == "mine" and app.theme_errors and "bad.toml" in app.theme_errors[0]
        app.theme = "smallops-solarized"
        await pilot.pause()
        assert chosen == ["smallops-solarized"]
        assert app.get_css_variables()["risk-high"] == "#dc322f"


async def test_command_palette_offers_every_action(workspace) -> None:
    from smallops_tui.agent.session.loop import SessionConfig

    app = live_app(object(), workspace, SessionConfig(task=""))
    async with app.run_test():
        titles = {command.title for command in app.get_system_commands(app.screen)}
        for title in ("Approve", "Reject", "Edit", "Cancel", "Retry", "Undo", "Stop", "Reasoning", "Diff view", "Help"):
            assert title in titles
