"""The shared line diff: it must describe exactly the change, like difflib does."""

from __future__ import annotations

import difflib

from hypothesis import given, settings
from hypothesis import strategies as st

from smallops_tui.agent.files.linediff import group_opcodes, line_opcodes


def apply(a: list[str], b: list[str], opcodes) -> list[str]:
    out: list[str] = []
    for tag, i1, i2, j1, j2 in opcodes:
        out.extend(a[i1:i2] if tag == "equal" else b[j1:j2])
    return out


def check(a: list[str], b: list[str]) -> None:
    ops = line_opcodes(a, b)
    assert apply(a, b, ops) == b
    i = j = 0
    for tag, i1, i2, j1, j2 in ops:
        assert (i1, j1) == (i, j)  # contiguous, covering both sides
        if tag == "equal":
            assert a[i1:i2] == b[j1:j2]
        i, j = i2, j2
    assert (i, j) == (len(a), len(b))


lines = st.lists(st.sampled_from(["a", "b", "c", "", "x = 1", "return x", "}"]), max_size=30)


@settings(max_examples=400, deadline=None)
@given(lines, lines)
def test_opcodes_transform_a_into_b(a: list[str], b: list[str]) -> None:
    check(a, b)


@settings(max_examples=200, deadline=None)
@given(lines, lines)
def test_no_more_changed_lines_than_needed_on_unique_lines(a: list[str], b: list[str]) -> None:
    a = [f"{k}:{x}" for k, x in enumerate(a)]
    b = [f"{k}:{x}" for k, x in enumerate(b)]
    ours = sum(i2 - i1 for tag, i1, i2, _, _ in line_opcodes(a, b) if tag == "equal")
    theirs = sum(n for _, _, n in difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks())
    assert ours >= theirs  # with unique lines, patience anchoring finds at least difflib's matches


def test_hunks_match_difflib_grouping() -> None:
    a = [f"line {i}" for i in range(40)]
    b = a[:5] + ["new"] + a[6:30] + a[31:]
    ours = group_opcodes(line_opcodes(a, b))
    theirs = list(difflib.SequenceMatcher(None, a, b).get_grouped_opcodes(3))
    assert ours == theirs


def test_large_rewrite_with_repeated_lines() -> None:
    block = ["def f(x):", "    if x:", "        return 1", "    return 0", ""]
    a = [line if k % 5 != 2 else f"        return {i}" for i in range(1000) for k, line in enumerate(block)]
    b = [line if k % 5 != 2 else f"        return {i + 1}" for i in range(1000) for k, line in enumerate(block)]
    check(a, b)
    changed = sum(i2 - i1 for tag, i1, i2, _, _ in line_opcodes(a, b) if tag != "equal")
    assert changed <= 1000
