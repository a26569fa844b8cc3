"""`merge` for JSON (agent/session/levers/json_merge.py): a write holding only some of a settings
file's keys is read as those keys changed, the file's own text edited in place, and anything
ambiguous or hostile is left as it was sent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.reply.kinds import WriteFile
from smallops_tui.agent.session.levers.json_merge import merged_json
from smallops_tui.agent.session.levers.merge import merge_fragment

SETTINGS = '''{
  "hostel_name": "Harbour Bunks",
  "currency": "EUR",
  "checkin": {"from": "15:00", "until": "22:00"},
  "checkout": {"by": "10:00", "late_until": "12:00", "late_fee": 8},
  "stay": {"min_nights": 1, "max_nights": 14},
  "beds": [1, 2]
}
'''


def test_a_section_sent_alone_changes_only_its_changed_value() -> None:
    """heldout9's s03: the checkout section alone, its late fee changed."""
    found = merged_json(SETTINGS, '{"checkout":{"by":"10:00","late_until":"12:00","late_fee":10}}')
    assert found == (SETTINGS.replace('"late_fee": 8', '"late_fee": 10'), ["checkout.late_fee"])


def test_a_partial_section_keeps_the_keys_it_leaves_out() -> None:
    text, names = merged_json(SETTINGS, '{"stay": {"max_nights": 21}, "checkout": {"late_fee": 10}}') or ("", [])
    assert names == ["stay.max_nights", "checkout.late_fee"]
    assert json.loads(text)["stay"] == {"min_nights": 1, "max_nights": 21}
    assert text == SETTINGS.replace('"max_nights": 14', '"max_nights": 21').replace('"late_fee": 8', '"late_fee": 10')


def test_a_new_key_goes_into_an_object_given_whole_laid_out_as_its_members_are() -> None:
    whole_stay = '{"stay": {"min_nights": 1, "max_nights": 14, "pets": false, "kids": true}}'
    text, names = merged_json(SETTINGS, whole_stay) or ("", [])
    assert names == ["stay.pets", "stay.kids"]
    assert '"stay": {"min_nights": 1, "max_nights": 14, "pets": false, "kids": true}' in text  # inline: inline
    lines = '{\n  "a": {\n    "x": 1\n  },\n  "b": 2\n}\n'
    assert merged_json(lines, '{"a": {"x": 1, "y": 2, "z": 3}}') == (
        '{\n  "a": {\n    "x": 1,\n    "y": 2,\n    "z": 3\n  },\n  "b": 2\n}\n', ["a.y", "a.z"])  # in order
    assert merged_json('{"a": {}, "b": 1}', '{"a": {"x": 1, "y": 2}}') == ('{"a": {"x": 1, "y": 2}, "b": 1}', ["a.x", "a.y"])


def test_a_key_added_beside_keys_left_out_is_added() -> None:
    """heldout10's t04 shape, in JSON: a new section and a changed one, the rest left out."""
    text, names = merged_json(SETTINGS, '{"wifi": {"free": true}, "stay": {"max_nights": 21}}') or ("", [])
    assert names == ["stay.max_nights", "wifi"]
    assert text == SETTINGS.replace('"max_nights": 14', '"max_nights": 21').replace(
        '  "beds": [1, 2]\n', '  "beds": [1, 2],\n  "wifi": {"free": true}\n')


@pytest.mark.parametrize("before, fragment, value", [
    ('{"flags": [1, 0], "port": 80, "name": "x"}', '{"flags": [true, false], "port": 8080}', [True, False]),
    ('{"roles": [{"admin": 1}], "n": 1}', '{"roles": [{"admin": true}]}', [{"admin": True}]),
    ('{"w": [1, 2], "n": 1}', '{"w": [1.0, 2.0]}', [1.0, 2.0]),
])
def test_a_value_of_another_json_type_is_a_change(before: str, fragment: str, value: object) -> None:
    text, _ = merged_json(before, fragment) or ("", [])
    got = json.loads(text)
    key = next(iter(json.loads(fragment)))
    assert json.dumps(got[key]) == json.dumps(value)


