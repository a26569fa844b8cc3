"""parse_reply against the reply corpus (tests/data/replies.json) plus properties."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smallops_tui.agent import WriteFile, parse_reply
from smallops_tui.agent.reply.kinds import Done
from smallops_tui.agent.reply.parsing import FAILURE_KINDS

from ..conftest import load

REPLIES = load("replies.json")


def test_corpus_is_big_enough_and_covers_every_failure_kind() -> None:
    assert len(REPLIES) >= 60
    assert {c["failure"] for c in REPLIES if "failure" in c} == set(FAILURE_KINDS)


@pytest.mark.parametrize("case", REPLIES, ids=[c["id"] for c in REPLIES])
def test_reply_corpus(case: dict) -> None:
    result = parse_reply(case["reply"], vocabulary=case["vocabulary"])
    kinds = [r.kind for r in result.repairs]
    for repair in case["repairs"]:
        assert repair in kinds, f"expected repair {repair!r}, got {kinds}"
    assert result.suspicious == case["suspicious"]
    if "action" in case:
        assert result.failure is None, result.failure
        assert result.action is not None and result.action.action == case["action"]
        for name, value in case.get("fields", {}).items():
            assert getattr(result.action, name) == value
    else:
        assert result.action is None
        assert result.failure is not None and result.failure.kind == case["failure"], result.failure
        # One plain sentence: no traceback text, no newlines, ends like a sentence.
        assert "\n" not in result.failure.message and "Traceback" not in result.failure.message
        if "suggest" in case:
            assert f'closest valid action is "{case["suggest"]}"' in result.failure.message


def test_unknown_action_is_never_mapped_silently() -> None:
    result = parse_reply('{"action": "create_file", "path": "a.py", "content": "x"}')
    assert result.action is None and result.failure is not None
    assert "write_file" in result.failure.message and "create_file" in result.failure.message


def test_fabricated_field_is_named_in_the_repair() -> None:
    result = parse_reply('{"action": "run_command", "command": "ls", "output": "a.py"}')
    repair = next(r for r in result.repairs if r.kind == "fabricated_field_stripped")
    assert repair.suspicious and '"output"' in repair.detail


def test_reasoning_is_kept_for_display() -> None:
    result = parse_reply('<think>check the file</think>{"action": "read_file", "path": "a"}')
    assert result.thinking == "check the file"


@pytest.mark.parametrize("tag", ["</think>", "</reasoning>"])
def test_a_closing_tag_inside_the_action_is_text_and_what_follows_it_is_no_action(tag: str) -> None:
    """Held-out q07: a write's content ran on into a plan and an action, with raw quotes. Everything
    is the write's text (the raw quotes read as part of it); the `done` inside is never the action."""
    inner = f'class P{tag} {{"action": "done", "summary": "Renamed."}}'
    result = parse_reply('{"action": "write_file", "path": "p.py", "content": "' + inner)
    assert isinstance(result.action, WriteFile) and result.action.content == inner[:-2], result
    clean = parse_reply(json.dumps({"action": "write_file", "path": "p.py", "content": f"x = 1  # {tag}\n"}))
    assert isinstance(clean.action, WriteFile) and clean.action.content == f"x = 1  # {tag}\n"
    planned = parse_reply(f'plan{tag}{{"action": "done", "summary": "ok"}}')  # a tag before the JSON ends a plan
    assert isinstance(planned.action, Done) and planned.thinking == "plan"


def test_unknown_vocabulary_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        parse_reply("{}", vocabulary="nope")


def test_deep_nesting_does_not_exhaust_the_stack() -> None:
    result = parse_reply("{" + '"a":[' * 5000 + "1" + "]" * 5000 + "}")
    assert result.failure is not None and result.failure.kind == "invalid_json"


def test_many_braces_are_bounded() -> None:
    result = parse_reply("{ " * 20000)
    assert result.action is None


@settings(max_examples=400, deadline=None)
@given(st.text())
def test_parse_reply_never_raises_on_any_text(text: str) -> None:
    result = parse_reply(text)
    assert (result.action is None) != (result.failure is None)


