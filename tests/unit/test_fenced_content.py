"""The fenced form of a write: a JSON head without `content`, then the content as a ``` block that
ends the reply. Parsed beside the JSON form (any backend's reply may take it); what the block holds
is, byte for byte, what the write proposes."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from smallops_tui.agent import parse_reply
from smallops_tui.agent.reply.parsing import fenced_content

HEAD = '{"action": "write_file", "path": "a.py"}'


def _content(reply: str) -> str | None:
    parsed = parse_reply(reply)
    content = None if parsed.action is None else parsed.action.to_json().get("content")
    return content if isinstance(content, str) else None


def test_code_rides_after_the_json_with_no_escapes() -> None:
    reply = HEAD + '\n```python\nprint("hi")\npath = "C:\\\\x"\ndata = {"a": [1]}\n```'
    parsed = parse_reply(reply)
    assert parsed.action is not None and parsed.action.to_json() == {
        "action": "write_file", "path": "a.py", "content": 'print("hi")\npath = "C:\\\\x"\ndata = {"a": [1]}\n'}
    assert [r.kind for r in parsed.repairs] == ["content_fenced"]


def test_the_last_fence_ends_the_block_so_a_markdown_file_keeps_its_own() -> None:
    readme = "# Title\n```sh\nmake test\n```\nText.\n"
    assert _content('{"action": "write_file", "path": "README.md"}\n```markdown\n' + readme + "```\n") == readme


def test_an_empty_block_is_an_empty_file_and_a_plan_before_is_set_aside() -> None:
    assert _content(HEAD + "\n```\n```") == ""
    parsed = parse_reply("<think>write it</think>\n" + HEAD + "\n```\nx = 1\n```")
    assert parsed.action is not None and parsed.action.to_json()["content"] == "x = 1\n"
    assert parsed.thinking == "write it"


def test_a_block_cut_off_before_its_closing_fence_writes_nothing() -> None:
    parsed = parse_reply(HEAD + "\n```python\ndef f():\n    return 1\n")
    assert parsed.action is None and parsed.failure is not None and "no closing ```" in parsed.failure.message


def test_a_block_after_an_action_without_content_is_not_taken_for_content() -> None:
    for reply in ('{"action": "read_file", "path": "a.py"}\n```\nx\n```',
                  '{"action": "write_file", "path": "a.py", "content": "y\\n"}\n```\nx\n```'):
        parsed = parse_reply(reply)
        assert parsed.action is not None and "content_fenced" not in [r.kind for r in parsed.repairs]
    assert _content('{"action": "write_file", "path": "a.py", "content": "y\\n"}\n```\nx\n```') == "y\n"


def test_a_fence_that_holds_the_json_is_still_the_old_repair() -> None:
    parsed = parse_reply('Here it is:\n```json\n{"action": "read_file", "path": "a.py"}\n```')
    assert parsed.action is not None and "code_fence_stripped" in [r.kind for r in parsed.repairs]


@given(st.text())
def test_any_content_round_trips_byte_for_byte(text: str) -> None:
    content = text if text == "" or text.endswith("\n") else text + "\n"
    assert _content(HEAD + "\n```\n" + content + "```") == content
    assert fenced_content(HEAD + "\n```\n" + content + "```") == (HEAD, content)


@given(st.text(max_size=200))
def test_any_reply_parses_or_fails_without_raising(text: str) -> None:
    parse_reply(HEAD + "\n```" + text)
    parse_reply(text + "\n```\n" + text)


README_WITH_CODE = "# Tool\n\nUse it so:\n\n```python\nsettings = {\"retries\": 3}\n```\n"


@given(prose=st.sampled_from(["", "Here is the action:\n", "Sure.\n\n"]),
       language=st.sampled_from(["", "json", "JSON"]), fenced=st.booleans())
def test_a_fence_inside_a_writes_content_is_the_files_not_the_replys(prose: str, language: str, fenced: bool) -> None:
    """A README's ```python block inside a write's JSON string is written as it is, whether or not
    the whole JSON came inside a fence of its own (the fence around it was read as the reply's)."""
    action = json.dumps({"action": "write_file", "path": "README.md", "content": README_WITH_CODE})
    reply = f"{prose}```{language}\n{action}\n```" if fenced else prose + action
    parsed = parse_reply(reply)
    assert _content(reply) == README_WITH_CODE
    assert ("code_fence_stripped" in [r.kind for r in parsed.repairs]) == fenced


@pytest.mark.parametrize("before", ["```json\n", "First:\n```bash\npip install tool\n```\nNow the write:\n",
                                    "README uses ``` fences:\n"])
def test_a_fence_that_is_not_around_the_json_leaves_the_content_whole(before: str) -> None:
    """An outer fence never closed, a fenced snippet before bare JSON, ``` said in prose: the last
    ``` of the content is the file's, not the close of a fence around the reply."""
    content = "# Tool\n\n```bash\npip install tool\n```\n\nDone.\n"
    reply = before + json.dumps({"action": "write_file", "path": "README.md", "content": content})
    assert _content(reply) == content
    assert "code_fence_stripped" not in [r.kind for r in parse_reply(reply).repairs]
