"""SVG snapshots of the three proposal kinds, at two sizes, in a dark and a light theme.

The workspace sits at a fixed path and the log is off so the pictures do not depend on the
run; the sandbox is pinned (Landlock ABI 7), so the status bar does not depend on the machine's
kernel; there is no focused input, so no blinking cursor. Update with `pytest --snapshot-update`.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from smallops_tui.agent import Workspace
from smallops_tui.agent.loop import SessionConfig
from smallops_tui.agent.sandbox import Sandbox
from smallops_tui.backends import OllamaBackend
from smallops_tui.ui.app import SmallopsApp

from .conftest import WORKSPACE_FILES, make_files
from .replay_server import ThreadedReplayServer
from .streams import turn
from .waiting import wait_for

FIXED_ROOT = Path("/tmp/smallops-snapshot-workspace")

REPLIES = {
    "write": turn({"action": "write_file", "path": "main.py",
                   "content": "def add(a, b):\n    # the sum, not the difference\n    return a + b\n\n\nprint(add(2, 3))\n"},
                  thinking="The function subtracts. It should add."),
    "high": turn({"action": "run_command", "command": "rm -rf build && git clean -fdx"}, thinking="Clean everything."),
    "parse": turn('I will fix it: {"action": "fix_bug", "path": "main.py", "output": "fixed"}'),
}


@pytest.fixture
def fixed_workspace() -> Workspace:
    shutil.rmtree(FIXED_ROOT, ignore_errors=True)
    FIXED_ROOT.mkdir(parents=True)
    make_files(FIXED_ROOT, WORKSPACE_FILES)
    return Workspace(FIXED_ROOT)


@pytest.mark.parametrize("theme", ["smallops-dark", "smallops-light"])
@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
@pytest.mark.parametrize("kind", ["write", "high", "parse"])
def test_proposal_snapshot(kind: str, size: tuple[int, int], theme: str, fixed_workspace: Workspace, snap_compare,
                           monkeypatch) -> None:
    monkeypatch.setattr("smallops_tui.agent.loop.resolve_sandbox", lambda *a: Sandbox("landlock", abi=7))
    with ThreadedReplayServer({"/api/chat": [REPLIES[kind]]}) as server:
        backend = OllamaBackend(server.url, "qwen2.5-coder:1.5b")
        app = SmallopsApp(backend, fixed_workspace, SessionConfig(task="fix the bug in main.py"),
                          backend_label="ollama", log_path=None, theme=theme)

        async def until_shown(pilot) -> None:
            await wait_for(pilot, lambda: app.rendered_proposals >= 1 and app.awaiting_decision, "the proposal")
            await pilot.pause()

        assert snap_compare(app, terminal_size=size, run_before=until_shown)
