"""UNREAD SETTING (agent/session/setting_checks.py): a key the session added to a configuration file
the program reads, that no code names (heldout25's j07: `[survey]` with `cold_below` and `notable`
added to trap.ini, no code changed, every test passing)."""

from __future__ import annotations

import pytest

from smallops_tui.agent.session.setting_checks import config_keys, unread_settings

INI = "[site]\nname = Hollins Wood\n"
SETTINGS = 'import configparser\n\ndef load(path="trap.ini"):\n    parser = configparser.ConfigParser()\n' \
           '    parser.read(path)\n    return parser\n'
READS = SETTINGS + '\ndef cold(parser):\n    return parser.getfloat("survey", "cold_below", fallback=10)\n'
ADDED = INI + "\n[survey]\ncold_below = 10\nnotable = Jersey Tiger, Clifden Nonpareil\n"


def test_keys_added_that_no_code_names_are_unread() -> None:
    said = unread_settings({"trap.ini": INI}, {"trap.ini": ADDED}, [("moths/settings.py", SETTINGS)])
    assert said == ["cold_below, notable, added to trap.ini, are named by no code: the program does not read them"]


def test_a_key_the_code_names_is_read_and_a_test_naming_it_does_not_count() -> None:
    code = [("moths/settings.py", READS), ("tests/test_settings.py", "notable = 1\n")]
    said = unread_settings({"trap.ini": INI}, {"trap.ini": ADDED}, code)
    assert said == ["notable, added to trap.ini, is named by no code: the program does not read it"]


@pytest.mark.parametrize(("rel", "first", "now"), [
    ("pyproject.toml", "[project]\nname = 'x'\n", "[project]\nname = 'x'\n[tool.ruff]\nline-length = 100\n"),  # a tool's
    ("trap.ini", INI, INI + "[survey\nbroken"),  # cannot be read now: said by other checks
    ("trap.ini", INI, INI),  # nothing added
])
def test_what_is_not_judged(rel: str, first: str, now: str) -> None:
    assert unread_settings({rel: first}, {rel: now}, [("moths/settings.py", SETTINGS)]) == []


def test_a_file_the_session_made_has_every_key_added() -> None:
    made = '{"attempts": 3, "retry": {"wait": 2}}'
    said = unread_settings({}, {"settings.json": made}, [("mag/send.py", 'open("settings.json")\nattempts = 1\n')])
    assert said == ["retry, wait, added to settings.json, are named by no code: the program does not read them"]


@pytest.mark.parametrize(("rel", "text", "keys"), [
    ("a.ini", "[DEFAULT]\nx = 1\n[s]\ny = 2\n", {"x", "y"}),
    ("a.toml", "[a]\nb = 1\n[a.c]\nd = 2\n", {"a", "b", "c", "d"}),
    ("a.json", '[{"k": 1}]', {"k"}),
    ("a.json", "{not json", None),
])
def test_config_keys(rel: str, text: str, keys: set[str] | None) -> None:
    assert config_keys(rel, text) == keys
