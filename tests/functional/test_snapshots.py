"""SVG snapshots: the three proposal kinds at two sizes in a dark and a light theme, a HIGH command
at 60x20, the side-by-side diff, the help, edit and reject screens, the end of a session, and a
replay at a middle step and at its end.

The workspace sits at a fixed path and the log is off so the pictures do not depend on the run;
the sandbox is pinned (Landlock ABI 7), so the status bar does not depend on the machine's
kernel; no input blinks. Update with `pytest --snapshot-update`, and look at every picture that
changed before committing it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from smallops_tui.agent import Workspace
from smallops_tui.agent.session.loop import SessionConfig
from smallops_tui.agent.history.replay import Replay
from smallops_tui.agent.sandbox.confine import Sandbox
from smallops_tui.backends import OllamaBackend
from smallops_tui.ui.app import SmallopsApp
from smallops_tui.ui.widgets.conversation import Conversation
from smallops_tui.ui.screens.dialogs import EditScreen, HelpScreen, RejectScreen

from ..conftest import SESSIONS, WORKSPACE_FILES, make_files
from ..replay_server import ThreadedReplayServer
from ..streams import turn
from ..taking_turns import fresh_fixed_dir
from ..waiting import wait_for
from ..apps import live_app as one_live_app, replay_app
from ..typed import live_screen, replay_screen

FIXED_ROOT = Path("/tmp/smallops-snapshot-workspace")

REPLIES = {
    "write": turn({"action": "write_file", "path": "main.py",
                   "content": "def add(a, b):\n    # the sum, not the difference\n    return a + b\n\n\nprint(add(2, 3))\n"},
                  thinking="The function subtracts. It should add."),
    "high": turn({"action": "run_command", "command": "rm -rf build && git clean -fdx"}, thinking="Clean everything."),
    "parse": turn('I will fix it: {"action": "fix_bug", "path": "main.py", "output": "fixed"}'),
    "done": turn({"action": "done", "summary": "looked around; nothing to change"}),
}


@pytest.fixture
def fixed_workspace(monkeypatch) -> Iterator[Workspace]:
    monkeypatch.setattr("smallops_tui.agent.session.loop.resolve_sandbox",
                        lambda *a: Sandbox("landlock", abi=7, isolated=True))
    # The path is in the pictures, so it is fixed; two test runs on one machine take turns with it.
    with fresh_fixed_dir(FIXED_ROOT):
        make_files(FIXED_ROOT, WORKSPACE_FILES)
        yield Workspace(FIXED_ROOT)


def live_app(kind: str, workspace: Workspace, server, theme: str = "smallops-dark") -> SmallopsApp:
    backend = OllamaBackend(server.url, "qwen2.5-coder:1.5b")
    return one_live_app(backend, workspace, SessionConfig(task="fix the bug in main.py"), backend_label="ollama",
                       log_path=None, theme=theme)


async def shown(app: SmallopsApp, pilot) -> None:
    await wait_for(pilot, lambda: live_screen(app).rendered_proposals >= 1 and live_screen(app).awaiting_decision, "the proposal")
    await pilot.pause()
    conversation = app.query_one(Conversation)

    def settled() -> bool:
        """The conversation fits, or it is pinned to its newest line (as a person sees it once the
        layout has caught up with the last text)."""
        return conversation.max_scroll_y == 0 or (conversation.is_anchored
                                                  and conversation.scroll_y == conversation.max_scroll_y)

    await wait_for(pilot, settled, "the conversation to show its newest line")
    await pilot.pause()


@pytest.mark.parametrize("theme", ["smallops-dark", "smallops-light"])
@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
@pytest.mark.parametrize("kind", ["write", "high", "parse"])
def test_proposal_snapshot(kind: str, size: tuple[int, int], theme: str, fixed_workspace: Workspace,
                           snap_compare) -> None:
    with ThreadedReplayServer({"/api/chat": [REPLIES[kind]]}) as server:
        app = live_app(kind, fixed_workspace, server, theme)
        assert snap_compare(app, terminal_size=size, run_before=lambda pilot: shown(app, pilot))


def test_high_command_at_60x20_keeps_the_risk_and_the_keys_in_view(fixed_workspace, snap_compare) -> None:
    with ThreadedReplayServer({"/api/chat": [REPLIES["high"]]}) as server:
        app = live_app("high", fixed_workspace, server)
        assert snap_compare(app, terminal_size=(60, 20), run_before=lambda pilot: shown(app, pilot))


def test_side_by_side_diff(fixed_workspace, snap_compare) -> None:
    with ThreadedReplayServer({"/api/chat": [REPLIES["write"]]}) as server:
        app = live_app("write", fixed_workspace, server)

        async def split(pilot) -> None:
            await shown(app, pilot)
            await pilot.press("d")  # unified at this width: d shows the two sides
            await pilot.pause()

        assert snap_compare(app, terminal_size=(160, 40), run_before=split)


@pytest.mark.parametrize("key,screen", [("question_mark", HelpScreen), ("e", EditScreen), ("n", RejectScreen)],
                         ids=["help", "edit", "reject"])
def test_modal_screen(key: str, screen: type, fixed_workspace, snap_compare) -> None:
    with ThreadedReplayServer({"/api/chat": [REPLIES["write"]]}) as server:
        app = live_app("write", fixed_workspace, server)

        async def opened(pilot) -> None:
            await shown(app, pilot)
            await pilot.press(key)
            await wait_for(pilot, lambda: isinstance(app.screen, screen), "the screen")
            await pilot.pause()

        assert snap_compare(app, terminal_size=(120, 40), run_before=opened)


def test_end_of_session(fixed_workspace, snap_compare) -> None:
    with ThreadedReplayServer({"/api/chat": [REPLIES["done"]]}) as server:
        app = live_app("done", fixed_workspace, server)

        async def ended(pilot) -> None:
            await shown(app, pilot)
            await wait_for(pilot, lambda: live_screen(app).armed, "arming")
            await pilot.press("y")
            await wait_for(pilot, lambda: app.outcome is not None, "the end")
            await pilot.pause()

        assert snap_compare(app, terminal_size=(120, 40), run_before=ended)


@pytest.mark.parametrize("where", ["middle", "end"])
def test_replay(where: str, snap_compare) -> None:
    replay = Replay.load(SESSIONS / "every-failure-mode.jsonl")
    app = replay_app(replay)

    async def at(pilot) -> None:
        # The screen shows its first step once mounted: going to another before then was undone by it
        # (a fresh CI run, under load, drew the first steps for "end").
        await wait_for(pilot, lambda: app.screen is replay_screen(app) and replay_screen(app).current >= 1,
                       "the replay's first step")
        target = len(replay.steps) // 2 if where == "middle" else len(replay.steps)
        replay_screen(app).goto(target)
        await wait_for(pilot, lambda: replay_screen(app).current == target and len(replay_screen(app).views) == target,
                       "the step gone to, drawn")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(120, 40), run_before=at)