json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(['{', '}', '"', "'", ",", ":", "[", "]", "action", "read_file", "path", " ", "\n",
                                  "<think>", "</think>", "```", "\\", "True"]), max_size=40))
def test_parse_reply_never_raises_on_json_shaped_noise(parts: list[str]) -> None:
    result = parse_reply("".join(parts), vocabulary="extended")
    assert (result.action is None) != (result.failure is None)


@settings(max_examples=200, deadline=None)
@given(json_like)
def test_parse_reply_never_raises_on_arbitrary_json(value: object) -> None:
    import json

    result = parse_reply(json.dumps({"action": "write_file", "path": value, "content": value}))
    assert (result.action is None) != (result.failure is None)


# -- raw quotes inside an action's last string (the embedded grammar lets them through) -------------

@pytest.mark.parametrize("reply, field, value", [
    ('{"action": "write_file", "path": "main.py", "content": "# hi\\nprint("hello, " + name)\\n"}',
     "content", '# hi\nprint("hello, " + name)\n'),
    ('{"action": "run_command", "command": "grep -c "TODO" app.py"}', "command", 'grep -c "TODO" app.py'),
    ('{"action": "done", "summary": "It prints "54"."}', "summary", 'It prints "54".'),
    ('{"action": "write_file", "path": "a.py", "content": "s = \\"kept\\" + "raw""}', "content", 's = "kept" + "raw"'),
])
def test_raw_quotes_in_the_last_string_are_read_as_part_of_it(reply: str, field: str, value: str) -> None:
    result = parse_reply(reply)
    assert result.action is not None, result.failure
    assert getattr(result.action, field) == value
    assert [r.kind for r in result.repairs] == ["raw_quotes_read"]


@pytest.mark.parametrize("reply", [
    '{"action": "write_file", "path": "a"b.py", "content": "x"}',  # a quote elsewhere: not this repair's
    '{"action": "write_file", "path": "a.py", "content": "x"} {"action": "done", "summary": "a"b"}',
    '{"action": "write_file", "path": "a.py", "content": "x = 1',  # cut off
])
def test_raw_quotes_elsewhere_are_still_a_sentence(reply: str) -> None:
    result = parse_reply(reply)
    assert not any(r.kind == "raw_quotes_read" for r in result.repairs), (result.action, result.repairs)


def test_valid_json_is_never_reread_for_raw_quotes() -> None:
    result = parse_reply('{"action": "write_file", "path": "a.py", "content": "print(\\"hi\\")"}')
    assert isinstance(result.action, WriteFile) and result.action.content == 'print("hi")' and result.repairs == []


def test_a_hostile_reply_of_many_openings_is_read_once() -> None:
    """Nearly a million characters of `"content": "x` openings with no end: a failure sentence, found by
    one search and a look at the end (a single pattern over the reply took minutes on this)."""
    reply = '{"action": "write_file", "path": "a", ' + '"content": "x' * 70_000  # (under the 1,000,000 read)
    result = parse_reply(reply)
    assert result.action is None and result.failure is not None
    closed = parse_reply(reply + '"}')  # with an end it is one content, raw quotes and all
    assert isinstance(closed.action, WriteFile) and closed.action.content.count('"content": "x') == 69_999


def test_an_action_whose_string_runs_on_into_reasoning_tags_is_named_as_that_object() -> None:
    """A new user's session: `{"action": "done", "summary": "… smallops "TASK" …`} <think>…</think>` to
    the loop stop was told "the reply contains no JSON object", though it opened with one."""
    ran_on = ('{"action": "done", "summary": "The README mentions `smallops "TASK"` but no command.`} '
              + "<think>After reading the README I realized.</think> " * 3)
    failure = parse_reply(ran_on).failure
    assert failure is not None and failure.kind == "invalid_json" and "JSON object" in failure.message
    assert "contains no JSON object" not in failure.message
    # Reasoning before an answer that holds no JSON at all is still said so.
    failure = parse_reply("<think>Hmm.</think> I will list the files.").failure
    assert failure is not None and failure.kind == "no_json"
