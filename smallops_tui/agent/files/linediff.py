"""Line diffs, computed once per proposal and shared by the preview, the risk rules and the view.

Patience-style: lines that occur exactly once on both sides anchor the match (longest
increasing run of their positions), and difflib's SequenceMatcher only fills the small gaps
between anchors. On code this gives the diff a person expects and stays fast where difflib alone
is quadratic (a 5,000-line rewrite took difflib over a second, or minutes without autojunk).
"""

from __future__ import annotations

import bisect
import difflib
from collections.abc import Sequence

from ..reply.lines import split_lines as split_lines  # (lines as edits split them; imported from here too)

Opcode = tuple[str, int, int, int, int]
GAP_LIMIT = 400  # gaps larger than this are matched with difflib's junk heuristic on


def lines_of(text: str) -> list[str]:
    """Lines without their "\n" endings, split as split_lines() splits them."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def _unique_positions(lines: Sequence[str], lo: int, hi: int) -> dict[str, int]:
    seen: dict[str, int] = {}
    repeated: set[str] = set()
    for i in range(lo, hi):
        line = lines[i]
        if line in seen:
            repeated.add(line)
        else:
            seen[line] = i
    return {line: i for line, i in seen.items() if line not in repeated}


def _longest_increasing(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Longest run of pairs increasing in both coordinates (pairs sorted by the first)."""
    tails: list[int] = []
    tail_index: list[int] = []
    previous: list[int] = [-1] * len(pairs)
    for k, (_, j) in enumerate(pairs):
        pos = bisect.bisect_left(tails, j)
        if pos == len(tails):
            tails.append(j)
            tail_index.append(k)
        else:
            tails[pos] = j
            tail_index[pos] = k
        previous[k] = tail_index[pos - 1] if pos else -1
    run: list[tuple[int, int]] = []
    k = tail_index[-1] if tail_index else -1
    while k >= 0:
        run.append(pairs[k])
        k = previous[k]
    return run[::-1]


def matching_blocks(a: Sequence[str], b: Sequence[str]) -> list[tuple[int, int, int]]:
    """(i, j, size) runs of equal lines, in order, ending with the (len(a), len(b), 0) sentinel."""
    blocks: list[tuple[int, int, int]] = []
    stack = [(0, len(a), 0, len(b))]
    while stack:
        alo, ahi, blo, bhi = stack.pop()
        # Equal lines at both ends need no search.
        while alo < ahi and blo < bhi and a[alo] == b[blo]:
            blocks.append((alo, blo, 1))
            alo, blo = alo + 1, blo + 1
        tail = []
        while alo < ahi and blo < bhi and a[ahi - 1] == b[bhi - 1]:
            ahi, bhi = ahi - 1, bhi - 1
            tail.append((ahi, bhi, 1))
        blocks.extend(tail)
        if alo >= ahi or blo >= bhi:
            continue
        ua, ub = _unique_positions(a, alo, ahi), _unique_positions(b, blo, bhi)
        anchors = _longest_increasing(sorted((i, ub[line]) for line, i in ua.items() if line in ub))
        if not anchors:
            big = (ahi - alo) > GAP_LIMIT and (bhi - blo) > GAP_LIMIT
            matcher = difflib.SequenceMatcher(None, a[alo:ahi], b[blo:bhi], autojunk=big)
            blocks.extend((alo + i, blo + j, n) for i, j, n in matcher.get_matching_blocks() if n)
            continue
        prev_i, prev_j = alo, blo
        for i, j in anchors:
            stack.append((prev_i, i, prev_j, j))
            blocks.append((i, j, 1))
            prev_i, prev_j = i + 1, j + 1
        stack.append((prev_i, ahi, prev_j, bhi))
    blocks.sort()
    merged: list[tuple[int, int, int]] = []
    for i, j, n in blocks:
        if merged and merged[-1][0] + merged[-1][2] == i and merged[-1][1] + merged[-1][2] == j:
            merged[-1] = (merged[-1][0], merged[-1][1], merged[-1][2] + n)
        else:
            merged.append((i, j, n))
    merged.append((len(a), len(b), 0))
    return merged


def line_opcodes(a: Sequence[str], b: Sequence[str]) -> list[Opcode]:
    """Like SequenceMatcher.get_opcodes(), from the blocks above."""
    opcodes: list[Opcode] = []
    i = j = 0
    for ai, bj, size in matching_blocks(a, b):
        tag = "replace" if i < ai and j < bj else "delete" if i < ai else "insert" if j < bj else ""
        if tag:
            opcodes.append((tag, i, ai, j, bj))
        i, j = ai + size, bj + size
        if size:
            opcodes.append(("equal", ai, i, bj, j))
    return opcodes or [("equal", 0, 0, 0, 0)]


def group_opcodes(opcodes: list[Opcode], n: int = 3) -> list[list[Opcode]]:
    """Hunks with `n` lines of context, as SequenceMatcher.get_grouped_opcodes() makes them."""
    codes = list(opcodes)
    if not codes:
        codes = [("equal", 0, 1, 0, 1)]
    if codes[0][0] == "equal":
        tag, i1, i2, j1, j2 = codes[0]
        codes[0] = tag, max(i1, i2 - n), i2, max(j1, j2 - n), j2
    if codes[-1][0] == "equal":
        tag, i1, i2, j1, j2 = codes[-1]
        codes[-1] = tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n)
    nn = n + n
    group: list[Opcode] = []
    groups = []
    for tag, i1, i2, j1, j2 in codes:
        if tag == "equal" and i2 - i1 > nn:
            group.append((tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n)))
            groups.append(group)
            group = []
            i1, j1 = max(i1, i2 - n), max(j1, j2 - n)
        group.append((tag, i1, i2, j1, j2))
    if group and not (len(group) == 1 and group[0][0] == "equal"):
        groups.append(group)
    return groups
