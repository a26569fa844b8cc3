"""A command longer than the diff pane is wide is folded, never clipped (issue 20): every character
of it is on screen at 120×40 and at 80×24, folded again when the terminal is resized, in its
colours, with a dim mark where a row goes on; what is approved is still the command, byte for byte."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.selection import Selection

from smallops_tui.ui.widgets.diff_view import DiffView
from smallops_tui.ui.render import highlight_lines
from smallops_tui.ui.wrap import CONTINUES, CONTINUES_LITERAL, fold_rows

from ..harness import run_app
from ..streams import turn
from ..waiting import wait_for
from ..typed import panes_of

SIZES = [(120, 40), (80, 24)]


def _style(style: str | Style) -> Style:
    assert isinstance(style, Style), style  # highlight_lines styles its spans with Style objects
    return style


def long_command() -> tuple[str, str]:
    """A 300-character command whose every character is where it is for a reason: numbered words,
    so a lost or repeated piece shows, and an end unlike its start."""
    head, tail = "printf '%s' '", "' > out.txt && echo THE-END"
    words: list[str] = []
    n = 0
    while len(head) + len("-".join(words)) + len(tail) < 300 - 5:
        words.append(f"w{n:03d}")
        n += 1
    payload = "-".join(words)
    payload += "x" * (300 - len(head) - len(payload) - len(tail))
    command = head + payload + tail
    assert len(command) == 300
    return command, payload


async def pane_rows(h) -> list[tuple[str, list]]:
    """What the screen draws inside the diff pane, row by row as (text, segments), read a page at a
    time from the top down as a person scrolls it (at 80×24 the pane is three rows high)."""
    view = h.app.query_one(DiffView)
    region = view.scrollable_content_region
    drawn: dict[int, tuple[str, list]] = {}
    for top in range(0, max(1, view.virtual_size.height), region.height):
        view.scroll_to(y=top, animate=False)
        await h.pilot.pause()
        strips = h.app.screen._compositor.render_strips()
        for offset, strip in enumerate(strips[region.y:region.bottom]):
            cropped = strip.crop(region.x, region.right)
            drawn.setdefault(view.scroll_offset.y + offset, (cropped.text, list(cropped)))
    view.scroll_to(y=0, animate=False)
    await h.pilot.pause()
    return [drawn[y] for y in sorted(drawn) if y < view.virtual_size.height]


def unfolded(rows: list[tuple[str, list]]) -> str:
    """The pane's rows with each folded line joined again, its marks taken out."""
    text = ""
    for row, _ in rows:
        row = row.rstrip()
        text += row[:-1] if row.endswith(CONTINUES) else row + "\n"
    return text


async def assert_whole_on_screen(h, command: str) -> None:
    await h.pilot.pause()
    view = h.app.query_one(DiffView)
    rows = await pane_rows(h)
    assert command in unfolded(rows).split("\n")  # every character, in order, one line again
    assert any(row.rstrip().endswith(CONTINUES) for row, _ in rows), "the command was not folded"
    for row, _ in rows:  # nothing past the pane's right edge: each row ends inside it
        assert cell_len(row.rstrip()) <= view.scrollable_content_region.width
    assert view.max_scroll_x == 0  # nothing to scroll sideways to
    # The marks are dim, so they read as the pane's, not the command's.
    marks = [span for row in view.header for span in row.spans if row.plain[span.start:span.end] == CONTINUES]
    assert marks and all(str(span.style) == "dim" for span in marks)


def colour_of(segments_rows: list[tuple[str, list]], word: str):
    for _, segments in segments_rows:
        for segment in segments:
            if word in segment.text:
                return segment.style.color if segment.style else None
    raise AssertionError(f"{word} not drawn")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_long_command_is_on_screen_whole_and_approved_as_proposed(size, workspace, tmp_path) -> None:
    command, payload = long_command()
    turns = [turn({"action": "run_command", "command": command}), turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path, size=size) as h:
        await h.proposal(1)
        await assert_whole_on_screen(h, command)
        rows = await pane_rows(h)
        # The quoted string keeps its colour on every row it is folded over.
        expected = highlight_lines("command.sh", command, panes_of(h.app).colours()["code-style"])[0]
        string_colour = next(_style(span.style).color for span in expected.spans
                             if expected.plain[span.start:span.end].startswith("'w000"))
        assert string_colour is not None
        last_word = payload.rsplit("-", 1)[1][:4]
        assert colour_of(rows, "w000") == colour_of(rows, last_word) == string_colour
        # Copying the command from the pane gives the command, not its folded rows.
        selected = h.app.query_one(DiffView).get_selection(Selection(None, None))
        assert selected is not None and command in selected[0].split("\n")
        # Folded again to the other size.
        other = SIZES[1] if size == SIZES[0] else SIZES[0]
        await h.pilot.resize_terminal(*other)
        await wait_for(h.pilot, lambda: h.app.size == other, "the resize")
        await assert_whole_on_screen(h, command)
        await h.approve(1)
        await h.confirm_if_high()
        await h.proposal(2)
    assert (workspace.root / "out.txt").read_text() == payload  # byte for byte what was proposed


async def test_a_line_cannot_pretend_to_go_on(workspace, tmp_path) -> None:
    """A `↩` the command writes itself is shown as its code point: only a fold draws the mark, so
    `echo ok↩` followed by a real newline cannot pass for one long `echo`."""
    command = "echo ok" + CONTINUES + "\nrm -rf src"
    async with run_app([turn({"action": "run_command", "command": command})], workspace, tmp_path) as h:
        await h.proposal(1)
        await h.pilot.pause()
        shown = [row.rstrip() for row, _ in await pane_rows(h)]
        assert shown[shown.index("rm -rf src") - 1] == "echo ok" + CONTINUES_LITERAL  # two lines, as run


def test_folding_keeps_every_character_and_fits_the_width() -> None:
    line = Text("ab" + "界" * 7 + "e\u0301" * 5 + "xyz" * 9)
    line.stylize("red", 0, 2)
    for width in (2, 3, 5, 8, 13):
        rows = fold_rows([line], width)
        joined = "".join(row.plain[:-1] if goes_on else row.plain for row, goes_on in rows)
        assert joined == line.plain
        assert all(row.cell_len <= width or row.plain[:-1] == "界" for row, _ in rows)
        assert [goes_on for _, goes_on in rows] == [True] * (len(rows) - 1) + [False]
        assert all(not row.plain.startswith("\u0301") for row, _ in rows)  # an accent stays on its letter
        assert rows[0][0].spans and str(rows[0][0].spans[0].style) == "red"
    (row, goes_on), = fold_rows([Text("short")], 5)  # a line that fits is left alone
    assert row.plain == "short" and not goes_on
