"""The palette's sessions (Pilot): typing part of a logged task finds it among 200; `session: …`
replays it and `fork: …` opens the fork dialog, in the same app; a hostile task is drawn literally."""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandList, CommandPalette

from smallops_tui.ui.app import BrowseStart, SmallopsApp
from smallops_tui.ui.screens.fork_dialog import ForkScreen
from smallops_tui.ui.screens.replay import ReplayScreen
from smallops_tui.ui.screens.sessions import SessionsScreen

from ..session_folders import write_logs
from ..waiting import wait_for
from ..typed import plain, screen_of


def options(app: SmallopsApp) -> list[str]:
    found = app.screen.query(CommandList) if isinstance(app.screen, CommandPalette) else None
    if not found:
        return []
    commands = found.first()
    return [plain(commands.get_option_at_index(i).prompt) for i in range(commands.option_count)]


async def _pick(pilot, app: SmallopsApp, typed: str, first: str) -> None:
    await pilot.press("ctrl+p")
    await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette), "the command palette")
    await pilot.press(*["space" if c == " " else c for c in typed])
    await wait_for(pilot, lambda: bool(options(app)) and options(app)[0].startswith(first), f"{first!r} first")
    await pilot.press("enter")


async def _listed(pilot, app: SmallopsApp) -> None:
    await wait_for(pilot, lambda: isinstance(app.screen, SessionsScreen) and app.screen.loaded, "the list")


async def test_a_session_found_by_typing_among_200_is_replayed(tmp_path: Path) -> None:
    write_logs(tmp_path, 200, task="task number {n}: {word}")
    app = SmallopsApp(BrowseStart(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await _listed(pilot, app)
        await _pick(pilot, app, "session task number 137", "session: ")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        assert screen_of(app, ReplayScreen).replay.header.task.startswith("task number 137:")


async def test_fork_from_the_palette_opens_the_fork_dialog(tmp_path: Path) -> None:
    write_logs(tmp_path, 20, task="task number {n}: {word}")
    app = SmallopsApp(BrowseStart(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await _listed(pilot, app)
        await _pick(pilot, app, "fork task number 12", "fork: ")
        await wait_for(pilot, lambda: isinstance(app.screen, ForkScreen), "the fork dialog")
