"""Widget logic that can be checked without a screen."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from smallops_tui.ui.render import literal, literal_str
from smallops_tui.ui.wrapping import Wrapped, wrap_words

TEXT = st.lists(st.sampled_from(["ab", "\n", "é", "界", "xyz ", " ", "\n\n", "0123456789", "word "]),
                max_size=40).map("".join)


@settings(max_examples=300, deadline=None)
@given(TEXT, st.lists(st.integers(0, 200), max_size=8), st.integers(1, 12))
def test_incremental_wrapping_equals_wrapping_everything_at_once(text: str, cuts: list[int], width: int) -> None:
    streamed, whole = Wrapped(width), Wrapped(width)
    last = 0
    for cut in sorted(c for c in cuts if c <= len(text)) + [len(text)]:
        streamed.append(text[last:cut])
        last = cut
    whole.append(text)
    assert streamed.pieces == whole.pieces
    assert streamed.text == text


@settings(max_examples=300, deadline=None)
@given(TEXT.map(lambda t: t.replace("\n", "")), st.integers(2, 12))
def test_wrapped_pieces_join_back_and_fit(line: str, width: int) -> None:
    pieces = wrap_words(line, width)
    assert "".join(pieces) == line
    for piece in pieces:
        assert cell_len(piece.rstrip(" ")) <= width  # only a trailing space may stand past the edge


def test_words_are_not_broken_when_they_fit() -> None:
    assert wrap_words("hello world and more", 7) == ["hello ", "world ", "and ", "more"]
    assert wrap_words("a verylongwordthatcannotfit", 8) == ["a ", "verylong", "wordthat", "cannotfi", "t"]
    assert wrap_words("界界界界 界界", 5) == ["界界", "界界 ", "界界"]


def test_literal_makes_control_characters_visible() -> None:
    assert literal_str("a\x1b[31mb\x07\r\nc\td") == "a\\x1b[31mb\\x07\nc   d"
    text = literal("[red]x[/red]")
    assert text.plain == "[red]x[/red]" and not text.spans


def _changed_rows(before: str, after: str) -> list[str]:
    from smallops_tui.agent.files.diffs import diff_texts
    from smallops_tui.ui.render import DiffColours, diff_model

    colours = DiffColours("green", "red", "green", "red", "grey", "monokai")
    model = diff_model("x.py", diff_texts(before, after, "x.py").unified, colours)
    return [row.text.plain for row in model.unified if row.kind in ("added", "removed")]


def test_a_change_of_look_alike_letters_names_the_code_points() -> None:
    """Bytes that change while the row draws the same (or nearly): Cyrillic а for Latin a, é
    decomposed into e and a combining accent. The changed row must say which characters it holds."""
    removed, added = _changed_rows("admin = True\n", "\u0430dmin = True\n")
    assert removed == "admin = True" and "⟨U+0430⟩dmin" in added, (removed, added)
    removed, added = _changed_rows("name = 'caf\u00e9'\n", "name = 'cafe\u0301'\n")
    assert "⟨U+00E9⟩" in removed and "⟨U+0301⟩" in added, (removed, added)
    removed, added = _changed_rows("x = 1\n", "x = 2\n")  # plain ASCII edits stay as they were
    assert (removed, added) == ("x = 1", "x = 2")
    removed, added = _changed_rows("s = 'naïve'\n", "s = 'naïve!'\n")  # untouched non-ASCII stays drawn
    assert (removed, added) == ("s = 'naïve'", "s = 'naïve!'")
