"""The action vocabulary and its schema for constrained decoding."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smallops_tui.agent import parse_reply, vocabulary, vocabulary_schema
from smallops_tui.agent.reply.kinds import InsertLines, ReplaceLines, WriteFile
from smallops_tui.agent.files.edits import EditError


def test_seed_vocabulary_is_exactly_the_five_actions() -> None:
    assert list(vocabulary("seed")) == ["read_file", "write_file", "list_dir", "run_command", "done"]
    assert list(vocabulary("extended"))[5:] == ["replace_lines", "insert_lines"]


@pytest.mark.parametrize("name", ["seed", "extended"])
def test_schema_is_one_object_discriminated_by_action(name: str) -> None:
    schema = vocabulary_schema(name)
    assert schema["type"] == "object"
    names = []
    for alt in schema["oneOf"]:
        assert alt["additionalProperties"] is False
        assert list(alt["properties"])[0] == "action" and alt["required"][0] == "action"
        names.append(alt["properties"]["action"]["const"])
    assert names == list(vocabulary(name))
    json.dumps(schema)  # serialisable as a request body


def test_unknown_vocabulary() -> None:
    with pytest.raises(ValueError, match="unknown vocabulary"):
        vocabulary_schema("huge")


def test_actions_round_trip_through_the_parser() -> None:
    for action in (WriteFile(path="a.py", content='x = "1"\n'), ReplaceLines(path="a", start=1, end=2, content="y")):
        result = parse_reply(json.dumps(action.to_json()), vocabulary="extended")
        assert result.action == action and result.repairs == []


def test_line_edits() -> None:
    text = "one\ntwo\nthree\n"
    assert ReplaceLines(path="f", start=2, end=2, content="TWO").edited(text, "") == "one\nTWO\nthree\n"
    assert ReplaceLines(path="f", start=1, end=3, content="").edited(text, "") == ""
    assert InsertLines(path="f", after=0, content="# top").edited(text, "") == "# top\none\ntwo\nthree\n"
    assert InsertLines(path="f", after=3, content="four").edited(text, "") == text + "four\n"
    # A file without a final newline keeps having none.
    assert InsertLines(path="f", after=1, content="x").edited("no newline", "") == "no newline\nx"
    with pytest.raises(EditError, match="has 3 lines"):
        ReplaceLines(path="f", start=3, end=4, content="x").edited(text, "")
    with pytest.raises(EditError, match="after end"):
        ReplaceLines(path="f", start=3, end=2, content="x").edited(text, "")
    with pytest.raises(EditError, match="has 3 lines"):
        InsertLines(path="f", after=4, content="x").edited(text, "")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="ab \t", max_size=5), max_size=8), st.data())
def test_replace_then_reinsert_restores_lines(lines: list[str], data: st.DataObject) -> None:
    text = "".join(line + "\n" for line in lines)
    if not lines:
        return
    start = data.draw(st.integers(1, len(lines)))
    end = data.draw(st.integers(start, len(lines)))
    removed = "".join(line + "\n" for line in lines[start - 1 : end])
    same = ReplaceLines(path="f", start=start, end=end, content=removed).edited(text, "")
    assert same == text