def test_a_value_is_written_as_the_model_wrote_it() -> None:
    """Its numbers and escapes as sent: never re-dumped (1e400 would come out as Infinity, which
    is no JSON; a lone \\ud83d escape as a character no UTF-8 file can hold)."""
    before = '{"sep": "-", "ratio": 0.5, "name": "Café"}'
    assert merged_json(before, '{"sep": "\\ud83d", "ratio": 0.30000000000000000000001}') == (
        '{"sep": "\\ud83d", "ratio": 0.30000000000000000000001, "name": "Café"}', ["sep", "ratio"])
    assert merged_json(before, '{"ratio": 1e400}') is None  # no JSON parser reads it back as a number


def test_two_hundred_changes_at_most_make_a_fragment() -> None:
    before = json.dumps({f"k{i}": i for i in range(1_000)})
    assert merged_json(before, json.dumps({f"k{i}": -i for i in range(1, 300)})) is None  # 299 changes
    assert merged_json(before, json.dumps({f"k{i}": -i for i in range(1, 150)})) is not None


def test_a_fragment_that_changes_nothing_is_the_file_itself() -> None:
    """Sent again once merged (heldout10's t02): the whole file as it is, so `noop` and `again`
    answer it, not `dropped` with "removes" what the write left out."""
    assert merged_json(SETTINGS, '{"checkout": {"by": "10:00", "late_until": "12:00", "late_fee": 8}}') == (SETTINGS, [])


def test_a_value_of_another_type_is_written_whole() -> None:
    text, names = merged_json(SETTINGS, '{"checkin": "any time"}') or ("", [])
    assert names == ["checkin"] and json.loads(text)["checkin"] == "any time"


@pytest.mark.parametrize("fragment", [
    SETTINGS,  # every key: a whole-file write, taken as written
    SETTINGS.replace('  "beds": [1, 2]\n', '  "beds": [1, 2],\n  "wifi": true\n'),  # every key and one more
    '{"port": 8080}',  # none of this file's keys: not a fragment of it
    '[1, 2]', '"text"', '{}', 'not json', '{"checkout": ',
    '{"a": ' * 100_000 + '1' + '}' * 100_000,  # too deep to read
])
def test_what_is_not_plainly_a_fragment_is_left_as_sent(fragment: str) -> None:
    assert merged_json(SETTINGS, fragment) is None


@pytest.mark.parametrize("before", [
    '[{"a": 1}]',  # not an object
    '{"a": 1, "b": 2',  # the file does not parse
    '{"a": ' * 100_000 + '1' + '}' * 100_000,
])
def test_a_file_that_is_no_object_is_not_merged_into(before: str) -> None:
    assert merged_json(before, '{"a": 3}') is None


def test_a_compact_file_a_key_repeated_and_text_outside_ascii() -> None:
    compact = '{"name":"Caf\\u00e9","n":1,"n":2,"deep":{"x":{"y":1}},"z":0}'
    text, names = merged_json(compact, '{"deep": {"x": {"y": 5}}, "n": 3}') or ("", [])
    assert names == ["deep.x.y", "n"] and json.loads(text) == {"name": "Café", "n": 3, "deep": {"x": {"y": 5}}, "z": 0}
    assert text.startswith('{"name":"Caf\\u00e9"')  # the rest of the text as it was
    café = '{\n    "name": "Café",\n    "n": 1\n}\n'
    assert merged_json(café, '{"n": 2}') == ('{\n    "name": "Café",\n    "n": 2\n}\n', ["n"])


@pytest.mark.parametrize("task", ["Rename the key colour to color in c.json.", "Get rid of the legacy section.",
                                  "Remove the size setting.", "Take out the debug flag and set the port to 8080."])
def test_a_task_that_renames_or_takes_away_is_never_merged(tmp_path: Path, task: str) -> None:
    """An attacker's review: merged, a key the write leaves out on purpose would stay."""
    (tmp_path / "c.json").write_text('{"colour": "red", "size": 3, "legacy": {}, "debug": true, "port": 80}\n')
    write = WriteFile(path="c.json", content='{"color": "red", "port": 8080}')
    assert merge_fragment(write, Workspace(tmp_path), task) == (write, [])
    merged, repairs = merge_fragment(write, Workspace(tmp_path), "Set the port to 8080.")
    assert [r.kind for r in repairs] == ["fragment_merged"]
