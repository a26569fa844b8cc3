"""Make fixtures/sessions/ by running the real app (Pilot) against the replay server.

    python -m tests.make_session_fixtures

Each session is a real run of SmallopsApp: the model's replies are recorded stream shapes, the
keys are pressed as a person would, and the log is what the app wrote.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from smallops_tui.agent import Workspace
from smallops_tui.agent.session.loop import SessionConfig
from smallops_tui.backends import OllamaBackend
from smallops_tui.ui.app import SmallopsApp
from smallops_tui.ui.screens.live import LiveScreen
from smallops_tui.ui.screens.dialogs import EditScreen, RejectScreen

from .apps import live_app
from .harness import confirm_if_high
from .conftest import WORKSPACE_FILES, make_files
from .replay_server import ReplayServer, Reply
from .streams import turn
from .taking_turns import fresh_fixed_dir
from .waiting import wait_for
from .typed import live_screen, screen_of

OUT = Path(__file__).resolve().parent.parent / "fixtures" / "sessions"
ROOT = Path("/tmp/smallops-fixture-workspace")
FIXED = "def add(a, b):\n    return a + b\n\n\nprint(add(2, 3))\n"
MAIN = WORKSPACE_FILES["main.py"]

# (reply, what the person does): "y" approve (twice for HIGH), ("n", reason), ("e", new content), "s" stop
Script = list[tuple[Reply, str | tuple[str, str]]]
SESSIONS: dict[str, tuple[str, Script]] = {
    "fix-add-clean": ("fix the bug in main.py", [
        (turn({"action": "read_file", "path": "main.py"}, thinking="Read the file before changing it."), "y"),
        (turn({"action": "write_file", "path": "main.py", "content": FIXED}, thinking="a - b should be a + b."), "y"),
        (turn({"action": "run_command", "command": "python3 main.py"}), "y"),
        (turn({"action": "done", "summary": "add now returns a + b; main.py prints 5"}), "y"),
    ]),
    "every-failure-mode": ("fix the bug in main.py", [
        # schema abandonment: an invented action
        (turn({"action": "fix_bug", "path": "main.py"}, thinking="I will just fix it."), "y"),
        # hallucinated path: a folder that never existed
        (turn({"action": "read_file", "path": "files/main.py"}), "y"),
        # false success on a no-op: the "fix" is byte-for-byte the file
        (turn({"action": "write_file", "path": "main.py", "content": MAIN}), "y"),
        # a failing command, then the same command again (refinement loop)
        (turn({"action": "run_command", "command": "python3 test_main.py"}), "y"),
        (turn({"action": "run_command", "command": "python3  test_main.py"}), "y"),
        # destructive spiral: rewrite the file into something broken (the person rejects it)
        (turn({"action": "write_file", "path": "main.py", "content": "pass\n"}), ("n", "that deletes the whole file")),
        # fabricated command output (a suspicious repair)
        (turn({"action": "run_command", "command": "ls", "output": "main.py test_main.py"}), "y"),
        # task truncation / false success: done right after a failure, with nothing changed on disk
        (turn({"action": "run_command", "command": "python3 test_main.py"}), "y"),
        (turn({"action": "done", "summary": "Fixed the bug and all tests pass."}), "y"),
    ]),
    "edit-undo-error-stop": ("add a comment above the print line", [
        (turn({"action": "write_file", "path": "main.py", "content": "print(add(2, 3))\n"}),
         ("e", "def add(a, b):\n    return a - b\n\n\n# show the result\nprint(add(2, 3))\n")),
        (turn({"action": "list_dir", "path": "."}), "u"),
        (Reply("ollama_error_midstream.ndjson"), "r"),
        (turn({"action": "run_command", "command": "rm -rf build"}), "y"),
        (turn({"action": "done", "summary": "added the comment"}), "s"),
    ]),
}


async def record(name: str, task: str, script: Script, log_path: Path | None = None,
                 screen_class: type[LiveScreen] = LiveScreen) -> LiveScreen:
    """Run one scripted session through the real app; returns its live screen (its log is at
    `log_path`, by default the fixture's own)."""
    log_path = log_path or OUT / f"{name}.jsonl"
    log_path.unlink(missing_ok=True)
    with fresh_fixed_dir(ROOT):
        make_files(ROOT, WORKSPACE_FILES)
        async with ReplayServer({"/api/chat": [reply for reply, _ in script]}) as server:
            async with OllamaBackend(server.url, "qwen2.5-coder:1.5b") as backend:
                app = live_app(backend, Workspace(ROOT), SessionConfig(task=task), backend_label="ollama",
                               log_path=log_path, screen_class=screen_class)
                async with app.run_test(size=(120, 40)) as pilot:
                    await play(app, pilot, name, script)
    assert app.live is not None
    return app.live


async def proposal_waits(app: SmallopsApp, pilot: Pilot[Any], n: int, what: str) -> None:
    """Until the `n`th proposal is on screen, waiting on the person."""
    await wait_for(pilot, lambda: live_screen(app).rendered_proposals >= n and live_screen(app).awaiting_decision, what)


async def play(app: SmallopsApp, pilot: Pilot[Any], name: str, script: Script) -> None:
    """Press the keys of `script` as a person would."""
    shown = 0
    for _, key in script:
        if key == "r":
            await wait_for(pilot, lambda: app.main.check_action("retry", ()), "the error")
            await pilot.press("r")
            continue
        shown += 1
        await proposal_waits(app, pilot, shown, f"{name} {shown}")
        await wait_for(pilot, lambda: live_screen(app).armed, "arming")
        if key == "y":
            await pilot.press("y")
            await confirm_if_high(pilot, app)
        elif key == "s":
            await pilot.press("s")
        elif key == "u":
            # The undo changes the workspace under the waiting proposal, so it is checked again and
            # shown anew (a read or listing too, since af12c0e): approve that one once it is armed.
            await pilot.press("u")
            shown += 1
            await proposal_waits(app, pilot, shown, "undo")
            await wait_for(pilot, lambda: live_screen(app).armed, "arming")
            await pilot.press("y")
        elif key[0] == "n":
            await pilot.press("n")
            await wait_for(pilot, lambda: isinstance(app.screen, RejectScreen), "reason input")
            await pilot.press(*key[1], "enter")
        elif key[0] == "e":
            await pilot.press("e")
            await wait_for(pilot, lambda: isinstance(app.screen, EditScreen), "editor")
            screen_of(app, EditScreen).editor.text = key[1]
            await pilot.press("ctrl+s")
            shown += 1
            await proposal_waits(app, pilot, shown, "edit")
            await wait_for(pilot, lambda: live_screen(app).armed, "arming")
            await pilot.press("y")
    await wait_for(pilot, lambda: app.outcome is not None, f"{name} to end", seconds=120)


async def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (task, script) in SESSIONS.items():
        screen = await record(name, task, script)  # (record returns the live screen, which has no `main`)
        print(screen.state.log_path)


if __name__ == "__main__":
    asyncio.run(main())
