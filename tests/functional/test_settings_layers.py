"""The settings' layers through pydantic-settings (config.py): the file < SMALLOPS_* < the flags,
the environment's strings typed by each field, and a bad value named by the layer it came from."""

from __future__ import annotations

from pathlib import Path

import pytest

from smallops_tui.config import ConfigError, Settings, load_settings, settings_with_sources


def test_each_layer_wins_over_the_one_below_and_says_so(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('model = "file"\nstep_cap = 7\nbell = true\ntheme = "smallops-light"\n')
    env = {"SMALLOPS_MODEL": "env", "SMALLOPS_STEP_CAP": "9", "SMALLOPS_BELL": "off"}
    settings, sources = settings_with_sources({"step_cap": 3, "model": None}, config, env)
    assert (settings.model, settings.step_cap, settings.bell, settings.theme) == ("env", 3, False, "smallops-light")
    assert sources == {"model": "SMALLOPS_MODEL", "step_cap": "command line", "bell": "SMALLOPS_BELL",
                       "theme": "config file"}


@pytest.mark.parametrize("raw,value", [("off", False), ("no", False), ("0", False), ("false", False),
                                       ("on", True), ("yes", True), ("1", True), ("TRUE", True)])
def test_an_environment_bool_is_typed_by_the_field(raw: str, value: bool, tmp_path: Path) -> None:
    settings = load_settings(path=tmp_path / "none.toml", environ={"SMALLOPS_ALLOW_NETWORK": raw,
                                                                   "SMALLOPS_CONSTRAINED": raw})
    assert settings.allow_network is value and settings.constrained is value


def test_think_takes_a_bool_or_a_level_from_the_environment(tmp_path: Path) -> None:
    none = tmp_path / "none.toml"
    assert load_settings(path=none, environ={"SMALLOPS_THINK": "off"}).think is False
    assert load_settings(path=none, environ={"SMALLOPS_THINK": "high"}).think == "high"
    with pytest.raises(ConfigError, match=r"^environment \(SMALLOPS_\*\): think"):
        load_settings(path=none, environ={"SMALLOPS_THINK": "maybe"})


def test_pass_env_is_comma_separated_in_the_environment_and_a_list_in_the_file(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('pass_env = ["FROM_FILE"]\n')
    assert load_settings(path=config, environ={}).pass_env == ["FROM_FILE"]
    assert load_settings(path=config, environ={"SMALLOPS_PASS_ENV": "AWS_*, MY_TOKEN,"}).pass_env == ["AWS_*", "MY_TOKEN"]


def test_an_empty_variable_is_unset_and_the_keymap_is_the_files_only(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('model = "file"\n[keymap]\napprove = "ctrl+y"\n')
    settings = load_settings(path=config, environ={"SMALLOPS_MODEL": "", "SMALLOPS_KEYMAP": "{not json"})
    assert settings.model == "file" and settings.keymap == {"approve": "ctrl+y"}


@pytest.mark.parametrize("overrides,env,file,expected", [
    ({}, {}, "step_cap = 0\n", "{path}: step_cap: Input should be greater than or equal to 1"),
    ({}, {"SMALLOPS_STEP_CAP": "lots"}, "", "environment (SMALLOPS_*): step_cap: Input should be a valid integer"),
    ({"step_cap": 0}, {}, "", "command line: step_cap: Input should be greater than or equal to 1"),
    ({}, {"SMALLOPS_SANDBOX": "jail"}, "", "environment (SMALLOPS_*): sandbox: Input should be 'auto'"),
    ({}, {}, "[keymap]\napprove = 5\n", "{path}: keymap.approve: Input should be a valid string"),
])
def test_a_bad_value_is_named_by_its_layer(overrides: dict, env: dict, file: str, expected: str,
                                          tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(file)
    with pytest.raises(ConfigError) as raised:
        load_settings(overrides, path=config, environ=env)
    assert str(raised.value).startswith(expected.format(path=config)), raised.value


def test_a_bad_file_value_the_environment_replaces_is_not_in_force(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("step_cap = 0\n")
    assert load_settings(path=config, environ={"SMALLOPS_STEP_CAP": "4"}).step_cap == 4


def test_settings_built_in_code_read_no_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SMALLOPS_STEP_CAP", "77")
    assert Settings(model="m").step_cap == 20
