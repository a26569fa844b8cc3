"""What a person notices: text can be selected in the answer and the diff, a HIGH warning never
outlives its proposal, `u` under a pending command keeps the command on screen, the palette
speaks in key names, and small terminals keep the keys and the risk in view."""

from __future__ import annotations

from smallops_tui.ui.widgets.turn_view import TurnView
from smallops_tui.ui.widgets.diff_view import DiffView
from smallops_tui.ui.screens.dialogs import RejectScreen

from ..streams import turn
from ..harness import run_app
from ..waiting import wait_for
from smallops_tui.agent.log.events import Undone
from ..typed import live_screen, panes_of, proposal_text_of

FIXED = "def add(a, b):\n    return a + b\n\n\nprint(add(2, 3))\n"


async def drag(pilot, widget, start: tuple[int, int], end: tuple[int, int]) -> str | None:
    """Press, move and release the mouse over `widget`, at offsets from its content's top left."""
    left, top = widget.content_region.x - widget.region.x, widget.content_region.y - widget.region.y
    start, end = (start[0] + left, start[1] + top), (end[0] + left, end[1] + top)
    await pilot.mouse_down(widget, offset=start)
    await pilot.hover(widget, offset=end)
    await pilot.mouse_up(widget, offset=end)
    await pilot.pause()
    return pilot.app.screen.get_selected_text()


async def test_text_can_be_selected_in_the_answer_and_in_the_diff(workspace, tmp_path) -> None:
    content = "def add(a, b):\n    # selectable line\n    return a + b\n\n\nprint(add(2, 3))\n"
    turns = [turn({"action": "write_file", "path": "main.py", "content": content}, thinking="think about it")]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.proposal(1)
        view = h.app.query_one(TurnView)
        row = next(n for n, (_, component, _) in enumerate(view.rows()) if component == "turn--answer")
        selected = await drag(h.pilot, view, (0, row), (20, row))
        assert selected == view.rows()[row][0][:21]  # exactly the cells dragged over (both ends), not the whole turn
        assert selected.startswith('{"action": "write_fi')
        diff = h.app.query_one(DiffView)
        rows = diff.plain_rows()
        row = next(n for n, text in enumerate(rows) if "selectable line" in text)
        selected = await drag(h.pilot, diff, (0, row), (diff.content_region.width - 1, row))
        assert selected is not None and selected.rstrip().endswith("# selectable line")
        assert "\n" not in selected.strip() and "return" not in selected  # that row only


async def test_the_high_warning_lives_in_the_approval_bar_and_ends_with_its_proposal(workspace, tmp_path) -> None:
    turns = [turn({"action": "run_command", "command": "rm -rf build"}), turn({"action": "list_dir", "path": "."})]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.approve(1)  # the first y of two
        await wait_for(h.pilot, lambda: "press y again" in live_screen(h.app).approval.text, "the HIGH warning")
        assert not any("press y again" in n.message for n in h.app._notifications)  # no toast to outlive it
        await h.pilot.press("n")
        await wait_for(h.pilot, lambda: isinstance(h.app.screen, RejectScreen), "the reason input")
        await h.pilot.press("enter")
        await h.proposal(2)
        assert "press y again" not in live_screen(h.app).approval.text and "y: approve" in live_screen(h.app).approval.text


async def test_undo_under_a_pending_high_command_keeps_the_command_on_screen(workspace, tmp_path) -> None:
    turns = [turn({"action": "write_file", "path": "main.py", "content": FIXED}),
             turn({"action": "run_command", "command": "rm -rf build"}), turn({"action": "done", "summary": "x"})]
    async with run_app(turns, workspace, tmp_path) as h:
        await h.approve(1)
        await h.proposal(2)
        view = h.app.query_one(DiffView)
        before = view.plain_rows()
        assert any("rm -rf build" in row for row in before)
        await h.pilot.press("u")
        await wait_for(h.pilot, lambda: h.events(Undone), "the undo")
        await h.pilot.pause()
        assert view.plain_rows() == before  # the command the person is deciding on, not the undo's diff
        assert live_screen(h.app).awaiting_decision and "rm -rf build" in proposal_text_of(h.app).plain
        assert any("undid the last change to main.py" in text for text in panes_of(h.app).conversation_texts())


async def test_the_command_palette_names_keys_as_a_person_reads_them(workspace, tmp_path) -> None:
    async with run_app([turn({"action": "list_dir", "path": "."})], workspace, tmp_path) as h:
        await h.proposal(1)
        commands = list(h.app.get_system_commands(h.app.screen))
        helps = " ".join(command.help for command in commands)
        assert "key ?" in helps and "key ]" in helps and "key esc" in helps
        assert "question_mark" not in helps and "square_bracket" not in helps


def visible_lines(widget) -> int:
    return widget.content_region.height


async def test_at_80x24_the_keys_and_the_footer_fit(workspace, tmp_path) -> None:
    async with run_app([turn({"action": "run_command", "command": "rm -rf build"})], workspace, tmp_path,
                       size=(80, 24)) as h:
        await h.proposal(1)
        await h.pilot.pause()
        bar = live_screen(h.app).approval
        screen = h.app.screen.region
        assert bar.region.height >= 1 and screen.contains_region(bar.region)
        assert bar.region.width >= len(bar.text)  # the whole hint, not cut
        footer = h.app.query_one("Footer")
        assert footer.region.height == 1 and footer.region.bottom == screen.bottom


async def test_at_60x20_the_risk_reason_stays_visible(workspace, tmp_path) -> None:
    async with run_app([turn({"action": "run_command", "command": "rm -rf build"})], workspace, tmp_path,
                       size=(60, 20)) as h:
        await h.proposal(1)
        await h.pilot.pause()
        lines = proposal_text_of(h.app).plain.split("\n")
        reason = next(n for n, line in enumerate(lines) if "deletes" in line)
        pane = h.app.query_one("#proposal-pane")
        assert pane.scroll_y == 0 and reason < visible_lines(pane)
        assert live_screen(h.app).approval.region.height >= 1
