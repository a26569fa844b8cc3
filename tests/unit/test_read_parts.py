"""What a cut read left out, sent by the reads that follow (read_parts.py)."""

from __future__ import annotations

from hypothesis import given, strategies as st

from smallops_tui.agent.session.read_parts import ReadParts


def test_a_changed_file_is_read_whole_again_and_a_whole_read_forgets_the_cut() -> None:
    parts = ReadParts()
    text = "".join(f"{n}\n" for n in range(100))
    parts.cut("./a.py", text, 10, 90, 100)
    assert parts.has_unsent("a.py")
    assert parts.next_part("a.py", text.replace("50", "fifty"), 1000) is None and not parts.has_unsent("a.py")
    parts.cut("a.py", text, 10, 90, 100)
    parts.read_whole("a.py")
    assert parts.next_part("a.py", text, 1000) is None


def test_a_line_longer_than_the_limit_is_sent_cut_and_the_reads_go_on() -> None:
    parts = ReadParts()
    text = "short\n" + "x" * 500 + "\n" + "tail\n"
    parts.cut("a.py", text, 2, 2, 3)
    part = parts.next_part("a.py", text, 100)
    assert part is not None and part.text == "x" * 100 and (part.first, part.last, part.more) == (2, 2, False)
    assert not parts.has_unsent("a.py")


@given(st.lists(st.text(alphabet="ab\u00e9", max_size=30), min_size=1, max_size=60), st.integers(1, 60),
       st.integers(0, 60), st.integers(20, 200))
def test_the_parts_cover_the_lines_left_out_in_order_each_within_the_limit(
        words: list[str], first: int, span: int, limit: int) -> None:
    text = "".join(f"{w}\n" for w in words)
    total = len(words)
    first = min(first, total)
    last = min(first + span, total)
    parts = ReadParts()
    parts.cut("f.txt", text, first, last, total)
    lines = text.splitlines(keepends=True)
    sent: list[int] = []
    while (part := parts.next_part("f.txt", text, limit)) is not None:
        assert len(part.text) <= limit
        assert part.text == "".join(lines[part.first - 1:part.last]) or part.first == part.last
        sent += range(part.first, part.last + 1)
        assert part.more == parts.has_unsent("f.txt")
    assert sent == list(range(first, last + 1))
