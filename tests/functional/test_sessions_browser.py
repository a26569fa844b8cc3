"""The sessions browser, a screen of the one app: the logs newest first, filtered by typing;
enter replays, f forks, x exports, all in the same app; hostile logs are rows, never a crash."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Input

from smallops_tui.ui.app import BrowseStart, SmallopsApp
from smallops_tui.ui.screens.fork_dialog import ForkScreen
from smallops_tui.ui.screens.replay import ReplayScreen
from smallops_tui.ui.screens.sessions import SessionsScreen

from ..session_folders import write_hostile, write_logs
from ..waiting import wait_for


def rows(app: SmallopsApp) -> list[list[str]]:
    table = app.screen.query_one(DataTable)
    return [[cell.plain for cell in table.get_row_at(index)] for index in range(table.row_count)]


def keys(text: str) -> list[str]:
    return ["space" if char == " " else char for char in text]


def browser(app: SmallopsApp) -> SessionsScreen:
    screen = app.screen
    assert isinstance(screen, SessionsScreen)
    return screen


async def test_the_list_is_newest_first_and_typing_filters_it(tmp_path: Path) -> None:
    write_logs(tmp_path, 12, task="task number {n}: {word}")
    app = SmallopsApp(BrowseStart(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: browser(app).loaded, "the logs read")
        shown = rows(app)
        words = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot")
        assert [row[1] for row in shown] == [f"task number {n}: {words[n % 6]}" for n in range(11, -1, -1)]
        assert shown[0][2] == "model-2" and shown[0][3] == "done" and shown[0][4] == "4"
        await pilot.press(*keys("BRAVO"))  # 1 and 7, whatever the case
        await wait_for(pilot, lambda: len(rows(app)) == 2, "the filtered list")
        assert [row[1] for row in rows(app)] == ["task number 7: bravo", "task number 1: bravo"]
        await pilot.press(*keys(" model-1"))  # and the model: 1 and 7 are model-1, 7 is model-1 too
        await wait_for(pilot, lambda: browser(app).shown != [], "both words matched")
        assert [row[1] for row in rows(app)] == ["task number 7: bravo", "task number 1: bravo"]
        await pilot.press(*keys(" model-0"))  # nothing is both
        await wait_for(pilot, lambda: len(rows(app)) == 0, "an empty list")
        assert "0 of 12 shown" in str(app.screen.query_one("#browse-status").render())


async def test_enter_replays_the_session_picked_and_q_comes_back_to_the_list(tmp_path: Path) -> None:
    write_logs(tmp_path, 30)
    app = SmallopsApp(BrowseStart(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: browser(app).loaded, "the logs read")
        await pilot.press(*keys("number 17"), "enter")  # (17's date and file name hold no "number")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.replay.header.task == "task number 17"
        assert replay.current == 1 and app.main is replay
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, SessionsScreen), "back to the list")
        assert app.is_running and app.screen.query_one(Input).value == "number 17"


async def test_x_exports_the_row_under_the_cursor_and_f_offers_its_fork(tmp_path: Path) -> None:
    logs = write_logs(tmp_path, 5)
    app = SmallopsApp(BrowseStart(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: browser(app).loaded, "the logs read")
        await pilot.press("x")  # in the filter, x is text
        assert app.screen.query_one(Input).value == "x" and browser(app).exported is None
        await pilot.press("backspace", "down", "down")  # to the list, then its second row (task 3)
        assert app.screen.query_one(DataTable).has_focus
        await pilot.press("x")
        await wait_for(pilot, lambda: browser(app).exported is not None, "the transcript written")
        assert browser(app).exported == logs[3].with_suffix(".md")
        assert "task number 3" in logs[3].with_suffix(".md").read_text(encoding="utf-8")
        await pilot.press("f")
        await wait_for(pilot, lambda: isinstance(app.screen, ForkScreen), "the fork's dialog")
        fork = app.screen
        assert isinstance(fork, ForkScreen)
        # The fixture ends with `done` at step 4: the last step a session can go on after is 3.
        assert fork.step == 3 and fork.defaults.model == "model-0"
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, SessionsScreen), "back to the list")


async def test_hostile_logs_are_rows_that_say_so_and_markup_in_a_task_is_text(tmp_path: Path) -> None:
    write_logs(tmp_path, 2)
    write_hostile(tmp_path)
    app = SmallopsApp(BrowseStart(tmp_path))
    async with app.run_test(size=(160, 40)) as pilot:
        await wait_for(pilot, lambda: browser(app).loaded, "the logs read")
        shown = rows(app)
        assert len(shown) == 9
        by_outcome = {row[3] for row in shown}
        assert by_outcome == {"done", "cut off", "unreadable"}
        torn = next(row for row in shown if row[3] == "cut off")
        assert torn[1] == "[bold]cut[/bold] off \\x1b[31mred"  # the markup as text, the escape shown
        reasons = " | ".join(row[1] for row in shown if row[3] == "unreadable")
        assert "not a smallops session log" in reasons and "is empty" in reasons
        assert "longer than 4 MiB" in reasons and "is a directory" in reasons
        assert "is a FIFO (named pipe), not a regular file" in reasons and "is a device, not a regular file" in reasons
        await pilot.press("down", "enter")  # the newest row: the link to a device, unreadable
        await pilot.pause()
        assert isinstance(app.screen, SessionsScreen) and app.is_running
