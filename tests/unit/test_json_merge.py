"""`merge` for JSON (agent/session/levers/json_merge.py): a write holding only some of a settings
file's keys is read as those keys changed, the file's own text edited in place, and anything
ambiguous or hostile is left as it was sent."""

from __future__ import annotations

import json

import pytest

from smallops_tui.agent.session.levers.json_merge import merged_json

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


def test_a_new_key_goes_after_its_objects_last_member_laid_out_as_they_are() -> None:
    text, names = merged_json(SETTINGS, '{"wifi": true, "stay": {"pets": false}}') or ("", [])
    assert names == ["wifi", "stay.pets"]
    assert '  "beds": [1, 2],\n  "wifi": true\n}' in text  # one member a line: on its own line
    assert '"stay": {"min_nights": 1, "max_nights": 14, "pets": false}' in text  # inline: inline


def test_a_value_of_another_type_is_written_whole() -> None:
    text, names = merged_json(SETTINGS, '{"checkin": "any time"}') or ("", [])
    assert names == ["checkin"] and json.loads(text)["checkin"] == "any time"


@pytest.mark.parametrize("fragment", [
    SETTINGS,  # every key: a whole-file write, taken as written
    SETTINGS.replace('  "beds": [1, 2]\n', '  "beds": [1, 2],\n  "wifi": true\n'),  # every key and one more
    '{"port": 8080}',  # none of this file's keys: not a fragment of it
    '{"checkout": {"by": "10:00", "late_until": "12:00", "late_fee": 8}}',  # nothing changes
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
