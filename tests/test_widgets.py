"""Widget logic that can be checked without a screen."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from smallops_tui.ui.render import literal, literal_str
from smallops_tui.ui.widgets import StreamText


class Unmounted(StreamText):
    """StreamText's wrapping logic with the screen parts stubbed out."""

    def _width(self) -> int:
        return 7

    def _update_size(self) -> None:
        pass

    def scroll_end(self, *args, **kwargs) -> None:
        pass

    @property
    def max_scroll_y(self) -> int:
        return 0


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["ab", "\n", "é", "界", "xyz ", "\n\n", "0123456789"]), max_size=40).map("".join),
       st.lists(st.integers(0, 200), max_size=8))
def test_incremental_wrapping_equals_wrapping_everything_at_once(text: str, cuts: list[int]) -> None:
    streamed, whole = Unmounted(), Unmounted()
    last = 0
    for cut in sorted(c for c in cuts if c <= len(text)) + [len(text)]:
        streamed.append(text[last:cut])
        last = cut
    whole.append(text)
    assert streamed._wrapped == whole._wrapped
    assert sum(streamed._counts) == len(streamed._wrapped)
    assert streamed.text == text


def test_literal_makes_control_characters_visible() -> None:
    assert literal_str("a\x1b[31mb\x07\r\nc\td") == "a\\x1b[31mb\\x07\nc   d"
    text = literal("[red]x[/red]")
    assert text.plain == "[red]x[/red]" and not text.spans
