"""ThinkSplitter: streamed splitting equals a one-shot reference split for any chunking."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smallops_tui.agent import ThinkSplitter, split_reasoning

OPEN = r"<(?:think|thinking|reasoning|thought)>"
CLOSE = r"</(?:think|thinking|reasoning|thought)>"


def reference_split(text: str) -> tuple[str, str]:
    """Independent, regex-based statement of the rules (see reasoning.py's docstring)."""
    thinking: list[str] = []
    m = re.match(r"\s*" + OPEN, text)
    if m:
        rest = text[m.end():].lstrip()
    else:
        c = re.search(CLOSE, text)
        if not c:
            return "", text
        thinking.append(text[: c.start()])
        rest = text[c.end():].lstrip()
        m2 = re.match(OPEN, rest)
        if not m2:
            return "".join(thinking), rest
        rest = rest[m2.end():].lstrip()
    while True:
        c = re.search(CLOSE, rest)
        if not c:
            thinking.append(rest)
            return "".join(thinking), ""
        thinking.append(rest[: c.start()])
        rest = rest[c.end():].lstrip()
        m2 = re.match(OPEN, rest)
        if not m2:
            return "".join(thinking), rest
        rest = rest[m2.end():].lstrip()


def stream(text: str, cuts: list[int], forced_open: bool = False) -> tuple[str, str, ThinkSplitter]:
    splitter = ThinkSplitter(forced_open=forced_open)
    live_thinking: list[str] = []
    live_answer: list[str] = []
    pieces, last = [], 0
    for cut in sorted(set(c for c in cuts if 0 < c < len(text))):
        pieces.append(text[last:cut])
        last = cut
    pieces.append(text[last:])
    for piece in pieces:
        out = splitter.feed(piece)
        _apply(out, live_thinking, live_answer)
    _apply(splitter.close(), live_thinking, live_answer)
    return "".join(live_thinking), "".join(live_answer), splitter


def _apply(out, live_thinking: list[str], live_answer: list[str]) -> None:
    """What a live view does with each Split: move, then append."""
    if out.moved:
        shown = "".join(live_answer)
        assert shown == out.moved, "moved text must be exactly the answer shown so far"
        live_answer.clear()
        live_thinking.append(out.moved)
    live_thinking.append(out.thinking)
    live_answer.append(out.answer)


CASES = [
    ("<think>plan</think>answer", ("plan", "answer")),
    ("<think>\n  plan\n</think>\n\n{\"a\": 1}", ("plan\n", '{"a": 1}')),
    ("<thinking>x</thinking>y", ("x", "y")),
    ("<reasoning>x</reasoning>y", ("x", "y")),
    ("plan only</think>\n{\"action\": 1}", ("plan only", '{"action": 1}')),
    ("<think>never closed", ("never closed", "")),
    ("no tags at all", ("", "no tags at all")),
    ("  leading spaces", ("", "  leading spaces")),
    ("<think>a</think><think>b</think>c", ("ab", "c")),
    ("<think>a</think>code with <think> inside", ("a", "code with <think> inside")),
    ("<thi", ("", "<thi")),
    ("answer then </think> late", ("answer then ", "late")),
]


@pytest.mark.parametrize("text,expected", CASES)
def test_examples(text: str, expected: tuple[str, str]) -> None:
    assert split_reasoning(text) == expected
    assert reference_split(text) == expected


@pytest.mark.parametrize("text,expected", CASES)
def test_examples_split_at_every_boundary(text: str, expected: tuple[str, str]) -> None:
    for i in range(len(text) + 1):
        thinking, answer, splitter = stream(text, [i])
        assert (thinking, answer) == expected == (splitter.thinking, splitter.answer)
    thinking, answer, _ = stream(text, list(range(len(text))))  # one character at a time
    assert (thinking, answer) == expected


def test_forced_open_template() -> None:
    thinking, answer, _ = stream("plan\n</think>\n{}", [2, 9])
    assert (thinking, answer) == ("plan\n", "{}")
    thinking, answer, _ = stream("plan\n</think>{}", [3], forced_open=True)
    assert (thinking, answer) == ("plan\n", "{}")
    thinking, answer, _ = stream("still thinking", [5], forced_open=True)
    assert (thinking, answer) == ("still thinking", "")


def test_reasoning_is_released_while_it_streams() -> None:
    splitter = ThinkSplitter()
    assert splitter.feed("<think>first ").thinking == "first "
    assert splitter.in_thinking
    out = splitter.feed("part</th")
    assert out.thinking == "part"  # the partial closing tag is held back
    out = splitter.feed("ink>done")
    assert out.answer == "done" and not splitter.in_thinking


alphabet = st.sampled_from(["<think>", "</think>", "<thinking>", "</thinking>", "<", ">", "/", "t", "h", "i",
                            "n", "k", " ", "\n", "a", "{", "}", "é", "☃"])


@settings(max_examples=500, deadline=None)
@given(st.lists(alphabet, max_size=30).map("".join), st.lists(st.integers(min_value=0, max_value=200), max_size=12))
def test_any_chunking_matches_the_one_shot_reference(text: str, cuts: list[int]) -> None:
    thinking, answer, splitter = stream(text, cuts)
    expected = reference_split(text)
    assert (thinking, answer) == expected
    assert (splitter.thinking, splitter.answer) == expected


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60), st.lists(st.integers(min_value=0, max_value=80), max_size=10))
def test_text_without_tags_is_all_answer(text: str, cuts: list[int]) -> None:
    text = re.sub(r"</?(think|thinking|reasoning|thought)>", "", text)
    thinking, answer, _ = stream(text, cuts)
    assert thinking == "" and answer == text
